import type { ImportBlocker } from '../../../core/contract.js';
import { formatCents } from '../../../core/number-format.js';
import type { Db } from '../../db/database.js';
import { resourceHandlers } from '../../resources/handlers.js';
import { recordKey, undoAudit, type ResourceUndo, type UndoChange, type UndoContext } from './undo-registry.js';

const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

interface Dependent {
  resource: string;
  id: number;
  member: number;
  /** When it was made (ISO), to tell work since the batch from work before. */
  at: string;
  label: (who: string) => string;
  reason: string;
}

/** Later work a member's record carries: payments, treasury documents (receipts), membership cards. */
async function dependents(db: Db, members: readonly number[]): Promise<Dependent[]> {
  if (members.length === 0) return [];
  const found: Dependent[] = [];
  const payments = await db.selectFrom('payments').select(['_id', 'member', 'amount', 'date', 'created_at']).where('member', 'in', members).orderBy('_id').execute();
  for (const p of payments) {
    found.push({ resource: 'payments', id: Number(p._id), member: Number(p.member), at: p.created_at, label: (who) => `Pagamento de ${formatCents(Number(p.amount))} de ${who} em ${day(p.date)}`, reason: 'Foi registado um pagamento deste sócio depois da importação.' });
  }
  const docs = await db.selectFrom('treasury_docs').select(['_id', 'member', 'number', 'total', 'issue_date', 'created_at']).where('member', 'in', members).orderBy('_id').execute();
  for (const d of docs) {
    found.push({ resource: 'treasury_docs', id: Number(d._id), member: Number(d.member), at: d.created_at, label: (who) => `Recibo ${d.number} de ${formatCents(Number(d.total))} de ${who}, emitido em ${day(d.issue_date)}`, reason: 'Foi emitido um recibo deste sócio depois da importação.' });
  }
  const cards = await db.selectFrom('membership_cards').select(['_id', 'member', 'issued_at', 'created_at']).where('member', 'in', members).orderBy('_id').execute();
  for (const c of cards) {
    found.push({ resource: 'membership_cards', id: Number(c._id), member: Number(c.member), at: c.created_at, label: (who) => `Cartão de sócio de ${who}, emitido em ${day(c.issued_at)}`, reason: 'Foi emitido um cartão deste sócio depois da importação.' });
  }
  return found;
}

/**
 * Members: a member the batch created is deleted (the members' own delete, whose hooks take
 * their unpaid debts along); one it changed gets back the values the batch replaced. Payments,
 * receipts and cards made since on those members block their undo.
 */
export const membersUndo: ResourceUndo = {
  resource: 'members',
  async blockers(undo: UndoContext, changes: readonly UndoChange[]): Promise<ImportBlocker[]> {
    const byMember = new Map(changes.map((c) => [c.recordId, c]));
    const ids = [...byMember.keys()];
    const blockers: ImportBlocker[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const slice = ids.slice(i, i + 500);
      const names = new Map((await undo.trx.selectFrom('members').select(['_id', 'name', 'number']).where('_id', 'in', slice).execute()).map((m) => [Number(m._id), `${m.name} (n.º ${m.number})`]));
      for (const dependent of await dependents(undo.trx, slice)) {
        const change = byMember.get(dependent.member)!;
        // Work the batch did itself (a history import's payments) is undone with it; work before an update is not the batch's concern.
        if (undo.batchRecords.has(recordKey(dependent.resource, dependent.id))) continue;
        if (change.action === 'updated' && dependent.at < change.at) continue;
        blockers.push({ resource: dependent.resource, id: dependent.id, label: dependent.label(names.get(dependent.member) ?? `sócio ${dependent.member}`), reason: dependent.reason, record: { resource: 'members', id: dependent.member } });
      }
    }
    return blockers;
  },
  async label(undo: UndoContext, change: UndoChange): Promise<string> {
    const member = await undo.trx.selectFrom('members').select(['name', 'number']).where('_id', '=', change.recordId).executeTakeFirst();
    return member ? `Sócio n.º ${member.number}, ${member.name}` : `Sócio ${change.recordId}`;
  },
  async restore(undo: UndoContext, change: UndoChange): Promise<void> {
    const members = undo.app.registry.resourceByName('members')!;
    const writes = resourceHandlers(undo.app, members);
    const audit = undoAudit(undo.batchId);
    if (change.action === 'created') {
      await writes.deleteRow(undo.actor, undo.trx, change.recordId, 'all', undefined, undo.afterCommit, audit);
      return;
    }
    const before = change.before ?? {};
    const fields = Array.isArray(before._changed) ? (before._changed as string[]) : [];
    const body: Record<string, unknown> = Object.fromEntries(fields.map((name) => [name, before[name] ?? null]));
    // The values as they were, even if they would now be refused as duplicates of another member.
    body.confirm_duplicate = true;
    await writes.writeRow(undo.actor, undo.trx, { mode: 'patch', id: change.recordId, body, granted: 'all', audit }, undo.afterCommit);
  },
};
