import type { ResourceChange } from '../../../core/contract.js';
import type { HookContext } from '../../resources/define.js';
import { owningUsers, publishChange } from '../../resources/events.js';
import { allocations, payments } from './payments.js';
import { balances } from './balances.js';
import { debts } from './debts.js';

const LEDGER = [debts, payments, allocations, balances] as const;
export type LedgerResource = (typeof LEDGER)[number]['name'];

export interface LedgerChange {
  resource: LedgerResource;
  id: number;
  action?: ResourceChange['action'];
}

/**
 * After the commit, tells staff and the member concerned that ledger rows moved, so open lists,
 * statements and the payment-debts element refresh. Each change's owners are its member's users.
 */
export function announceLedger(hook: Pick<HookContext, 'afterCommit' | 'ctx'>, members: readonly number[], changes: readonly LedgerChange[]): void {
  hook.afterCommit(async () => {
    const { db } = hook.ctx.database;
    const owners = await owningUsers(db, balances, members.map((member) => ({ member })), hook.ctx.now());
    for (const change of changes) {
      const resource = LEDGER.find((r) => r.name === change.resource)!;
      await publishChange(hook.ctx.bus, resource, { action: change.action ?? 'updated', id: change.id }, owners);
    }
  });
}
