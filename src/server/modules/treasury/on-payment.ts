import type { ServerContext } from '../../context.js';
import type { Db, Row } from '../../db/database.js';
import { readSettings } from '../../settings/read.js';
import { lisbonDay } from '../../../core/days.js';
import { TREASURY_SWITCH } from './enabled.js';
import { isHouseholdQuota, type PaidPayment, type PendingReceipt } from '../dues/public.js';
import { ISSUE_SETTINGS, joinAddress, numberTreasuryDocument, prepareTreasuryDocument, type IssueSettings, type PayerInput } from './issue.js';
import { drawInTransaction } from './draw-receipt.js';
import type { DocLine, TreasuryDocType } from './types.js';

/**
 * What a payment paid, line by line: each debt it settled, and what is left as credit. A
 * household's payment (issue 34) names on each line the member the debt is of ("Quota 2026 —
 * Ana Silva, n.º 12"), read here; a household's own quota already lists its members. A member's
 * payment needs nothing read: its allocations carry their debts.
 */
async function paymentLines(db: Db, paid: PaidPayment): Promise<{ type: TreasuryDocType; lines: DocLine[] }> {
  const names = paid.household === null ? null : await debtHolders(db, paid.payment);
  const lines: DocLine[] = paid.allocations.map(({ debt, amount }) => {
    const holder = names?.get(debt.member);
    const description = !holder || isHouseholdQuota(debt.dedupeKey) ? debt.description : `${debt.description} — ${holder.name}${holder.number === null ? '' : `, n.º ${holder.number}`}`;
    return { description, amount };
  });
  const credit = paid.amount - lines.reduce((sum, l) => sum + l.amount, 0);
  if (credit > 0) lines.push({ description: 'Adiantamento por conta de quotas futuras', amount: credit });
  const onlyJoiningFees = paid.allocations.length > 0 && paid.allocations.every((a) => a.debt.kind === 'joia');
  return { type: onlyJoiningFees ? 'joining_fee' : 'quota', lines };
}

/** The name and number of each member a household's payment paid a debt of. */
async function debtHolders(db: Db, payment: number): Promise<Map<number, { name: string; number: number | null }>> {
  const rows = await db
    .selectFrom('payment_allocations as a')
    .innerJoin('members as m', 'm._id', 'a.member')
    .select(['m._id', 'm.name', 'm.number'])
    .where('a.payment', '=', payment)
    .execute();
  return new Map(rows.map((r) => [Number(r._id), { name: r.name, number: r.number === null ? null : Number(r.number) }]));
}

/**
 * Who a payment's receipt is issued to: its member, or for a household's payment the
 * household's payer: the payer member (name, NIF and address read now), else the contact
 * (name, NIF, the household's address), the receipt linked to the payment's member so they
 * read it as theirs.
 */
async function payerOf(db: Db, paid: PaidPayment): Promise<PayerInput> {
  if (paid.household === null) return { member: paid.member };
  const household = await db.selectFrom('households').selectAll().where('_id', '=', paid.household).executeTakeFirstOrThrow();
  if (household.payer_member !== null) return { member: Number(household.payer_member) };
  return { member: paid.member, name: String(household.payer_name ?? ''), nif: household.payer_nif ?? null, address: joinAddress(household) };
}

/** A payment's receipt read and checked, dated the day it is issued (a series runs in issue order); numbered by its `issue`. */
async function prepareReceipt(db: Db, ctx: Pick<ServerContext, 'now'>, paid: PaidPayment, by: number | null, settings?: IssueSettings): Promise<PendingReceipt> {
  const { type, lines } = await paymentLines(db, paid);
  const prepared = await prepareTreasuryDocument(
    db,
    {
      type,
      payer: await payerOf(db, paid),
      lines,
      payments: [paid.payment],
      issueDate: lisbonDay(ctx.now()),
      by,
      // Found undocumented by the caller, in this transaction.
      checkedPayments: { methods: [paid.method] },
    },
    settings,
  );
  return { issue: () => numberTreasuryDocument(db, ctx, prepared) };
}

/**
 * A payment's receipt, when the treasury is on and auto-issue is too, read and frozen inside the
 * recording transaction right after the payment's rows, but numbered only by its `issue`, which
 * the recording path calls after its other writes: on PostgreSQL the series row stays locked from
 * the number to the commit. Its PDF is drawn after the commit (announceReceipt, decision 0054).
 * Null when none is due.
 */
export async function prepareReceiptOnPayment(db: Db, ctx: Pick<ServerContext, 'now'>, paid: PaidPayment, by: number | null): Promise<PendingReceipt | null> {
  // The switches and every setting the receipt needs, in one query.
  const settings = await readSettings(db, [TREASURY_SWITCH.setting, 'treasuryAutoIssue', ...ISSUE_SETTINGS]);
  if (settings[TREASURY_SWITCH.setting] !== true || !settings.treasuryAutoIssue) return null;
  return prepareReceipt(db, ctx, paid, by, settings);
}

/**
 * A payment's receipt, issued now, also for payments recorded without one, e.g. imported. Null
 * when it already has one. Its PDF is drawn in the transaction unless `drawAfterCommit` (then the
 * caller draws it after its commit).
 */
export async function issueReceiptForPayment(
  db: Db,
  ctx: Pick<ServerContext, 'config' | 'files' | 'now'>,
  paymentId: number,
  by: number | null,
  options: { drawAfterCommit?: boolean } = {},
): Promise<Row | null> {
  const documented = await db.selectFrom('treasury_doc_payments').select('doc').where('payment', '=', paymentId).executeTakeFirst();
  if (documented) return null;
  const payment = await db.selectFrom('payments').selectAll().where('_id', '=', paymentId).executeTakeFirstOrThrow();
  const allocations = await db
    .selectFrom('payment_allocations as a')
    .innerJoin('unsettled_payments as d', 'd._id', 'a.debt')
    .select(['a.amount', 'd.kind', 'd.description', 'd.dedupe_key', 'd.member'])
    .where('a.payment', '=', paymentId)
    .orderBy('a._id')
    .execute();
  const paid: PaidPayment = {
    payment: paymentId,
    member: Number(payment.member),
    household: payment.household === null || payment.household === undefined ? null : Number(payment.household),
    amount: Number(payment.amount),
    method: String(payment.method),
    allocations: allocations.map((a) => ({ amount: Number(a.amount), debt: { kind: String(a.kind), description: String(a.description), dedupeKey: a.dedupe_key ?? null, member: Number(a.member) } })),
  };
  const row = await (await prepareReceipt(db, ctx, paid, by)).issue();
  return options.drawAfterCommit ? row : drawInTransaction(db, ctx, row);
}
