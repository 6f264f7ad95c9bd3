import { AUDIT_ORGANISATION_ACTOR, type AuditActorKind, type AuditChanges, type AuditHistoryEntry } from '../../core/audit.js';
import { LIST_ALL, ROLE, type ListResponse } from '../../core/contract.js';
import type { AuthenticatedCaller, Caller } from '../auth/caller.js';
import type { Database, Row } from '../db/database.js';
import { forbidden, unauthorized } from '../errors.js';
import type { Resource } from '../resources/define.js';
import { parseListParams } from '../resources/list-params.js';
import { listRows } from '../resources/list-query.js';
import { canReadField, ownRecordId } from '../resources/permissions.js';

type Query = Record<string, string | string[] | undefined>;

/** Administrators read whole histories; a person reads their own record's, about what they may read. */
export type HistoryView = 'full' | 'personal';

/** Changes anyone may have made to a person's record that the person is told about. */
const RECORD_ACTIONS = new Set(['create', 'update', 'delete', 'password']);

/** Who may read the history of record `id` of `resource`, and how much of it (401/403 otherwise). */
function historyView(resource: Resource, caller: Caller, id: number): HistoryView {
  if (caller.kind === 'anonymous') throw unauthorized();
  if (caller.role === ROLE.admin) return 'full';
  if (ownRecordId(resource, caller) === id) return 'personal';
  throw forbidden(
    resource.scope?.column === '_id' ? 'Só pode consultar o histórico do seu próprio registo.' : 'Só um administrador pode consultar o histórico de alterações.',
  );
}

function parseChanges(text: unknown): AuditChanges | null {
  if (typeof text !== 'string' || text === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as AuditChanges) : null;
  } catch {
    return null;
  }
}

const id = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function fullEntry(row: Row): AuditHistoryEntry {
  return {
    _id: Number(row._id),
    at: String(row.at),
    action: String(row.action),
    actor_kind: row.actor_kind as AuditActorKind,
    actor_id: id(row.actor_id),
    actor_name: (row.actor_name as string | null) ?? null,
    address: (row.address as string | null) ?? null,
    changes: parseChanges(row.changes),
  };
}

/**
 * An entry as the person whose record it is reads it (RGPD: that, when and by whom their data
 * changed): only fields they may read (a changed password says so, without values), no
 * address, no account ids, staff by name and the organisation's keys and jobs as the
 * organisation. Other people's actions on the record other than changes to it stay internal;
 * so does an update of nothing they may read. Null when nothing is left to show.
 */
function personalEntry(resource: Resource, caller: AuthenticatedCaller, row: Row): AuditHistoryEntry | null {
  const entry = fullEntry(row);
  const byThemselves = entry.actor_kind === caller.kind && entry.actor_id === caller.id;
  if (!byThemselves && !RECORD_ACTIONS.has(entry.action)) return null;
  let changes: AuditChanges | null = null;
  if (entry.changes) {
    changes = {};
    for (const [name, pair] of Object.entries(entry.changes)) {
      const field = resource.field(name);
      if (field && (field.writeOnly || canReadField(field, caller))) changes[name] = pair;
    }
  }
  if (entry.action === 'update' && (!changes || Object.keys(changes).length === 0)) return null;
  const actorName =
    entry.actor_kind === 'user' ? entry.actor_name : entry.actor_kind === 'apiKey' || entry.actor_kind === 'system' ? AUDIT_ORGANISATION_ACTOR : null;
  return { _id: entry._id, at: entry.at, action: entry.action, actor_kind: entry.actor_kind, actor_name: actorName, changes };
}

/**
 * One page of the history of record `id` of `resource`, newest first, paginated like lists
 * (`_page`, `_limit`; administrators may also sort and filter as on the audit list).
 */
export async function readHistory(
  database: Database,
  auditLog: Resource,
  resource: Resource,
  id: number,
  caller: Caller,
  query: Query,
): Promise<ListResponse<AuditHistoryEntry>> {
  const view = historyView(resource, caller, id);
  const scope = { _resource: resource.name, _record_id: String(id) };
  if (view === 'full') {
    const params = parseListParams(auditLog, { ...query, ...scope });
    const { rows, total, exact } = await listRows(database, auditLog, params);
    return { data: rows.map(fullEntry), meta: exact ? { total } : { total, exact: false } };
  }
  // Filters and search could probe what the personal view hides (an address): paging only.
  const paging = parseListParams(auditLog, { _page: query._page, _limit: query._limit });
  const all = await listRows(database, auditLog, { ...parseListParams(auditLog, scope), limit: LIST_ALL });
  const visible = all.rows.map((row) => personalEntry(resource, caller as AuthenticatedCaller, row)).filter((e): e is AuditHistoryEntry => e !== null);
  const start = paging.limit === LIST_ALL ? 0 : (paging.page - 1) * paging.limit;
  const data = paging.limit === LIST_ALL ? visible : visible.slice(start, start + paging.limit);
  return { data, meta: { total: visible.length } };
}
