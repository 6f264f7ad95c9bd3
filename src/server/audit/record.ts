import type { AuditChanges } from '../../core/audit.js';
import { ROLE } from '../../core/contract.js';
import type { Caller } from '../auth/caller.js';
import type { Db, Row } from '../db/database.js';
import type { Field, Resource } from '../resources/define.js';
import { toRecord } from '../resources/records.js';

export const AUDIT_TABLE = 'audit_log';

export type { AuditChanges };

/** Who acted: a request's caller, or the server itself (start-up, scheduled work). */
export type AuditActor = Caller | { kind: 'system'; name: string };

export interface AuditEntry {
  /** Milliseconds since the epoch, from the server clock (ctx.now()). */
  at: number;
  actor: AuditActor;
  address: string | null;
  resource: string;
  recordId: number | null;
  /** 'create' | 'update' | 'delete' | an action name such as 'login', 'logout', 'password', 'revoke'. */
  action: string;
  changes: AuditChanges | null;
}

/** Fields every record has that say nothing about what changed (the row itself says when). */
const BOOKKEEPING = new Set(['_id', 'created_at', 'updated_at', '_version']);

/**
 * Names whose values are never stored, whoever passes them (auth actions build their own
 * changes): the entry keeps that they changed, not what to.
 */
const SECRET_NAME = /password|secret|_hash$|token|totp|recovery_codes|^(recover|login)_?code/i;

/**
 * Values are stored as the fullest API view shows them: administrators read every field, and
 * only administrators read whole histories (members get a filtered view, see history.ts).
 */
const FULL_VIEW: Caller = { kind: 'user', id: 0, name: '', role: ROLE.admin, memberId: null };

function normalise(field: Field, value: unknown): unknown {
  if (value === undefined) return null;
  if (field.type === 'references' && Array.isArray(value)) return value.map(Number).sort((a, b) => a - b);
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What changed between two stored rows of `resource` (`before` absent: a create; `after`
 * absent: a delete), field by field, as the API shows values. Bookkeeping columns are left out;
 * a write-only field (a password) appears as `[null, null]` when the hash it is stored as
 * changed, so the history says it changed without keeping anything of it.
 */
export function diffRecords(resource: Resource, before: Row | undefined, after: Row | undefined): AuditChanges {
  const old = before ? toRecord(resource, before, FULL_VIEW) : {};
  const next = after ? toRecord(resource, after, FULL_VIEW) : {};
  const changes: AuditChanges = {};
  for (const field of resource.fields) {
    if (BOOKKEEPING.has(field.name)) continue;
    if (field.writeOnly) {
      const column = `${field.name}_hash`;
      const a = before?.[column] ?? null;
      const b = after?.[column] ?? null;
      if (a !== b) changes[field.name] = [null, null];
      continue;
    }
    const a = normalise(field, (old as Record<string, unknown>)[field.name]);
    const b = normalise(field, (next as Record<string, unknown>)[field.name]);
    if (!same(a, b)) changes[field.name] = [a, b];
  }
  return changes;
}

function withoutSecrets(changes: AuditChanges): AuditChanges {
  const safe: AuditChanges = {};
  for (const [name, pair] of Object.entries(changes)) safe[name] = SECRET_NAME.test(name) ? [null, null] : pair;
  return safe;
}

function actorColumns(actor: AuditActor): { actor_kind: string; actor_id: number | null; actor_name: string | null } {
  switch (actor.kind) {
    case 'anonymous':
      return { actor_kind: 'anonymous', actor_id: null, actor_name: null };
    case 'system':
      return { actor_kind: 'system', actor_id: null, actor_name: actor.name.slice(0, 200) };
    default:
      return { actor_kind: actor.kind, actor_id: actor.id, actor_name: actor.name.slice(0, 200) };
  }
}

/**
 * Stores one audit entry. Call it with the transaction of the change it describes, so the
 * entry and the change commit or roll back together.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const stamp = new Date(entry.at).toISOString();
  await db
    .insertInto(AUDIT_TABLE)
    .values({
      created_at: stamp,
      updated_at: stamp,
      at: stamp,
      day: stamp.slice(0, 10),
      ...actorColumns(entry.actor),
      // Addresses longer than any IPv6 form are not addresses: cut rather than fail the write.
      address: entry.address?.slice(0, 64) ?? null,
      resource: entry.resource,
      record_id: entry.recordId,
      action: entry.action,
      changes: entry.changes === null ? null : JSON.stringify(withoutSecrets(entry.changes)),
    })
    .execute();
}
