import type { Row } from '../../db/database.js';
import type { HookContext } from '../../resources/define.js';
import { owningUsers, publishChange } from '../../resources/events.js';
import { treasuryDocs } from './resources.js';

/**
 * After the commit, tells staff and the member that a payment's receipt was issued (by
 * recordPayment, in the same transaction), so treasury lists and the member's receipts refresh
 * live, whichever path recorded the payment: staff, a provider's callback, a bank statement, a
 * direct debit. Nothing when no receipt was issued.
 */
export function announceReceipt(hook: Pick<HookContext, 'afterCommit' | 'ctx'>, receipt: Row | null): void {
  if (!receipt) return;
  hook.afterCommit(async () => {
    await publishChange(hook.ctx.bus, treasuryDocs, { action: 'created', id: Number(receipt._id) }, await owningUsers(hook.ctx.database.db, treasuryDocs, [receipt]));
  });
}
