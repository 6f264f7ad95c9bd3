import type { Db } from '../../db/database.js';
import { readSetting } from '../../settings/read.js';
import { OWING, PERIODICITIES, type Periodicity, periodsOf } from '../dues/public.js';
import { lisbonDay } from '../../../core/days.js';

const addYears = (day: string, years: number): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // The day before the same date `years` later: a card issued on 2026-03-15 for a year ends 2027-03-14.
  const end = new Date(Date.UTC(y + years, m - 1, d - 1));
  return end.toISOString().slice(0, 10);
};

interface QuotaRow {
  year: number;
  period: number;
  status: string;
  due_date: string;
  periodicity: string | null;
  due_day: number | null;
}

/** The last day of a quota's period; a quota raised by hand, without a schedule, counts for its year. */
function periodEnd(row: QuotaRow): string {
  const periodicity = PERIODICITIES.find((p): p is Periodicity => p === row.periodicity);
  if (!periodicity) return `${row.year}-12-31`;
  const period = periodsOf(row.year, periodicity, row.due_day ?? 1).find((p) => p.period === row.period);
  return period?.end ?? `${row.year}-12-31`;
}

/** A member's quotas in period order (annulled ones left out), numbers as numbers. */
async function quotaRows(db: Db, member: number): Promise<QuotaRow[]> {
  const rows = (await db
    .selectFrom('unsettled_payments as d')
    .leftJoin('fee_schedules as s', 's._id', 'd.schedule')
    .select(['d.year', 'd.period', 'd.status', 'd.due_date', 's.periodicity', 's.due_day'])
    .where('d.member', '=', member)
    .where('d.kind', '=', 'quota')
    .where('d.status', '!=', 'annulled')
    .orderBy('d.year')
    .orderBy('d.period')
    .execute()) as unknown as QuotaRow[];
  return rows.map((row) => ({ ...row, year: Number(row.year), period: Number(row.period), due_day: row.due_day === null ? null : Number(row.due_day) }));
}

/**
 * The end of the last fully paid quota period, walking the member's quotas in order and stopping
 * at the first that still owes something (a paid later year does not bridge an unpaid one).
 * Waived quotas count as settled; annulled ones are skipped. Null: no quota paid yet.
 */
async function paidUntil(db: Db, member: number): Promise<string | null> {
  let until: string | null = null;
  for (const row of await quotaRows(db, member)) {
    if ((OWING as readonly string[]).includes(row.status)) break;
    until = periodEnd(row);
  }
  return until;
}

export type Validity = { until: string } | { missing: string };

/**
 * A new card's valid-until under the association's rule: the end of the last paid quota period,
 * or a number of years from the issue date. Members of an exempt category owe no quota, so the
 * years rule applies to them whatever the setting.
 */
export async function cardValidity(db: Db, member: number, exempt: boolean, now: number): Promise<Validity> {
  const rule = await readSetting(db, 'cardValidityRule');
  if (rule === 'years' || exempt) return { until: addYears(lisbonDay(now), await readSetting(db, 'membershipCardValidityYears')) };
  const until = await paidUntil(db, member);
  return until ? { until } : { missing: 'quotas pagas: o cartão vale até ao fim do último período de quotas pago e ainda não há nenhum' };
}

/**
 * A newcomer's first card under the 'paid' rule, issued on admission before any payment: valid
 * to the end of their first quota period, as if that quota were paid. Once it falls due unpaid,
 * the verification already answers 'Quotas em atraso'. Null: no quota raised (no schedule).
 */
export async function newcomerValidity(db: Db, member: number): Promise<Validity | null> {
  const [first] = await quotaRows(db, member);
  return first ? { until: periodEnd(first) } : null;
}
