// What every ledger action does around its ledger write: lock the member's ledger first,
// refresh the balance and announce the moved rows after it. Shared by the dues actions and
// by the treasury's annulment of a receipt together with its payment.
import { recordAudit, diffRecords } from '../../audit/record.js';
import type { Caller } from '../../auth/caller.js';
import { invalidRecord } from '../../errors.js';
import type { ActionContext } from '../../resources/actions.js';
import { readRow } from '../../resources/records.js';
import { announceLedger, type LedgerChange } from './announce.js';
import { refreshBalances } from './balances.js';
import { annulPayment, applyCredit, lockMember, type Allocation } from './ledger.js';
import { payments } from './payments.js';

export const userOf = (caller: Caller): number | null => (caller.kind === 'user' ? caller.id : null);

/** Locks the member's ledger; a member that does not exist is a field error of `member`. */
export async function lockLedger({ db, ctx }: ActionContext, member: number): Promise<void> {
  if (!(await lockMember(db, ctx.database.engine, member))) throw invalidRecord({ member: 'Este sócio não existe.' });
}

/** Refreshes the member's balance and announces the ledger rows that moved, after commit. */
export async function settle(context: ActionContext, member: number, changes: LedgerChange[], moved: readonly Allocation[]): Promise<void> {
  await refreshBalances(context.db, context.ctx.now(), [member]);
  const debtChanges = [...new Set(moved.map((a) => a.debt))].map((id): LedgerChange => ({ resource: 'unsettled_payments', id }));
  announceLedger(context, [member], [...changes, ...debtChanges, { resource: 'payment_allocations', id: member }, { resource: 'member_balances', id: member }]);
}

/**
 * Annuls a payment inside the action's transaction: the debts it paid reopen, the member's
 * other credit is used on them, the balance follows. `audited`: the action is another
 * record's (a receipt's), so the payment gets its own audit entry here.
 */
export async function annulLedgerPayment(context: ActionContext, paymentId: number, reason: string, audited = false): Promise<void> {
  const { db, ctx, caller } = context;
  const stored = await readRow(db, payments, paymentId);
  if (!stored) throw invalidRecord({ payment: 'Este pagamento não existe.' });
  const member = Number(stored.member);
  await lockLedger(context, member);
  const fresh = await readRow(db, payments, paymentId);
  const reopened = await annulPayment(db, fresh!, reason, userOf(caller), ctx.now());
  const reused = await applyCredit(db, member, ctx.now());
  await settle(context, member, [{ resource: 'payments', id: paymentId }], [...reopened.map((debt) => ({ debt, amount: 0 })), ...reused]);
  if (audited) {
    const after = await readRow(db, payments, paymentId);
    await recordAudit(db, { at: ctx.now(), actor: caller, address: context.address, resource: payments.name, recordId: paymentId, action: 'annul', changes: diffRecords(payments, fresh, after) });
  }
}
