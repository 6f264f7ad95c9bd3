// What the ledger asks of the treasury about a payment's receipt. The treasury documents
// payments (it imports dues), so dues cannot import it back: dues declares this port and the
// treasury fills it (treasury/receipts-provider.ts, from its module definition).
import type { PaymentReceipt } from '../../../core/contract.js';
import type { Caller } from '../../auth/caller.js';
import type { ServerContext } from '../../context.js';
import type { Db, Row } from '../../db/database.js';
import type { ActionContext } from '../../resources/actions.js';
import type { HookContext } from '../../resources/define.js';
import { definePort } from '../port.js';

/** What the ledger knows of a payment it just recorded, all a receipt of it says (besides its payer). */
export interface PaidPayment {
  payment: number;
  /** The member it is recorded on (payments.member). */
  member: number;
  household: number | null;
  amount: number;
  method: string;
  /** What it paid, in allocation order, each with the debt as read in the recording transaction. */
  allocations: readonly { amount: number; debt: { kind: string; description: string; dedupeKey: string | null; member: number } }[];
}

/** A receipt read and frozen in the recording transaction, not numbered yet. */
export interface PendingReceipt {
  /** Numbers and stores it, in the same transaction: call it after the transaction's other writes (the series row stays locked from here to the commit). */
  issue(): Promise<Row>;
}

export interface PaymentReceipts {
  /**
   * Reads a just-recorded payment's receipt inside the recording transaction, when the treasury
   * is on and auto-issue too, without numbering it: its `issue` numbers it. Null when none is due.
   */
  prepareOnPayment(db: Db, ctx: Pick<ServerContext, 'now'>, paid: PaidPayment, by: number | null): Promise<PendingReceipt | null>;
  /** After the commit, tells staff and the member that a receipt was issued; nothing for null. */
  announce(hook: Pick<HookContext, 'afterCommit' | 'ctx'>, receipt: Row | null): void;
  /** The receipt as a payment's recording answers it: the treasury's record, with its PDF's path. */
  answer(receipt: Row, caller: Caller): PaymentReceipt;
  /** Annuls a payment's receipt in the payment annulment's transaction (a note with the same reason). */
  annulOfPayment(context: ActionContext, payment: number, reason: string): Promise<unknown>;
  /** A member's payments' receipts, by payment id; none while the treasury is off. */
  ofMember(db: Db, member: number): Promise<Map<number, PaymentReceipt>>;
}

export const paymentReceipts = definePort<PaymentReceipts>('dues.paymentReceipts');

/**
 * After the commit, tells staff and the member that a payment's receipt was issued (numbered by
 * the issueReceipt of recordPayment's answer, in the same transaction), whichever path recorded the payment: staff, a
 * provider's callback, a bank statement, a direct debit. Nothing when no receipt was issued.
 */
export const announceReceipt = (hook: Pick<HookContext, 'afterCommit' | 'ctx'>, receipt: Row | null): void => paymentReceipts.use().announce(hook, receipt);
