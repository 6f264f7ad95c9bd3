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
import { annulPayment, applyCredit, HOUSEHOLD_MISSING, lockHousehold, lockMember, type Allocation } from './ledger.js';
import { payments } from './payments.js';

export const userOf = (caller: Caller): number | null => (caller.kind === 'user' ? caller.id : null);

/** Locks the member's ledger; a member that does not exist is a field error of `member`. */
export async function lockLedger({ db, ctx }: ActionContext, member: number): Promise<void> {
  if (!(await lockMember(db, ctx.database.engine, member))) throw invalidRecord({ member: 'Este sócio não existe.' });
}

/** Locks a household's ledgers (lockHousehold); a household that does not exist is a field error of `household`. */
export async function lockHouseholdLedger({ db, ctx }: ActionContext, household: number): Promise<number[]> {
  const members = await lockHousehold(db, ctx.database.engine, household);
  if (!members) throw invalidRecord({ household: HOUSEHOLD_MISSING });
  return members;
}

/**
 * Refreshes the balance of the member (or of each member: a household's payment moves several)
 * and announces the ledger rows that moved, after commit.
 */
export async function settle(context: ActionContext, member: number | readonly number[], changes: LedgerChange[], moved: readonly Allocation[]): Promise<void> {
  const members = typeof member === 'number' ? [member] : [...member];
  await refreshBalances(context.db, context.ctx.now(), members);
  const debtChanges = [...new Set(moved.map((a) => a.debt))].map((id): LedgerChange => ({ resource: 'unsettled_payments', id }));
  const perMember = members.flatMap((id): LedgerChange[] => [
    { resource: 'payment_allocations', id },
    { resource: 'member_balances', id },
  ]);
  announceLedger(context, members, [...changes, ...debtChanges, ...perMember]);
}

/** The members a payment moved: its own and each member one of its allocations paid a debt of, by id. */
export async function membersOfPayment(db: ActionContext['db'], payment: number, member: number): Promise<number[]> {
  const rows = await db.selectFrom('payment_allocations').select('member').distinct().where('payment', '=', payment).execute();
  return [...new Set([member, ...rows.map((r) => Number(r.member))])].sort((a, b) => a - b);
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
  // A household's payment reopens debts of several members: all their ledgers are locked (in id order) and refreshed.
  const moved = await membersOfPayment(db, paymentId, member);
  for (const id of moved) await lockLedger(context, id);
  const fresh = await readRow(db, payments, paymentId);
  const reopened = await annulPayment(db, fresh!, reason, userOf(caller), ctx.now());
  const reused = await applyCredit(db, member, ctx.now());
  await settle(context, moved, [{ resource: 'payments', id: paymentId }], [...reopened.map((debt) => ({ debt, amount: 0 })), ...reused]);
  if (audited) {
    const after = await readRow(db, payments, paymentId);
    await recordAudit(db, { at: ctx.now(), actor: caller, address: context.address, resource: payments.name, recordId: paymentId, action: 'annul', changes: diffRecords(payments, fresh, after) });
  }
}
