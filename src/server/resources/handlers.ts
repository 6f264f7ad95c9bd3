import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ApiRecord } from '../../core/contract.js';
import type { Row } from '../db/database.js';
import { badRequest, invalidRecord, notFound } from '../errors.js';
import { translateDbError, isUniqueViolation } from './db-errors.js';
import type { HookContext, Resource } from './define.js';
import { owningUsers, publishChange } from './events.js';
import { parseListParams } from './list-params.js';
import { listKey, type ListCaches } from './list-caches.js';
import { listRows } from './list-query.js';
import { authorize } from './permissions.js';
import { objectBody } from '../request-body.js';
import { readRow, toRecord, withLinks, writeLinks } from './records.js';
import { prepareWrite, UNIQUE_MESSAGE, type WriteMode } from './validate.js';

type Query = Record<string, string | string[] | undefined>;

export function parseId(raw: unknown): number {
  const text = String(raw ?? '');
  if (!/^\d{1,10}$/.test(text) || Number(text) > 2_147_483_647) throw badRequest(`Identificador inválido: "${text}".`);
  return Number(text);
}

const MAX_CREATE_ATTEMPTS = 10;

/** The request handlers of one resource; routes.ts maps them to URLs. */
export function resourceHandlers(app: FastifyInstance, resource: Resource, caches?: ListCaches) {
  const { ctx } = app;
  const { db } = ctx.database;
  const hookContext = (request: FastifyRequest): HookContext => ({ ctx, tokens: app.tokens, caller: request.caller, db });
  const iso = () => new Date(ctx.now()).toISOString();

  async function existingOr404(id: number): Promise<Row> {
    const row = await readRow(db, resource, id);
    if (!row) throw notFound();
    return row;
  }

  /** The list answer as JSON text: reused from `caches.pages` until a change event. */
  async function list(request: FastifyRequest, extraQuery: Query = {}): Promise<string> {
    const own = authorize(resource, request.caller, 'list');
    const query = { ...(request.query as Query), ...extraQuery };
    const params = parseListParams(resource, query);
    const ownId = own === 'own' ? resource.owner!(request.caller)! : undefined;
    const key = listKey(resource.name, ownId ?? 'all', query);
    const cached = caches?.pages.get(key);
    if (cached !== undefined) return cached;
    const { rows, total, exact } = await listRows(ctx.database, resource, params, ownId, caches?.totals);
    const data = (await withLinks(db, resource, rows)).map((r) => toRecord(resource, r));
    const body = JSON.stringify({ data, meta: exact ? { total } : { total, exact: false } });
    caches?.pages.set(key, body);
    return body;
  }

  async function read(request: FastifyRequest<{ Params: { id: string } }>) {
    const id = parseId(request.params.id);
    authorize(resource, request.caller, 'read', id);
    return { data: toRecord(resource, await existingOr404(id)) };
  }

  async function save(request: FastifyRequest, mode: WriteMode, id?: number) {
    authorize(resource, request.caller, mode === 'create' ? 'create' : 'update', id);
    const body = objectBody(request);
    const existing = id === undefined ? undefined : await existingOr404(id);
    for (let attempt = 1; ; attempt += 1) {
      const prepared = await prepareWrite(db, resource, request.caller, body, mode, existing);
      // A unique default (the next member number) is taken again under a lock below, so a
      // clash found now only means another create got there first.
      const uniqueDefaults = prepared.defaulted.filter((name) => resource.field(name)?.validation.unique);
      for (const name of uniqueDefaults) if (prepared.errors[name] === UNIQUE_MESSAGE) delete prepared.errors[name];
      if (Object.keys(prepared.errors).length > 0) throw invalidRecord(prepared.errors);
      const hook = hookContext(request);
      const extra = (await resource.hooks?.beforeWrite?.(hook, prepared.values, existing)) ?? {};
      const stamp = iso();
      let savedId: number;
      try {
        savedId = await db.transaction().execute(async (trx) => {
          let rowId = id;
          if (rowId === undefined) {
            if (uniqueDefaults.length > 0) {
              // SQLite's single connection already serialises transactions; PostgreSQL needs a lock.
              if (ctx.database.engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${resource.name}))`.execute(trx);
              for (const name of uniqueDefaults) prepared.values[name] = await resource.field(name)!.defaultValue!(trx);
            }
            const row = await trx.insertInto(resource.name).values({ ...prepared.values, created_at: stamp, updated_at: stamp }).returning('_id').executeTakeFirstOrThrow();
            rowId = Number(row._id);
          } else {
            await trx.updateTable(resource.name).set({ ...prepared.values, updated_at: stamp }).where('_id', '=', rowId).execute();
          }
          await writeLinks(trx, resource, rowId, prepared.links);
          return rowId;
        });
      } catch (error) {
        // Two creates racing for the same default (the next member number): recompute and retry.
        if (mode === 'create' && isUniqueViolation(error) && attempt < MAX_CREATE_ATTEMPTS) continue;
        throw translateDbError(error, resource);
      }
      const saved = (await readRow(db, resource, savedId))!;
      await resource.hooks?.afterWrite?.(hook, saved, existing);
      await publishChange(ctx.bus, resource, { action: existing ? 'updated' : 'created', id: savedId }, await owningUsers(db, resource, savedId));
      const data: ApiRecord = { ...toRecord(resource, saved), ...extra };
      return { data };
    }
  }

  async function remove(request: FastifyRequest<{ Params: { id: string } }>) {
    const id = parseId(request.params.id);
    authorize(resource, request.caller, 'delete', id);
    const existing = await existingOr404(id);
    const hook = hookContext(request);
    await resource.hooks?.beforeDelete?.(hook, existing);
    const owners = await owningUsers(db, resource, id);
    try {
      await db.deleteFrom(resource.name).where('_id', '=', id).execute();
    } catch (error) {
      throw translateDbError(error, resource);
    }
    await resource.hooks?.afterDelete?.(hook, existing);
    await publishChange(ctx.bus, resource, { action: 'deleted', id }, owners);
  }

  async function validate(request: FastifyRequest) {
    const body = objectBody(request);
    const id = body._id === undefined || body._id === null ? undefined : parseId(body._id);
    authorize(resource, request.caller, id === undefined ? 'create' : 'update', id);
    const existing = id === undefined ? undefined : await existingOr404(id);
    const { errors } = await prepareWrite(db, resource, request.caller, body, id === undefined ? 'create' : 'replace', existing);
    return errors;
  }

  return { list, read, save, remove, validate };
}
