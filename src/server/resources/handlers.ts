import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { LIST_ALL, type ApiRecord } from '../../core/contract.js';
import { loose, type Db, type Row } from '../db/database.js';
import { badRequest, forbidden, HttpError, invalidRecord, notFound } from '../errors.js';
import { diffRecords, recordAudit, type AuditChanges } from '../audit/record.js';
import { translateDbError, isUniqueViolation } from './db-errors.js';
import type { HookContext, Resource } from './define.js';
import { owningUsers, publishChange } from './events.js';
import { parseListParams } from './list-params.js';
import { listKey, upToDateKey, type ListCaches } from './list-caches.js';
import { lisbonDay } from '../../core/days.js';
import { CompressibleBody } from '../edges/compressed-body.js';
import { listAnswer } from './list-answer.js';
import { listAllAnswer } from './list-stream.js';
import { authorize, inScope, type Permission } from './permissions.js';
import { objectBody } from '../request-body.js';
import { readRow, toRecord, writeLinks } from './records.js';
import { validateWrite, type Prepared, type WriteMode } from './validate.js';
import type { RecordLookups } from './known-records.js';
import { expectedVersion, staleVersion } from './versions.js';
import { claimFieldFiles } from '../fields/file-claims.js';
import type { Caller } from '../auth/caller.js';

type Query = Record<string, string | string[] | undefined>;

export function parseId(raw: unknown): number {
  const text = String(raw ?? '');
  if (!/^\d{1,10}$/.test(text) || Number(text) > 2_147_483_647) throw badRequest(`Identificador inválido: "${text}".`);
  return Number(text);
}

const MAX_CREATE_ATTEMPTS = 10;

const NO_KNOWN_FIELD = 'O pedido não indica nenhum campo conhecido que se possa alterar neste registo.';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** An update that would store exactly what is stored: answered without a write, an event or a new version. */
function changesNothing(resource: Resource, prepared: Prepared, existing: Row): boolean {
  return (
    Object.entries(prepared.values).every(([name, value]) => !resource.field(name)?.writeOnly && same(value, existing[name])) &&
    Object.entries(prepared.links).every(([name, ids]) => same([...ids].sort((a, b) => a - b), existing[name]))
  );
}

/**
 * A caller reaching only their rows writes only their rows: a new row takes the caller's
 * value in the scope column, and no write may move a row out of the caller's scope.
 */
function keepInScope(granted: Permission, prepared: Prepared, mode: WriteMode) {
  if (typeof granted !== 'object' || granted.column === '_id') return;
  const value = prepared.values[granted.column];
  if (mode === 'create' && (value === null || value === undefined)) prepared.values[granted.column] = granted.value;
  else if (value !== undefined && Number(value) !== granted.value) throw forbidden('Só pode gravar registos seus.');
}

/** Through a public grant, only the declared public fields count (and `_id`, in answers). */
function publicSubset<T extends Record<string, unknown>>(resource: Resource, granted: Permission, values: T): T {
  if (granted !== 'public') return values;
  const allowed = new Set(['_id', ...(resource.publicFields ?? [])]);
  return Object.fromEntries(Object.entries(values).filter(([name]) => allowed.has(name))) as T;
}

/** Work deferred until a transaction commits: collected by hooks, run by the handler. */
export function commitQueue() {
  const pending: (() => Promise<void> | void)[] = [];
  return {
    add: (fn: () => Promise<void> | void) => void pending.push(fn),
    async run() {
      for (const fn of pending) await fn();
    },
  };
}

/** Who writes: the caller and their network address (for the audit trail). */
export interface Actor {
  caller: Caller;
  address: string | null;
}

const actorOf = (request: FastifyRequest): Actor => ({ caller: request.caller, address: request.ip ?? null });

/** One row's write as a single update or create makes it, inside a transaction the caller owns. */
export interface RowWrite {
  mode: WriteMode;
  id?: number;
  body: Record<string, unknown>;
  granted: Permission;
  version?: number;
  /** The audit entry's action instead of create/update, and entries added to its changes (an import names its batch). */
  audit?: { action: string; changes?: AuditChanges };
  /** How validation reads references and unique values (known-records.ts): an import's rows share what they read. */
  lookups?: RecordLookups;
}

/** The request handlers of one resource; routes.ts maps them to URLs. */
export function resourceHandlers(app: FastifyInstance, resource: Resource, caches?: ListCaches) {
  const { ctx } = app;
  const { db } = ctx.database;
  const lockRows = ctx.database.engine === 'postgres';
  const iso = () => new Date(ctx.now()).toISOString();
  const hookContext = (actor: Actor, trx: Db, afterCommit: HookContext['afterCommit']): HookContext => ({
    ctx,
    tokens: app.tokens,
    caller: actor.caller,
    db: trx,
    address: actor.address,
    afterCommit,
  });
  const audit = (actor: Actor, trx: Db, recordId: number, action: string, before: Row | undefined, after: Row | undefined, extra?: AuditChanges) =>
    recordAudit(trx, {
      at: ctx.now(),
      actor: actor.caller,
      address: actor.address,
      resource: resource.name,
      recordId,
      action,
      changes: { ...diffRecords(resource, before, after), ...extra },
    });

  /** The stored row, or 404 when it is absent or outside the caller's rows. */
  async function existingOr404(executor: Db, id: number, granted: Permission, forUpdate = false): Promise<Row> {
    const row = await readRow(executor, resource, id, forUpdate && lockRows);
    if (!row || !inScope(granted, row)) throw notFound();
    return row;
  }

  /**
   * The resource's rows brought up to today before they are read (beforeRead), once a day and
   * again after any change, not on every request: on PostgreSQL its check was a round trip of its
   * own before every page of the unpaid list, cached pages included.
   */
  async function bringUpToDate(): Promise<void> {
    if (!resource.beforeRead) return;
    const now = ctx.now();
    const key = upToDateKey(resource.name, lisbonDay(now));
    if (caches?.upToDate.get(key)) return;
    const since = caches?.upToDate.version();
    await resource.beforeRead(db, now);
    caches?.upToDate.set(key, true, since);
  }

  /** A list request as the list route reads it: the caller's grant and scope, the parameters and the cache key. */
  async function listRequest(request: FastifyRequest, extraQuery: Query) {
    const { caller } = request;
    const granted = authorize(resource, caller, 'list');
    const query = { ...(request.query as Query), ...extraQuery };
    const params = parseListParams(resource, query, app.ctx.now());
    const scope = typeof granted === 'object' ? granted : undefined;
    await bringUpToDate();
    // Which fields a caller receives depends on their role, so answers are kept per role.
    const role = caller.kind === 'anonymous' ? 'anonymous' : caller.role;
    const key = listKey(resource.name, scope ? `${scope.column}=${scope.value}` : 'all', { ...query, '#role': role });
    return { caller, params, scope, key };
  }

  /** The list answer as JSON text (and its compressed forms): reused from `caches.pages` until a change event. */
  async function list(request: FastifyRequest, extraQuery: Query = {}): Promise<CompressibleBody> {
    const { caller, params, scope, key } = await listRequest(request, extraQuery);
    const cached = caches?.pages.get(key);
    if (cached !== undefined) return cached;
    const since = caches?.pages.version();
    return kept(key, since, await listAnswer(ctx.database, resource, params, caller, scope, caches?.totals));
  }

  /** An answer made whole, kept by the list cache until a change event (none when one came while it was made: `since`). */
  function kept(key: string, since: number | undefined, answer: Buffer): CompressibleBody {
    const body = new CompressibleBody(answer);
    caches?.pages.set(key, body, since);
    return body;
  }

  /**
   * The list route's answer: as `list`, except every match (`_limit=-1`) beyond one page of the
   * stream, which is written as it is read (list-stream.ts), never held whole nor kept.
   */
  async function listOrStream(request: FastifyRequest, extraQuery: Query = {}): Promise<CompressibleBody | Readable> {
    const { caller, params, scope, key } = await listRequest(request, extraQuery);
    const cached = caches?.pages.get(key);
    if (cached !== undefined) return cached;
    const since = caches?.pages.version();
    // A cursor with every match keeps the answer it always had (its total counts every match).
    if (params.limit !== LIST_ALL || params.after) return kept(key, since, await listAnswer(ctx.database, resource, params, caller, scope, caches?.totals));
    const answer = await listAllAnswer(ctx.database, resource, params, caller, scope);
    return answer instanceof Readable ? answer : kept(key, since, answer);
  }

  async function read(request: FastifyRequest<{ Params: { id: string } }>) {
    const id = parseId(request.params.id);
    const granted = authorize(resource, request.caller, 'read', id);
    await bringUpToDate();
    return { data: toRecord(resource, await existingOr404(db, id, granted), request.caller) };
  }

  /**
   * A create or update of one row inside `trx`: the row read again (locked on PostgreSQL),
   * validation, the version check, the hooks, links, files and the audit entry. The single
   * write and the bulk update both go through it, so a row is checked the same way in either.
   */
  async function writeRow(actor: Actor, trx: Db, { mode, id, body, granted, version, audit: auditAs, lookups }: RowWrite, afterCommit: HookContext['afterCommit']) {
    const hook = hookContext(actor, trx, afterCommit);
    // Read again inside the transaction (locked on PostgreSQL): validation, the version
    // check, the hooks and the audit trail all see the row this write replaces.
    const before = id === undefined ? undefined : await existingOr404(trx, id, granted, true);
    const prepared = await validateWrite(hook, resource, body, mode, before, app.registry, lookups);
    if (Object.keys(prepared.errors).length > 0) throw invalidRecord(prepared.errors);
    keepInScope(granted, prepared, mode);
    // Taken again below under a lock: the value validation saw may be gone by then.
    const uniqueDefaults = prepared.defaulted.filter((name) => resource.field(name)?.validation.unique);
    // Storing what is already stored loses nobody's change, whatever version it was based on.
    if (before && changesNothing(resource, prepared, before)) return { saved: before, before, extra: {} };
    if (before && version !== undefined && Number(before._version) !== version) {
      throw staleVersion(toRecord(resource, before, actor.caller));
    }
    const extra = (await resource.hooks?.beforeWrite?.(hook, prepared.values, before)) ?? {};
    const stamp = iso();
    let rowId = id;
    if (rowId === undefined) {
      if (uniqueDefaults.length > 0) {
        // SQLite's single connection already serialises transactions; PostgreSQL needs a lock.
        if (lockRows) await sql`SELECT pg_advisory_xact_lock(hashtext(${resource.name}))`.execute(trx);
        for (const name of uniqueDefaults) prepared.values[name] = await resource.field(name)!.defaultValue!(trx);
      }
      const row = await loose(trx).insertInto(resource.name).values({ ...prepared.values, created_at: stamp, updated_at: stamp }).returning('_id').executeTakeFirstOrThrow();
      rowId = Number(row._id);
    } else {
      await loose(trx)
        .updateTable(resource.name)
        .set({ ...prepared.values, updated_at: stamp, _version: Number(before!._version) + 1 })
        .where('_id', '=', rowId)
        .execute();
    }
    await writeLinks(trx, resource, rowId, prepared.links, before === undefined);
    await claimFieldFiles(trx, resource, rowId, prepared.values, before, Date.parse(stamp));
    const saved = (await readRow(trx, resource, rowId))!;
    await resource.hooks?.afterWrite?.(hook, saved, before);
    await audit(actor, trx, rowId, auditAs?.action ?? (before ? 'update' : 'create'), before, saved, auditAs?.changes);
    return { saved, before, extra };
  }

  async function save(request: FastifyRequest, mode: WriteMode, id?: number) {
    const { caller } = request;
    const granted = authorize(resource, caller, mode === 'create' ? 'create' : 'update', id);
    const body = publicSubset(resource, granted, objectBody(request));
    const version = expectedVersion(request, body);
    if (id !== undefined) await existingOr404(db, id, granted);
    if (mode === 'patch' && !resource.fields.some((f) => Object.hasOwn(body, f.name) && !f.readOnly)) {
      throw new HttpError(422, NO_KNOWN_FIELD);
    }
    for (let attempt = 1; ; attempt += 1) {
      const deferred = commitQueue();
      let result: { saved: Row; before: Row | undefined; extra: Record<string, unknown> };
      try {
        result = await db.transaction().execute((trx) => writeRow(actorOf(request), trx, { mode, id, body, granted, version }, deferred.add));
      } catch (error) {
        // Two creates racing for the same default (the next member number): recompute and retry.
        if (mode === 'create' && isUniqueViolation(error) && attempt < MAX_CREATE_ATTEMPTS) continue;
        throw translateDbError(error, resource);
      }
      const { saved, before, extra } = result;
      if (saved !== before) {
        await deferred.run();
        const savedId = Number(saved._id);
        await publishChange(ctx.bus, resource, { action: before ? 'updated' : 'created', id: savedId }, await owningUsers(db, resource, [before, saved], ctx.now()));
      }
      const data: ApiRecord = { ...toRecord(resource, saved, caller), ...extra };
      // An anonymous author gets back what they sent, not the fields staff fill in.
      return { data: granted === 'public' ? publicSubset(resource, granted, data) : data };
    }
  }

  /** A delete of one row inside `trx`, as DELETE {res}/{id} and the bulk delete make it; returns the row as it was. */
  async function deleteRow(actor: Actor, trx: Db, id: number, granted: Permission, version: number | undefined, afterCommit: HookContext['afterCommit'], auditAs?: RowWrite['audit']): Promise<Row> {
    const hook = hookContext(actor, trx, afterCommit);
    const existing = await existingOr404(trx, id, granted, true);
    if (version !== undefined && Number(existing._version) !== version) throw staleVersion(toRecord(resource, existing, actor.caller));
    await resource.hooks?.beforeDelete?.(hook, existing);
    await loose(trx).deleteFrom(resource.name).where('_id', '=', id).execute();
    await resource.hooks?.afterDelete?.(hook, existing);
    await audit(actor, trx, id, auditAs?.action ?? 'delete', existing, undefined, auditAs?.changes);
    return existing;
  }

  async function remove(request: FastifyRequest<{ Params: { id: string } }>) {
    const id = parseId(request.params.id);
    const granted = authorize(resource, request.caller, 'delete', id);
    const version = expectedVersion(request, {});
    const owners = await owningUsers(db, resource, [await existingOr404(db, id, granted)], ctx.now());
    const deferred = commitQueue();
    try {
      await db.transaction().execute((trx) => deleteRow(actorOf(request), trx, id, granted, version, deferred.add));
    } catch (error) {
      throw translateDbError(error, resource);
    }
    await deferred.run();
    await publishChange(ctx.bus, resource, { action: 'deleted', id }, owners);
  }

  async function validate(request: FastifyRequest) {
    const sent = objectBody(request);
    const id = sent._id === undefined || sent._id === null ? undefined : parseId(sent._id);
    const granted = authorize(resource, request.caller, id === undefined ? 'create' : 'update', id);
    const body = publicSubset(resource, granted, sent);
    // The save's own check, in a transaction of its own that is always rolled back: the
    // `validate` hook sees what it sees in a save, and nothing it might touch stays.
    const trx = await db.startTransaction().execute();
    try {
      const existing = id === undefined ? undefined : await existingOr404(trx, id, granted);
      const discard: HookContext['afterCommit'] = () => undefined;
      const { errors } = await validateWrite(hookContext(actorOf(request), trx, discard), resource, body, id === undefined ? 'create' : 'replace', existing, app.registry);
      return errors;
    } finally {
      await trx.rollback().execute();
    }
  }

  return { list, listOrStream, read, save, remove, validate, writeRow, deleteRow };
}
