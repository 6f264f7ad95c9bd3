// The history import as the imports module runs it: a kind whose fields are the history file's,
// whose rows are planned (plan.ts) when checked and planned again, then applied through the
// ledger (apply.ts), when committed. Every ledger row written is kept with the batch for the undo.
import type { ImportRowResult } from '../../../../core/contract.js';
import { recordAudit } from '../../../audit/record.js';
import type { Db } from '../../../db/database.js';
import { announceLedger, type LedgerChange } from '../../dues/public.js';
import type { ImportKindDefinition, Judged, RecordChange, RowHandler } from '../kind.js';
import { applyHistory, type HistoricalReceipts, type HistoryChange } from './apply.js';
import { HISTORY_HEADER_NAMES, historyTargetFields, type HistoryField } from './fields.js';
import { historyPlanner, type PlannedRow } from './plan.js';
import type { RawRow } from './rows.js';

interface HistoryRowPlan {
  planned: PlannedRow;
  receipts: HistoricalReceipts;
}

/** A check's row: the outcome and, in pt-PT, what the row does to the ledger. */
function rowResult(planned: PlannedRow): ImportRowResult {
  const { line, outcome, member, matchedBy, errors, actions } = planned;
  return {
    line,
    outcome,
    ...(member ? { member: { id: member.id, number: member.number ?? 0, name: member.name } } : {}),
    ...(matchedBy ? { matchedBy } : {}),
    errors,
    ...(actions.length > 0 ? { actions } : {}),
  };
}

const LEDGER_RESOURCES: ReadonlySet<string> = new Set(['unsettled_payments', 'payments', 'payment_allocations']);

export const historyImport: ImportKindDefinition = {
  kind: 'history',
  label: 'Histórico de quotas e pagamentos',
  fields: () => historyTargetFields(),
  headerNames: HISTORY_HEADER_NAMES,
  async handler(run) {
    const { app, actor, batchId } = run;
    const planner = await historyPlanner(app.ctx.database.db, app.ctx.now());
    const handler: RowHandler<HistoryRowPlan> = {
      // Repeated lines are the plan's to find: a line repeats another's debt or payment, not a key of its own.
      keysOf: () => [],
      async judge(trx: Db, row): Promise<Judged<HistoryRowPlan>> {
        const raw: RawRow = {};
        for (const [key, value] of Object.entries(row.body)) if (key !== 'receipts') raw[key as HistoryField] = String(value);
        const planned = await planner.line(trx, raw, row.line);
        if (row.errors.length > 0) Object.assign(planned, { outcome: 'error', errors: [...row.errors, ...planned.errors], actions: [], debts: [], payments: [] });
        const receipts: HistoricalReceipts = row.body.receipts === 'series' ? 'series' : 'none';
        if (receipts === 'series' && planned.payments.length > 0) planned.actions.push(`Emite ${planned.payments.length === 1 ? 'o recibo' : 'os recibos'} na série atual`);
        return { result: rowResult(planned), ...(planned.outcome === 'create' ? { plan: { planned, receipts } } : {}) };
      },
      async write(trx, { plan }, afterCommit) {
        if (!plan) return [];
        const changes: HistoryChange[] = [];
        const at = app.ctx.now();
        await applyHistory(trx, app.ctx, [plan.planned], { receipts: plan.receipts, by: actor.caller.kind === 'user' ? actor.caller.id : null }, async (change) => {
          changes.push(change);
          if (change.action === 'created' && change.resource !== 'payment_allocations') {
            await recordAudit(trx, { at, actor: actor.caller, address: actor.address, resource: change.resource, recordId: change.recordId, action: 'import', changes: { import_batch: [null, batchId] } });
          }
        });
        const member = plan.planned.member!.id;
        const moved: LedgerChange[] = changes.filter((c) => LEDGER_RESOURCES.has(c.resource)).map((c) => ({ resource: c.resource as LedgerChange['resource'], id: c.recordId, action: c.action }));
        announceLedger({ afterCommit, ctx: app.ctx }, [member], [...moved, { resource: 'member_balances', id: member }]);
        return changes satisfies RecordChange[];
      },
    };
    return handler;
  },
};
