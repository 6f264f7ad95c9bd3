// Carries out a history plan inside the commit's transaction, member by member, through the
// ledger's own functions: debts raised by their unique key, payments recorded (allocated to the
// debt their line names; the rest is credit), the member's credit used as the ledger always does,
// the balance rewritten. Every row written is handed to `remember` for the batch (undo.ts).
import type { ServerContext } from '../../../context.js';
import type { Db } from '../../../db/database.js';
import { applyCredit, lockMember, raiseDebt, recordPayment, refreshBalances } from '../../dues/public.js';
import { issueReceiptForPayment } from '../../treasury/public.js';
import { readSettings } from '../../../settings/read.js';
import type { PlannedRow } from './plan.js';

/** Whether imported payments get receipts: none (historical, the default) or numbered in the current series. */
export const HISTORICAL_RECEIPTS = ['none', 'series'] as const;
export type HistoricalReceipts = (typeof HISTORICAL_RECEIPTS)[number];

/** The resources a history batch writes, as its changes name them. */
export const HISTORY_RESOURCES = { debts: 'unsettled_payments', payments: 'payments', allocations: 'payment_allocations', receipts: 'treasury_docs' } as const;
export type HistoryResource = (typeof HISTORY_RESOURCES)[keyof typeof HISTORY_RESOURCES];

export interface HistoryChange {
  resource: HistoryResource;
  recordId: number;
  action: 'created' | 'updated';
  /** The row before the batch (an allocation the batch added to), else null. */
  before: Record<string, unknown> | null;
}

export interface ApplyOptions {
  receipts: HistoricalReceipts;
  /** The user committing. */
  by: number | null;
}

export interface Applied {
  debts: number;
  payments: number;
  receipts: number;
  members: number[];
}

type Ctx = Pick<ServerContext, 'config' | 'files' | 'now' | 'database'>;

async function allocationsOf(db: Db, member: number): Promise<Map<number, Record<string, unknown>>> {
  const rows = await db.selectFrom('payment_allocations').selectAll().where('member', '=', member).execute();
  return new Map(rows.map((row) => [Number(row._id), row as Record<string, unknown>]));
}

async function debtId(db: Db, member: number, key: string): Promise<{ id: number; owing: boolean } | undefined> {
  const row = await db.selectFrom('unsettled_payments').select(['_id', 'status']).where('member', '=', member).where('dedupe_key', '=', key).executeTakeFirst();
  return row ? { id: row._id, owing: row.status === 'open' || row.status === 'partial' } : undefined;
}

/** Applies the plan's rows that create something. `remember` is called for every row written, in the order written. */
export async function applyHistory(db: Db, ctx: Ctx, rows: readonly PlannedRow[], options: ApplyOptions, remember: (change: HistoryChange) => Promise<void>): Promise<Applied> {
  const now = ctx.now();
  const byMember = new Map<number, PlannedRow[]>();
  for (const row of rows) {
    if (row.outcome !== 'create' || !row.member) continue;
    byMember.set(row.member.id, [...(byMember.get(row.member.id) ?? []), row]);
  }
  const treasury = await readSettings(db, ['hasTreasury']);
  const issue = options.receipts === 'series' && treasury.hasTreasury === true;
  const applied: Applied = { debts: 0, payments: 0, receipts: 0, members: [...byMember.keys()] };
  for (const [member, planned] of byMember) {
    await lockMember(db, ctx.database.engine, member);
    const allocationsBefore = await allocationsOf(db, member);
    const paymentIds: number[] = [];
    for (const row of planned) {
      for (const debt of row.debts) {
        const id = await raiseDebt(db, { member, kind: debt.kind, year: debt.year, period: debt.period, amount: debt.amount, dueDate: debt.dueDate, description: debt.description, schedule: debt.schedule, dedupeKey: debt.key }, now);
        // Null: raised since the plan was read (the plan is read again inside this transaction, so only by a concurrent raiser).
        if (id !== null) {
          applied.debts += 1;
          await remember({ resource: HISTORY_RESOURCES.debts, recordId: id, action: 'created', before: null });
        }
      }
      for (const payment of row.payments) {
        const debt = await debtId(db, member, payment.debtKey);
        const result = await recordPayment(
          db,
          {
            member,
            date: payment.date,
            amount: payment.amount,
            method: payment.method,
            reference: payment.reference,
            notes: payment.notes,
            // A debt already paid leaves the whole payment as credit.
            debts: debt?.owing ? [debt.id] : [],
            recordedBy: options.by,
            externalId: payment.externalId,
            issueReceipt: false,
          },
          ctx,
        );
        applied.payments += 1;
        paymentIds.push(result.payment);
        await remember({ resource: HISTORY_RESOURCES.payments, recordId: result.payment, action: 'created', before: null });
      }
    }
    await applyCredit(db, member, now);
    for (const [id, row] of await allocationsOf(db, member)) {
      const before = allocationsBefore.get(id);
      if (!before) await remember({ resource: HISTORY_RESOURCES.allocations, recordId: id, action: 'created', before: null });
      else if (Number(before.amount) !== Number(row.amount)) await remember({ resource: HISTORY_RESOURCES.allocations, recordId: id, action: 'updated', before });
    }
    await refreshBalances(db, now, [member]);
    if (issue) {
      for (const payment of paymentIds) {
        const receipt = await issueReceiptForPayment(db, ctx, payment, options.by);
        if (receipt) {
          applied.receipts += 1;
          await remember({ resource: HISTORY_RESOURCES.receipts, recordId: Number(receipt._id), action: 'created', before: null });
        }
      }
    }
  }
  return applied;
}
