import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { discounted, periodsPerYear, type FeeCharge, type Periodicity } from '../dues/public.js';
import type { StateSets } from './sql-parts.js';
import { moveOf } from './sql-parts.js';

/** What households change in a category's expected year (issue 34), as generation charges them. */
export interface HouseholdAdjustment {
  /** Households charged once for the category (a per-household category). */
  households: number;
  /** Members paying the household discount (a per-member category with one). */
  discounted: number;
  /** Cents to add to members × yearly quota (negative: households pay less than their members would). */
  delta: number;
}

interface ChargeRule {
  year: number;
  category: number;
  amount: number;
  periodicity: Periodicity;
  charge: FeeCharge;
  percent: number;
  from: number;
}

export const adjustmentKey = (year: number, category: number) => `${year}:${category}`;

/**
 * For each expected year and category whose schedule charges per household or with a household
 * discount: the members active on the cut-off day who are in a household (not exempt themselves,
 * as generation leaves those out), by household and member number, and what that changes. No
 * such category, no query over the members: most associations never pay for this.
 */
export async function householdAdjustments(db: Db, sets: StateSets, cutoffs: readonly { year: number; cutoff: string }[]): Promise<Map<string, HouseholdAdjustment>> {
  const adjustments = new Map<string, HouseholdAdjustment>();
  const years = cutoffs.map((c) => c.year + 1);
  if (years.length === 0) return adjustments;
  const rules = (
    await db
      .selectFrom('fee_schedules as s')
      .innerJoin('fee_categories as c', 'c._id', 's.category')
      .select(['s.year', 's.category', 's.amount', 's.periodicity', 'c.charge', 'c.household_discount_percent as percent', 'c.household_discount_from as from'])
      .where('s.year', 'in', years)
      .where('c.exempt', '=', 0)
      .where((eb) => eb.or([eb('c.charge', '=', 'household'), eb('c.household_discount_percent', '>', 0)]))
      .orderBy('s._id')
      .execute()
  ).map((r) => ({ ...r, year: Number(r.year), category: Number(r.category), amount: Number(r.amount), percent: Number(r.percent), from: Number(r.from) }) as ChargeRule);
  if (rules.length === 0) return adjustments;
  // The report counts a category at its dearest schedule of the year; so does this.
  const ruleOf = new Map<string, ChargeRule>();
  for (const rule of rules) {
    const key = adjustmentKey(rule.year, rule.category);
    const known = ruleOf.get(key);
    if (!known || rule.amount * periodsPerYear(rule.periodicity) > known.amount * periodsPerYear(known.periodicity)) ruleOf.set(key, rule);
  }
  const { admitted, ended } = moveOf(sets);
  for (const { year, cutoff } of cutoffs) {
    const categories = [...new Set(rules.filter((r) => r.year === year + 1).map((r) => r.category))];
    if (categories.length === 0) continue;
    // Each household's active members in each category: only how many matters, as the discount
    // goes to every member from the Nth on, whoever they are.
    const groups = await sql<{ category: number; household: number; n: number }>`
      SELECT a.category, a.household, count(*) AS n FROM (
        SELECT m._id, m.household, m.fee_category AS category
        FROM member_state_history h JOIN members m ON m._id = h.member
        WHERE m.household IS NOT NULL AND m.dues_exempt = 0 AND m.fee_category IN (${sql.join(categories)})
          AND h.date <= ${cutoff} AND (${admitted} OR ${ended})
        GROUP BY m._id, m.household, m.fee_category
        HAVING SUM(CASE WHEN ${admitted} THEN 1 ELSE -1 END) > 0
      ) a
      GROUP BY a.category, a.household
    `.execute(db);
    for (const group of groups.rows) {
      const category = Number(group.category);
      const rule = ruleOf.get(adjustmentKey(year + 1, category));
      if (!rule) continue;
      const members = Number(group.n);
      const periods = periodsPerYear(rule.periodicity);
      const key = adjustmentKey(year + 1, category);
      const adjustment = adjustments.get(key) ?? { households: 0, discounted: 0, delta: 0 };
      if (rule.charge === 'household') {
        // One quota for the household instead of one per member.
        adjustment.households += 1;
        adjustment.delta -= (members - 1) * rule.amount * periods;
      } else {
        const later = Math.max(0, members - (rule.from - 1));
        adjustment.discounted += later;
        adjustment.delta -= later * (rule.amount - discounted(rule.amount, rule.percent)) * periods;
      }
      adjustments.set(key, adjustment);
    }
  }
  return adjustments;
}
