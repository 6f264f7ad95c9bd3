import type { Row } from '../../db/database.js';
import type { HookContext } from '../../resources/define.js';
import { owningUsers, publishChange } from '../../resources/events.js';
import { drawAfterCommit } from './draw-receipt.js';
import { treasuryDocs } from './resources.js';

/**
 * After the commit, draws the PDF of a payment's receipt (numbered by recordPayment in the same
 * transaction, drawn out of it: decision 0054), then tells staff and the member it was issued, so
 * treasury lists and the member's receipts refresh live, whichever path recorded the payment:
 * staff, a provider's callback, a bank statement, a direct debit. A drawing that fails leaves
 * the receipt issued, drawn on its first request or by the sweep job. Nothing when no receipt
 * was issued.
 */
export function announceReceipt(hook: Pick<HookContext, 'afterCommit' | 'ctx'>, receipt: Row | null): void {
  if (!receipt) return;
  hook.afterCommit(async () => {
    const drawn = await drawAfterCommit(hook.ctx, receipt);
    await publishChange(hook.ctx.bus, treasuryDocs, { action: 'created', id: Number(receipt._id) }, await owningUsers(hook.ctx.database.db, treasuryDocs, [drawn], hook.ctx.now()));
  });
}
