import { LIST_ALL } from '../../../core/contract.js';
import type { Database } from '../../db/database.js';
import { badRequest, HttpError } from '../../errors.js';
import type { Resource } from '../define.js';
import { parseListParams } from '../list-params.js';
import { matchingIds } from '../list-query.js';
import type { Permission } from '../permissions.js';

/** Ids a request may name one by one; more rows are reached through the list query. */
export const MAX_BULK_IDS = 10_000;

/** What a bulk request asks for, checked: the rows and, for an update, the change to each. */
export interface BulkRequest {
  ids: number[];
  /** Fields set on every row, as a PATCH body. */
  changes: Record<string, unknown>;
  /** Ids added to / removed from a many-valued field of every row (members' tags). */
  add: Record<string, number[]>;
  remove: Record<string, number[]>;
}

const NOTHING_CHOSEN = 'Escolha os registos: indique "ids" (uma lista) ou "query" (os filtros da lista), não os dois.';
const NO_CHANGE = 'O pedido não indica nenhum campo conhecido que se possa alterar nestes registos.';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function idList(value: unknown, what: string): number[] {
  if (!Array.isArray(value) || value.some((id) => !Number.isInteger(id) || id < 1 || id > 2_147_483_647)) {
    throw badRequest(`"${what}" deve ser uma lista de identificadores (números inteiros positivos).`);
  }
  return [...new Set(value as number[])];
}

/** `{ tags: [1, 2] }` for the many-valued fields the caller may change. */
function linkChanges(resource: Resource, value: unknown, what: 'add' | 'remove'): Record<string, number[]> {
  if (value === undefined) return {};
  if (!isObject(value)) throw badRequest(`"${what}" deve ser um objeto: campo e lista de identificadores.`);
  return Object.fromEntries(
    Object.entries(value).map(([name, ids]) => {
      const field = resource.field(name);
      if (!field || field.type !== 'references' || field.readOnly) throw badRequest(`O campo "${name}" não é uma lista de referências que se possa alterar.`);
      return [name, idList(ids, `${what}.${name}`)];
    }),
  );
}

/** The list query (`_search=ana&_state=2`) as the list route reads it, every match at once. */
async function idsOfQuery(database: Database, resource: Resource, query: string, granted: Permission, now: number): Promise<number[]> {
  const params = new URLSearchParams(query);
  const parsed: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    parsed[key] = values.length === 1 ? values[0]! : values;
  }
  const list = parseListParams(resource, { ...parsed, _limit: String(LIST_ALL), _page: '1' }, now);
  return matchingIds(database, resource, list, typeof granted === 'object' ? granted : undefined);
}

/**
 * Reads `{ ids | query, changes?, add?, remove? }`. The rows are the ids given or every row the
 * list query matches among those the caller may reach; a malformed request is a 400 that names
 * what is wrong, before anything is written.
 */
export async function readBulkRequest(database: Database, resource: Resource, body: unknown, operation: 'update' | 'delete', granted: Permission, now: number): Promise<BulkRequest> {
  if (!isObject(body)) throw badRequest('O corpo do pedido deve ser um objeto JSON.');
  const hasIds = body.ids !== undefined;
  const hasQuery = body.query !== undefined;
  if (hasIds === hasQuery) throw badRequest(NOTHING_CHOSEN);
  if (hasQuery && typeof body.query !== 'string') throw badRequest('"query" deve ser texto: os filtros da lista, como no seu endereço.');
  const ids = hasIds ? idList(body.ids, 'ids') : await idsOfQuery(database, resource, body.query as string, granted, now);
  if (hasIds && ids.length === 0) throw badRequest('Escolha pelo menos um registo.');
  if (hasIds && ids.length > MAX_BULK_IDS) throw badRequest(`Escolha no máximo ${MAX_BULK_IDS} registos pela lista de identificadores, ou use "query".`);
  if (operation === 'delete') return { ids, changes: {}, add: {}, remove: {} };
  if (body.changes !== undefined && !isObject(body.changes)) throw badRequest('"changes" deve ser um objeto: os campos a alterar.');
  const changes = body.changes ?? {};
  const add = linkChanges(resource, body.add, 'add');
  const remove = linkChanges(resource, body.remove, 'remove');
  const changesAField = resource.fields.some((f) => Object.hasOwn(changes, f.name) && !f.readOnly);
  if (!changesAField && Object.keys(add).length === 0 && Object.keys(remove).length === 0) throw new HttpError(422, NO_CHANGE);
  return { ids, changes, add, remove };
}

/** One row's PATCH body: the changes, and each many-valued field with the ids added and removed. */
export function rowPatch(request: Pick<BulkRequest, 'changes' | 'add' | 'remove'>, current: Record<string, unknown>): Record<string, unknown> {
  const body = { ...request.changes };
  for (const name of new Set([...Object.keys(request.add), ...Object.keys(request.remove)])) {
    const gone = new Set(request.remove[name] ?? []);
    const ids = new Set([...((current[name] as number[] | undefined) ?? []), ...(request.add[name] ?? [])].filter((id) => !gone.has(id)));
    body[name] = [...ids];
  }
  return body;
}
