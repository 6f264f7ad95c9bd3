import type { ServerContext } from '../../context.js';
import type { Db, Row } from '../../db/database.js';
import { readSettings } from '../../settings/read.js';
import { lisbonDay } from '../../../core/days.js';
import { TREASURY_SWITCH } from './enabled.js';
import { issueTreasuryDocument } from './issue.js';
import type { DocLine, TreasuryDocType } from './types.js';

/** What a payment paid, line by line: each debt it settled, and what is left as credit. */
async function paymentLines(db: Db, payment: Row): Promise<{ type: TreasuryDocType; lines: DocLine[] }> {
  const allocations = await db
    .selectFrom('payment_allocations as a')
    .innerJoin('unsettled_payments as d', 'd._id', 'a.debt')
    .select(['a.amount', 'd.kind', 'd.description'])
    .where('a.payment', '=', Number(payment._id))
    .orderBy('a._id')
    .execute();
  const lines: DocLine[] = allocations.map((a) => ({ description: a.description, amount: a.amount }));
  const credit = Number(payment.amount) - lines.reduce((sum, l) => sum + l.amount, 0);
  if (credit > 0) lines.push({ description: 'Adiantamento por conta de quotas futuras', amount: credit });
  const onlyJoiningFees = allocations.length > 0 && allocations.every((a) => a.kind === 'joia');
  return { type: onlyJoiningFees ? 'joining_fee' : 'quota', lines };
}

/**
 * Issues a recorded payment's receipt inside the recording transaction, when the treasury is on
 * and auto-issue is too. Answers the receipt's row, or null when none is due (settings off, or
 * the payment already has one: its unique link makes this idempotent).
 */
export async function issueReceiptOnPayment(db: Db, ctx: Pick<ServerContext, 'config' | 'files' | 'now'>, paymentId: number, by: number | null): Promise<Row | null> {
  const settings = await readSettings(db, [TREASURY_SWITCH.setting, 'treasuryAutoIssue']);
  if (settings[TREASURY_SWITCH.setting] !== true || !settings.treasuryAutoIssue) return null;
  return issueReceiptForPayment(db, ctx, paymentId, by);
}

/** A payment's receipt, dated the day it is issued (a series runs in issue order), also for payments recorded without one, e.g. imported. Null when it already has one. */
export async function issueReceiptForPayment(db: Db, ctx: Pick<ServerContext, 'config' | 'files' | 'now'>, paymentId: number, by: number | null): Promise<Row | null> {
  const documented = await db.selectFrom('treasury_doc_payments').select('doc').where('payment', '=', paymentId).executeTakeFirst();
  if (documented) return null;
  const payment = await db.selectFrom('payments').selectAll().where('_id', '=', paymentId).executeTakeFirstOrThrow();
  const { type, lines } = await paymentLines(db, payment);
  return issueTreasuryDocument(db, ctx, { type, payer: { member: payment.member }, lines, payments: [paymentId], issueDate: lisbonDay(ctx.now()), by });
}
