import type { ServerContext } from '../../context.js';
import type { Db, Row } from '../../db/database.js';
import { readSettings } from '../../settings/read.js';
import { lisbonDay } from '../../../core/days.js';
import { TREASURY_SWITCH } from './enabled.js';
import { isHouseholdQuota } from '../dues/public.js';
import { issueTreasuryDocument, joinAddress, type PayerInput } from './issue.js';
import type { DocLine, TreasuryDocType } from './types.js';

/**
 * What a payment paid, line by line: each debt it settled, and what is left as credit. A
 * household's payment (issue 34) names on each line the member the debt is of ("Quota 2026 —
 * Ana Silva, n.º 12"); a household's own quota already lists its members.
 */
async function paymentLines(db: Db, payment: Row): Promise<{ type: TreasuryDocType; lines: DocLine[] }> {
  const allocations = await db
    .selectFrom('payment_allocations as a')
    .innerJoin('unsettled_payments as d', 'd._id', 'a.debt')
    .innerJoin('members as m', 'm._id', 'd.member')
    .select(['a.amount', 'd.kind', 'd.description', 'd.dedupe_key', 'm.name', 'm.number'])
    .where('a.payment', '=', Number(payment._id))
    .orderBy('a._id')
    .execute();
  const forHousehold = payment.household !== null && payment.household !== undefined;
  const describe = (a: (typeof allocations)[number]): string =>
    !forHousehold || isHouseholdQuota(a.dedupe_key) ? a.description : `${a.description} — ${a.name}${a.number === null ? '' : `, n.º ${a.number}`}`;
  const lines: DocLine[] = allocations.map((a) => ({ description: describe(a), amount: a.amount }));
  const credit = Number(payment.amount) - lines.reduce((sum, l) => sum + l.amount, 0);
  if (credit > 0) lines.push({ description: 'Adiantamento por conta de quotas futuras', amount: credit });
  const onlyJoiningFees = allocations.length > 0 && allocations.every((a) => a.kind === 'joia');
  return { type: onlyJoiningFees ? 'joining_fee' : 'quota', lines };
}

/**
 * Who a payment's receipt is issued to: its member, or for a household's payment the
 * household's payer: the payer member (name, NIF and address read now), else the contact
 * (name, NIF, the household's address), the receipt linked to the payment's member so they
 * read it as theirs.
 */
async function payerOf(db: Db, payment: Row): Promise<PayerInput> {
  if (payment.household === null || payment.household === undefined) return { member: Number(payment.member) };
  const household = await db.selectFrom('households').selectAll().where('_id', '=', Number(payment.household)).executeTakeFirstOrThrow();
  if (household.payer_member !== null) return { member: Number(household.payer_member) };
  return { member: Number(payment.member), name: String(household.payer_name ?? ''), nif: household.payer_nif ?? null, address: joinAddress(household) };
}

/**
 * Numbers a recorded payment's receipt and freezes its content inside the recording transaction,
 * when the treasury is on and auto-issue is too; its PDF is drawn after the commit
 * (announceReceipt, decision 0054), so concurrent payments never wait for a drawing. Answers the
 * receipt's row, or null when none is due (settings off, or the payment already has one: its
 * unique link makes this idempotent).
 */
export async function issueReceiptOnPayment(db: Db, ctx: Pick<ServerContext, 'config' | 'files' | 'now'>, paymentId: number, by: number | null): Promise<Row | null> {
  const settings = await readSettings(db, [TREASURY_SWITCH.setting, 'treasuryAutoIssue']);
  if (settings[TREASURY_SWITCH.setting] !== true || !settings.treasuryAutoIssue) return null;
  // Recorded a moment ago in this transaction: nothing documents it yet.
  return issueReceiptForPayment(db, ctx, paymentId, by, { drawAfterCommit: true, recordedNow: true });
}

/**
 * A payment's receipt, dated the day it is issued (a series runs in issue order), also for
 * payments recorded without one, e.g. imported. Null when it already has one. Its PDF is drawn
 * in the transaction unless `drawAfterCommit` (then the caller draws it after its commit).
 */
export async function issueReceiptForPayment(
  db: Db,
  ctx: Pick<ServerContext, 'config' | 'files' | 'now'>,
  paymentId: number,
  by: number | null,
  options: { drawAfterCommit?: boolean; recordedNow?: boolean } = {},
): Promise<Row | null> {
  if (!options.recordedNow) {
    const documented = await db.selectFrom('treasury_doc_payments').select('doc').where('payment', '=', paymentId).executeTakeFirst();
    if (documented) return null;
  }
  const payment = await db.selectFrom('payments').selectAll().where('_id', '=', paymentId).executeTakeFirstOrThrow();
  const { type, lines } = await paymentLines(db, payment);
  return issueTreasuryDocument(db, ctx, {
    type,
    payer: await payerOf(db, payment),
    lines,
    payments: [paymentId],
    issueDate: lisbonDay(ctx.now()),
    by,
    drawAfterCommit: options.drawAfterCommit === true,
    checkedPayments: { methods: [String(payment.method)] },
  });
}
