import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { invalidRecord } from '../../errors.js';
import { isOwed, NOT_THE_HOUSEHOLDS_DEBT, OWING } from '../dues/public.js';

// Which debts a household's payer may ask one reference for (issue 34): the owing debts of the
// household's members (members.household) and those charged to the household itself
// (unsettled_payments.household, a per-household quota). One rule, read by the staff's request,
// the payer's dashboard and the payer's payment link alike.

/** A household's debt as its payer sees it: whose it is, what for, what is still open. */
export interface HouseholdDebt {
  id: number;
  member: { id: number; name: string; number: number | null };
  description: string;
  due_date: string;
  open_amount: number;
  /** Due already (owed.ts); false: not yet due, it may be paid before. */
  owed: boolean;
}

/** The households a member pays for (payer_member), by name. */
async function payerHouseholds(db: Db, member: number): Promise<{ id: number; name: string }[]> {
  const rows = await db.selectFrom('households').select(['_id', 'name']).where('payer_member', '=', member).orderBy('name').orderBy('_id').execute();
  return rows.map((row) => ({ id: Number(row._id), name: String(row.name) }));
}

/** Whether `member` is the payer of `household`: only then may they ask for its debts (own and link routes). */
export async function paysFor(db: Db, member: number, household: number): Promise<boolean> {
  return Boolean(await db.selectFrom('households').select('_id').where('_id', '=', household).where('payer_member', '=', member).executeTakeFirst());
}

/** The owing debts a household's payer may pay: its members' and those charged to it. */
function householdDebtsQuery(db: Db, household: number) {
  return db
    .selectFrom('unsettled_payments as d')
    .innerJoin('members as m', 'm._id', 'd.member')
    .where('d.status', 'in', OWING)
    .where((eb) => eb.or([eb('d.household', '=', household), eb('m.household', '=', household)]));
}

/** The open amount of the chosen debts, all owing and the household's; a field error otherwise. */
export async function quoteHousehold(db: Db, household: number, debts: readonly number[]): Promise<number> {
  const rows = await householdDebtsQuery(db, household)
    .select(['d._id', sql<number>`d.amount - d.paid`.as('open')])
    .where('d._id', 'in', debts.length > 0 ? debts : [0])
    .execute();
  if (rows.length !== debts.length) throw invalidRecord({ debts: NOT_THE_HOUSEHOLDS_DEBT });
  return rows.reduce((sum, row) => sum + Number(row.open), 0);
}

/** What the household owes, oldest due first, each debt with its member's name and number. */
async function householdDebts(db: Db, household: number, today: string): Promise<HouseholdDebt[]> {
  const rows = await householdDebtsQuery(db, household)
    .select(['d._id', 'd.description', 'd.due_date', 'd.status', 'm._id as member_id', 'm.name', 'm.number', sql<number>`d.amount - d.paid`.as('open')])
    .orderBy('d.due_date')
    .orderBy('m.number')
    .orderBy('d._id')
    .execute();
  return rows.map((row) => ({
    id: Number(row._id),
    member: { id: Number(row.member_id), name: String(row.name), number: row.number === null || row.number === undefined ? null : Number(row.number) },
    description: String(row.description ?? ''),
    due_date: String(row.due_date),
    open_amount: Number(row.open),
    owed: isOwed({ due_date: String(row.due_date), status: String(row.status) }, today),
  }));
}

/** Every household `member` pays for, with what it owes and the total due now (the dashboard and the payment link show them). */
export async function payerHouseholdDebts(db: Db, member: number, today: string) {
  const households = await payerHouseholds(db, member);
  return Promise.all(
    households.map(async (household) => {
      const debts = await householdDebts(db, household.id, today);
      return { ...household, debts, total: debts.filter((debt) => debt.owed).reduce((sum, debt) => sum + debt.open_amount, 0) };
    }),
  );
}

