import { sql } from 'kysely';
import type { Db, Row } from '../../db/database.js';
import { coded, invalidRecord } from '../../errors.js';
import type { ServerContext } from '../../context.js';
import { compiledOnce } from '../../db/compiled-once.js';
import { computedSelections } from '../../fields/index.js';
import { OWING, type DebtKind, type DebtStatus } from './debts.js';
import { payments } from './payments.js';
import { paymentReceipts } from './payment-receipts-port.js';
import { addReceiptTotals, annulledFrom, type ReceiptDelta } from './receipt-totals.js';

// The ledger's writes. Every function takes the caller's transaction; none commits. Debts'
// `paid`/`status` and payments' `allocated` are rewritten here together with the allocation rows
// they sum, so they always agree with them (the property test checks it).

const iso = (now: number) => new Date(now).toISOString();
const conflict = (message: string) => coded(409, 'ledger_conflict', message);

interface Debt {
  _id: number;
  member: number;
  year: number;
  amount: number;
  paid: number;
  status: DebtStatus;
  due_date: string;
  /** What a receipt's line says of it. */
  kind: string;
  description: string;
  dedupeKey: string | null;
}

/** What the receipt totals need to know of the payment an allocation comes from. */
interface Paying {
  _id: number;
  method: string;
  date: string;
}

const paying = (row: Row): Paying => ({ _id: Number(row._id), method: String(row.method), date: String(row.date) });

const asDebt = (row: Row): Debt => ({
  _id: Number(row._id),
  member: Number(row.member),
  year: Number(row.year),
  amount: Number(row.amount),
  paid: Number(row.paid),
  status: row.status as DebtStatus,
  due_date: String(row.due_date),
  kind: String(row.kind),
  description: String(row.description),
  dedupeKey: row.dedupe_key === null || row.dedupe_key === undefined ? null : String(row.dedupe_key),
});

// The statements every recorded payment runs, compiled once (decision 0054): building and
// compiling them cost about as much as SQLite takes to run them.
const owingOf = compiledOnce((db: Db, member: number) => db.selectFrom('unsettled_payments').selectAll().where('member', '=', member).where('status', 'in', OWING).orderBy('due_date').orderBy('_id'));
const allocationOf = compiledOnce((db: Db, payment: number, debt: number) => db.selectFrom('payment_allocations').select(['_id', 'amount']).where('payment', '=', payment).where('debt', '=', debt));
const insertAllocation = compiledOnce((db: Db, payment: number, debt: number, member: number, amount: number, stamp: string) =>
  db.insertInto('payment_allocations').values({ payment, debt, member, amount, created_at: stamp, updated_at: stamp, _version: 1 }),
);
const debtPaid = compiledOnce((db: Db, id: number, paid: number, status: DebtStatus, stamp: string) =>
  db.updateTable('unsettled_payments').set({ paid, status, updated_at: stamp, _version: sql`_version + 1` }).where('_id', '=', id),
);
const paymentAllocated = compiledOnce((db: Db, id: number, amount: number, stamp: string) =>
  db.updateTable('payments').set({ allocated: sql`allocated + ${amount}`, updated_at: stamp, _version: sql`_version + 1` }).where('_id', '=', id),
);
const insertPayment = compiledOnce(
  (db: Db, member: number, household: number | null, date: string, amount: number, allocated: number, method: string, reference: string | null, notes: string | null, recordedBy: number | null, externalId: string | null, stamp: string) =>
    db
      .insertInto('payments')
      .values({ member, household, date, amount, allocated, method, reference, notes, recorded_by: recordedBy, external_id: externalId, created_at: stamp, updated_at: stamp, _version: 1 })
      // The row as readRow reads it (its columns and computed fields): nothing the payment's
      // action does afterwards changes it, so the action answers it without reading it again.
      .returningAll()
      .returning(computedSelections(payments)),
);

/** A member's debts that still owe something, oldest due first, locked on PostgreSQL. */
async function owingDebts(db: Db, member: number, ids?: readonly number[]): Promise<Debt[]> {
  if (!ids) return (await owingOf(db, member)).rows.map(asDebt);
  let query = db
    .selectFrom('unsettled_payments')
    .selectAll()
    .where('member', '=', member)
    .where('status', 'in', OWING)
    .orderBy('due_date')
    .orderBy('_id');
  if (ids) query = query.where('_id', 'in', ids.length > 0 ? ids : [0]);
  return (await query.execute()).map(asDebt);
}

/**
 * What a household's payer may pay (issue 34): the owing debts of its members (members.household)
 * and those charged to it (unsettled_payments.household), oldest due first.
 */
async function householdOwingDebts(db: Db, household: number, ids?: readonly number[]): Promise<Debt[]> {
  let query = db
    .selectFrom('unsettled_payments')
    .selectAll()
    .where('status', 'in', OWING)
    .where((eb) => eb.or([eb('household', '=', household), eb('member', 'in', eb.selectFrom('members').select('_id').where('household', '=', household))]))
    .orderBy('due_date')
    .orderBy('_id');
  if (ids) query = query.where('_id', 'in', ids.length > 0 ? ids : [0]);
  return (await query.execute()).map(asDebt);
}

/** The owing debts a payment may pay: its household's when it is a household's, else its member's. */
const payableDebts = (db: Db, payment: { member: number; household: number | null }, ids?: readonly number[]): Promise<Debt[]> =>
  payment.household === null ? owingDebts(db, payment.member, ids) : householdOwingDebts(db, payment.household, ids);

/** The field error of a debt outside the household's, in pt-PT: the ledger's, and the payer's request for a reference (collecting). */
export const NOT_THE_HOUSEHOLDS_DEBT = 'Só pode escolher dívidas em aberto dos sócios deste agregado.';
export const HOUSEHOLD_MISSING = 'Este agregado não existe.';
const HOUSEHOLD_WITHOUT_PAYER = 'Este agregado não tem quem pague: indique um sócio pagador, ou o nome e o NIF de um contacto.';
const HOUSEHOLD_WITHOUT_MEMBERS = 'Este agregado não tem sócios: não há dívidas que pagar.';

/**
 * The member a household's payment is recorded on (payments.member, who keeps its credit and
 * reads its receipt): the household's payer when a member, else its lowest-numbered member. A
 * household without a payer who can be named on a receipt (a member, or a contact with name and
 * NIF) or without members is a field error of `household`.
 */
export async function householdPayingMember(db: Db, household: number): Promise<number> {
  const row = await db.selectFrom('households').select(['payer_member', 'payer_name', 'payer_nif']).where('_id', '=', household).executeTakeFirst();
  if (!row) throw invalidRecord({ household: HOUSEHOLD_MISSING });
  if (row.payer_member !== null) return Number(row.payer_member);
  if (!row.payer_name?.trim() || !row.payer_nif?.trim()) throw invalidRecord({ household: HOUSEHOLD_WITHOUT_PAYER });
  const first = await db.selectFrom('members').select('_id').where('household', '=', household).orderBy('number').orderBy('_id').limit(1).executeTakeFirst();
  if (!first) throw invalidRecord({ household: HOUSEHOLD_WITHOUT_MEMBERS });
  return Number(first._id);
}

async function setDebtPaid(db: Db, debt: Debt, paid: number, now: number): Promise<void> {
  const status: DebtStatus = paid === 0 ? 'open' : paid >= debt.amount ? 'paid' : 'partial';
  await debtPaid(db, debt._id, paid, status, iso(now));
}

async function addAllocation(db: Db, from: Paying, debt: Debt, amount: number, now: number): Promise<void> {
  const stamp = iso(now);
  const payment = from._id;
  const [existing] = (await allocationOf(db, payment, debt._id)).rows;
  if (existing) {
    await db
      .updateTable('payment_allocations')
      .set({ amount: existing.amount + amount, updated_at: stamp, _version: sql`_version + 1` })
      .where('_id', '=', existing._id)
      .execute();
  } else {
    await insertAllocation(db, payment, debt._id, debt.member, amount, stamp);
  }
  await setDebtPaid(db, debt, debt.paid + amount, now);
  await addReceiptTotals(db, [{ basis: 'accrual', debtYear: debt.year, method: from.method, date: from.date, countsFrom: from.date, amount }]);
  await paymentAllocated(db, payment, amount, stamp);
}

export interface Allocation {
  debt: number;
  amount: number;
}

/**
 * Spreads `available` cents of a payment over debts, each up to what it still owes: the debts
 * named (in due order), or all the member's owing debts oldest first. What is left stays on the
 * payment as credit.
 */
async function spread(db: Db, payment: Paying, debts: Debt[], available: number, now: number): Promise<Allocation[]> {
  const made: Allocation[] = [];
  for (const { debt, amount } of plan(debts, available)) {
    await addAllocation(db, payment, debt, amount, now);
    made.push({ debt: debt._id, amount });
  }
  return made;
}

export interface RecordPayment {
  /** The member paying; exactly one of `member` and `household`. */
  member?: number | null;
  /**
   * A household's payer paying (issue 34): `debts` may be any owing debts of its members or
   * charged to it (absent: all of them, oldest due first); the payment is recorded on the
   * member householdPayingMember names, with `household` set, and its receipt names the payer.
   */
  household?: number | null;
  date: string;
  amount: number;
  method: string;
  reference?: string | null;
  notes?: string | null;
  /** The debts the payer chose; absent: oldest owing debts first. */
  debts?: readonly number[];
  recordedBy: number | null;
  externalId?: string | null;
  /** False: no receipt is issued with it (a payment brought from an imported history, decision 0050). */
  issueReceipt?: boolean;
}

/**
 * Records a payment and allocates it, then issues its receipt in the same transaction when the
 * treasury is on and auto-issue too (every path that records a payment comes through here: the
 * staff action, provider callbacks, reconciliation imports, direct debits). Returns the
 * payment's id, its allocations, the credit it leaves and the receipt (or null).
 */
export async function recordPayment(db: Db, input: RecordPayment, ctx: Pick<ServerContext, 'config' | 'files' | 'now'>): Promise<RecordedPayment> {
  const now = ctx.now();
  const given = (value: number | null | undefined): value is number => value !== null && value !== undefined;
  if (given(input.member) === given(input.household)) {
    throw invalidRecord(given(input.member) ? { household: 'Indique o sócio ou o agregado que paga, não os dois.' } : { member: 'Indique o sócio ou o agregado que paga.' });
  }
  const household = given(input.household) ? Number(input.household) : null;
  const member = household === null ? Number(input.member) : await householdPayingMember(db, household);
  let targets: Debt[] | undefined;
  if (input.debts) {
    targets = await payableDebts(db, { member, household }, input.debts);
    const found = new Set(targets.map((d) => d._id));
    const foreignOrClosed = input.debts.filter((id) => !found.has(Number(id)));
    if (foreignOrClosed.length > 0) {
      throw invalidRecord({ debts: household === null ? 'Só pode escolher dívidas em aberto deste sócio.' : NOT_THE_HOUSEHOLDS_DEBT });
    }
  }
  const stamp = iso(now);
  // Spread first, in memory: the payment is written with its allocated sum, each allocation once,
  // and nothing is read back (a new payment has no allocation to add to).
  const owing = targets ?? (await payableDebts(db, { member, household }));
  const planned = plan(owing, input.amount);
  const allocated = planned.reduce((sum, a) => sum + a.amount, 0);
  const inserted = await insertPayment(db, member, household, input.date, input.amount, allocated, input.method, input.reference ?? null, input.notes ?? null, input.recordedBy, input.externalId ?? null, stamp);
  const row = inserted.rows[0] as Row;
  const payment = Number(row._id);
  if (planned.length === 1) await insertAllocation(db, payment, planned[0]!.debt._id, planned[0]!.debt.member, planned[0]!.amount, stamp);
  else if (planned.length > 1) {
    await db
      .insertInto('payment_allocations')
      .values(planned.map(({ debt, amount }) => ({ payment, debt: debt._id, member: debt.member, amount, created_at: stamp, updated_at: stamp, _version: 1 })))
      .execute();
  }
  for (const { debt, amount } of planned) await setDebtPaid(db, debt, debt.paid + amount, now);
  await addReceiptTotals(db, [
    { basis: 'cash', debtYear: null, method: input.method, date: input.date, countsFrom: input.date, amount: input.amount },
    ...planned.map(({ debt, amount }): ReceiptDelta => ({ basis: 'accrual', debtYear: debt.year, method: input.method, date: input.date, countsFrom: input.date, amount })),
  ]);
  const allocations = planned.map(({ debt, amount }) => ({ debt: debt._id, amount }));
  // Its receipt's content is read now, with the rows it documents; its number is taken by issueReceipt.
  const pending =
    input.issueReceipt === false
      ? null
      : await paymentReceipts.use().prepareOnPayment(db, ctx, { payment, member, household, amount: input.amount, method: input.method, allocations: planned }, input.recordedBy);
  let issued: Promise<Row | null> | undefined;
  const issueReceipt = () => (issued ??= pending ? pending.issue() : Promise.resolve(null));
  const members = [...new Set([member, ...planned.map((a) => a.debt.member)])].sort((a, b) => a - b);
  return { payment, row, member, members, allocations, credit: input.amount - allocated, issueReceipt };
}

/** How `available` cents spread over debts in the order given, each up to what it still owes. */
function plan(debts: readonly Debt[], available: number): { debt: Debt; amount: number }[] {
  const planned: { debt: Debt; amount: number }[] = [];
  let left = available;
  for (const debt of debts) {
    if (left <= 0) break;
    const amount = Math.min(left, debt.amount - debt.paid);
    if (amount <= 0) continue;
    planned.push({ debt, amount });
    left -= amount;
  }
  return planned;
}

export interface RecordedPayment {
  payment: number;
  /** The payment's row as recorded, with its computed fields (what readRow would read of it now). */
  row: Row;
  /** The member the payment is recorded on (payments.member). */
  member: number;
  /** Every member whose ledger it moved (its own member and each member a debt it paid is of), by id: balances to refresh. */
  members: number[];
  allocations: Allocation[];
  /** What is left on the payment, in cents. */
  credit: number;
  /**
   * Numbers the payment's receipt (treasury on, auto-issue on), read when the payment was
   * recorded, in the same transaction, and answers it; null when none is due. Every path that
   * records a payment calls it once its other writes are done, just before its commit: on
   * PostgreSQL the series row is locked from the number to the commit, so concurrent payments
   * wait for each other only that long. Numbers once, however often called.
   */
  issueReceipt(): Promise<Row | null>;
}

/** Uses the member's credit (unallocated amounts of valid payments, oldest first) on their owing debts. */
export async function applyCredit(db: Db, member: number, now: number): Promise<Allocation[]> {
  // A household's payment recorded on this member pays their own debts here too: its credit
  // goes to the other members' debts only at the staff's word (allocateCredit), whose ledgers
  // the caller then refreshes.
  const withCredit = await db
    .selectFrom('payments')
    .select(['_id', 'amount', 'allocated', 'method', 'date'])
    .where('member', '=', member)
    .where('annulled_at', 'is', null)
    .where(sql<boolean>`amount > allocated`)
    .orderBy('date')
    .orderBy('_id')
    .execute();
  const made: Allocation[] = [];
  for (const payment of withCredit) {
    const owing = await owingDebts(db, member);
    if (owing.length === 0) break;
    made.push(...(await spread(db, paying(payment), owing, payment.amount - payment.allocated, now)));
  }
  return made;
}

/** Allocates part of a payment's credit to one debt of the same member (of the household, for a household's payment), at the staff's word. */
export async function allocateCredit(db: Db, payment: Row, debtId: number, amount: number, now: number): Promise<Allocation> {
  if (payment.annulled_at) throw conflict('Este pagamento foi anulado: não pode ser aplicado a dívidas.');
  const credit = Number(payment.amount) - Number(payment.allocated);
  if (amount > credit) throw invalidRecord({ amount: `O valor excede o crédito disponível deste pagamento (${credit} cêntimos).` });
  const household = payment.household === null || payment.household === undefined ? null : Number(payment.household);
  const [debt] = await payableDebts(db, { member: Number(payment.member), household }, [debtId]);
  if (!debt) throw invalidRecord({ debt: household === null ? 'Escolha uma dívida em aberto do mesmo sócio.' : NOT_THE_HOUSEHOLDS_DEBT });
  if (amount > debt.amount - debt.paid) throw invalidRecord({ amount: `O valor excede o que falta pagar desta dívida (${debt.amount - debt.paid} cêntimos).` });
  await addAllocation(db, paying(payment), debt, amount, now);
  return { debt: debt._id, amount };
}

/** Annuls a payment: its allocations stop counting (they stay, as history) and its debts reopen. */
export async function annulPayment(db: Db, payment: Row, reason: string, by: number | null, now: number): Promise<number[]> {
  if (payment.annulled_at) throw conflict('Este pagamento já foi anulado.');
  const stamp = iso(now);
  await db
    .updateTable('payments')
    .set({ annulled_at: stamp, annulled_by: by, annul_reason: reason, updated_at: stamp, _version: sql`_version + 1` })
    .where('_id', '=', payment._id as number)
    .execute();
  const allocations = await db.selectFrom('payment_allocations').select(['debt', 'amount']).where('payment', '=', payment._id as number).execute();
  // From the day of the annulment, the payment and what it allocated stop counting as received.
  const { method, date } = paying(payment);
  const countsFrom = annulledFrom(date, stamp);
  await addReceiptTotals(db, [{ basis: 'cash', debtYear: null, method, date, countsFrom, amount: -Number(payment.amount) }]);
  for (const allocation of allocations) {
    const row = await db.selectFrom('unsettled_payments').selectAll().where('_id', '=', allocation.debt).executeTakeFirstOrThrow();
    const debt = asDebt(row);
    await addReceiptTotals(db, [{ basis: 'accrual', debtYear: debt.year, method, date, countsFrom, amount: -allocation.amount }]);
    // A waived or annulled debt keeps its decision; its paid sum still drops.
    const paid = debt.paid - allocation.amount;
    if (OWING.includes(debt.status) || debt.status === 'paid') await setDebtPaid(db, debt, paid, now);
    else await db.updateTable('unsettled_payments').set({ paid, updated_at: stamp, _version: sql`_version + 1` }).where('_id', '=', debt._id).execute();
  }
  return allocations.map((a) => a.debt);
}

/** Waives what a debt still owes (what was paid stays paid) or annuls an unpaid debt; both keep the row and say who and why. */
export async function resolveDebt(db: Db, row: Row, resolution: 'waived' | 'annulled', reason: string, by: number | null, now: number): Promise<void> {
  const debt = asDebt(row);
  if (!OWING.includes(debt.status)) {
    throw conflict(debt.status === 'paid' ? 'Esta dívida já está paga.' : 'Esta dívida já foi perdoada ou anulada.');
  }
  if (resolution === 'annulled' && debt.paid > 0) {
    throw conflict('Esta dívida tem pagamentos aplicados: anule primeiro esses pagamentos, ou perdoe o que falta pagar.');
  }
  const stamp = iso(now);
  await db
    .updateTable('unsettled_payments')
    .set({ status: resolution, resolution_reason: reason, resolved_by: by, resolved_at: stamp, updated_at: stamp, _version: sql`_version + 1` })
    .where('_id', '=', debt._id)
    .execute();
}

export interface NewDebt {
  member: number;
  kind: DebtKind;
  year: number;
  period: number;
  amount: number;
  dueDate: string;
  description: string;
  schedule?: number | null;
  /** The unique key when not the kind's own (an imported 'other' debt, decision 0050). */
  dedupeKey?: string;
}

/** 'quota:2026:3': one such debt per member, whoever raises it. Manual 'other' debts have none. */
export const dedupeKey = (kind: DebtKind, year: number, period: number): string | null => (kind === 'other' ? null : `${kind}:${year}:${period}`);

/**
 * Raises one debt unless the member already has it (same kind, year and period): returns its id,
 * or null when it existed. The unique key decides, so concurrent raisers never double it.
 */
export async function raiseDebt(db: Db, debt: NewDebt, now: number): Promise<number | null> {
  const stamp = iso(now);
  const key = debt.dedupeKey ?? dedupeKey(debt.kind, debt.year, debt.period);
  const inserted = await db
    .insertInto('unsettled_payments')
    .values({
      member: debt.member,
      kind: debt.kind,
      year: debt.year,
      period: debt.period,
      amount: debt.amount,
      paid: 0,
      status: 'open',
      due_date: debt.dueDate,
      description: debt.description,
      schedule: debt.schedule ?? null,
      // A household member's debt is charged to their household (its payer pays it).
      household: sql<number | null>`(SELECT household FROM members WHERE _id = ${debt.member})`,
      dedupe_key: key,
      created_at: stamp,
      updated_at: stamp,
      _version: 1,
    })
    .onConflict((oc) => oc.columns(['member', 'dedupe_key']).doNothing())
    .returning('_id')
    .executeTakeFirst();
  return inserted ? inserted._id : null;
}

/** The prefix of a household's own quota's dedupe key ('agregado:quota:2026:1', see householdDedupeKey). */
export const HOUSEHOLD_KEY_PREFIX = 'agregado:';

/** 'agregado:quota:2026:1': one such debt per household and period (a partial unique index), whoever holds it. */
export const householdDedupeKey = (year: number, period: number): string => `${HOUSEHOLD_KEY_PREFIX}quota:${year}:${period}`;

/** Whether a debt is a household's own quota (charged per household), not a member's. */
export const isHouseholdQuota = (dedupeKeyValue: unknown): boolean => typeof dedupeKeyValue === 'string' && dedupeKeyValue.startsWith(HOUSEHOLD_KEY_PREFIX);

/**
 * Serialises ledger actions on a household's members (issue 34): locks the household's row,
 * then, in id order, its members, its payer member and the holders of debts charged to it (PostgreSQL row locks
 * until commit; SQLite has one writer). Answers the members locked, or null when the household
 * does not exist.
 */
export async function lockHousehold(db: Db, engine: 'sqlite' | 'postgres', household: number): Promise<number[] | null> {
  const query = db.selectFrom('households').select('_id').where('_id', '=', household);
  if (!(await (engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst())) return null;
  const rows = await db
    .selectFrom('members')
    .select('_id')
    .where((eb) =>
      eb.or([
        eb('household', '=', household),
        eb('_id', 'in', eb.selectFrom('households').select('payer_member').where('_id', '=', household)),
        eb('_id', 'in', eb.selectFrom('unsettled_payments').select('member').where('household', '=', household).where('status', 'in', OWING)),
      ]),
    )
    .orderBy('_id')
    .execute();
  const members = rows.map((r) => Number(r._id));
  for (const member of members) await lockMember(db, engine, member);
  return members;
}

/**
 * Serialises ledger actions on one member across transactions and instances (PostgreSQL row
 * lock until commit). SQLite has one writer at a time, which already serialises them.
 */
export async function lockMember(db: Db, engine: 'sqlite' | 'postgres', member: number): Promise<boolean> {
  const query = db.selectFrom('members').select('_id').where('_id', '=', member);
  const row = await (engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  return Boolean(row);
}
