import { sql } from 'kysely';
import type { Db, Row } from '../../db/database.js';
import { coded } from '../../errors.js';
import type { HookContext, WriteHooks } from '../../resources/define.js';
import { readSetting } from '../../settings/read.js';
import { refreshBalances } from './balances.js';
import { announceLedger } from './announce.js';
import { applyCredit, HOUSEHOLD_KEY_PREFIX, raiseDebt } from './ledger.js';
import { OWING } from './debts.js';
import { firstQuotaAmount, periodsOf, type Periodicity } from './periods.js';
import { lisbonDay } from '../../../core/days.js';
import { endsMembership } from '../reference/public.js';

interface Schedule {
  _id: number;
  amount: number;
  periodicity: Periodicity;
  due_day: number;
  joining_fee: number;
  capital: number;
  exempt: number;
}

async function scheduleFor(db: Db, category: number, year: number): Promise<Schedule | undefined> {
  return (await db
    .selectFrom('fee_schedules as s')
    .innerJoin('fee_categories as c', 'c._id', 's.category')
    .select(['s._id', 's.amount', 's.periodicity', 's.due_day', 's.joining_fee', 's.capital', 'c.exempt'])
    .where('s.category', '=', category)
    .where('s.year', '=', year)
    .executeTakeFirst()) as Schedule | undefined;
}

/**
 * A newcomer's first debts, in the member's creation transaction: the joining fee, the capital
 * subscription (cooperatives) and the quotas of the admission year from the admission's period
 * on, the first one in full or pro rata as the setting says. Exempt categories and exempt members owe no quota.
 */
async function raiseFirstDebts(hook: HookContext, member: Row): Promise<number[]> {
  if (member.fee_category === null || member.fee_category === undefined) return [];
  if (await endsMembership(hook.db, member.state)) return [];
  const now = hook.ctx.now();
  const admission = member.admission_date ? String(member.admission_date) : lisbonDay(now);
  const year = Number(admission.slice(0, 4));
  const schedule = await scheduleFor(hook.db, Number(member.fee_category), year);
  if (!schedule) return [];
  const id = Number(member._id);
  const raised: number[] = [];
  const raise = async (kind: 'joia' | 'capital' | 'quota', period: number, amount: number, dueDate: string, description: string) => {
    if (amount <= 0) return;
    const debt = await raiseDebt(hook.db, { member: id, kind, year, period, amount, dueDate, description, schedule: schedule._id }, now);
    if (debt !== null) raised.push(debt);
  };
  await raise('joia', 1, Number(schedule.joining_fee), admission, `Jóia ${year}`);
  await raise('capital', 1, Number(schedule.capital), admission, `Subscrição de capital ${year}`);
  if (!Number(schedule.exempt) && !Number(member.dues_exempt)) {
    const rule = await readSetting(hook.db, 'firstQuotaRule');
    const periods = periodsOf(year, schedule.periodicity, Number(schedule.due_day)).filter((p) => p.end >= admission);
    for (const [index, period] of periods.entries()) {
      const amount = index === 0 ? firstQuotaAmount(Number(schedule.amount), period, admission, rule === 'full' ? 'full' : 'prorata') : Number(schedule.amount);
      await raise('quota', period.period, amount, period.due < admission ? admission : period.due, period.label);
    }
  }
  return raised;
}

/**
 * A member who joins or leaves a household takes their owing debts along (issue 34): from now
 * on the household's payer pays them, or no longer does. A household's own quota stays charged
 * to its household, and what was paid keeps the household it was paid as.
 */
async function followHousehold(hook: HookContext, member: number, household: unknown): Promise<void> {
  const moved = await hook.db
    .updateTable('unsettled_payments')
    .set({ household: household === null || household === undefined ? null : Number(household), updated_at: new Date(hook.ctx.now()).toISOString(), _version: sql`_version + 1` })
    .where('member', '=', member)
    .where('status', 'in', OWING)
    .where((eb) => eb.or([eb('dedupe_key', 'is', null), eb('dedupe_key', 'not like', `${HOUSEHOLD_KEY_PREFIX}%`)]))
    .returning('_id')
    .execute();
  if (moved.length > 0) announceLedger(hook, [member], moved.map((row) => ({ resource: 'unsettled_payments' as const, id: Number(row._id) })));
}

/**
 * What the dues module adds to members: first debts on admission; balance rows follow renames and
 * category changes; a member with payments cannot be deleted (the ledger keeps its history), one
 * without takes their unpaid debts along.
 */
export const memberLedgerHooks: WriteHooks = {
  async beforeDelete(hook, existing) {
    const id = Number(existing._id);
    const paid = await hook.db.selectFrom('payments').select('_id').where('member', '=', id).limit(1).executeTakeFirst();
    if (paid) throw coded(409, 'in_use', 'Este sócio tem pagamentos registados e não pode ser apagado: mude o seu estado (por exemplo, Desistente).');
    // A household this member paid for keeps going: it needs another payer (households.ts says so on its next edit).
    await hook.db.updateTable('households').set({ payer_member: null }).where('payer_member', '=', id).execute();
    await hook.db.deleteFrom('member_balances').where('_id', '=', id).execute();
    await hook.db.deleteFrom('unsettled_payments').where('member', '=', id).execute();
  },
  async afterWrite(hook, record, existing) {
    const id = Number(record._id);
    if (existing && record.household !== existing.household) await followHousehold(hook, id, record.household);
    const raised = existing ? [] : await raiseFirstDebts(hook, record);
    if (!existing && raised.length === 0) return;
    if (existing && ['name', 'number', 'fee_category'].every((name) => record[name] === existing[name])) return;
    if (raised.length > 0) await applyCredit(hook.db, id, hook.ctx.now());
    await refreshBalances(hook.db, hook.ctx.now(), [id]);
    announceLedger(hook, [id], [...raised.map((debt) => ({ resource: 'unsettled_payments' as const, id: debt, action: 'created' as const })), { resource: 'member_balances', id }]);
  },
};
