import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStaff } from '../../auth/caller.js';
import { recordAudit } from '../../audit/record.js';
import { forbidden, invalidRecord, unauthorized } from '../../errors.js';
import { publishChange } from '../../resources/events.js';
import { treasuryDocs } from './resources.js';
import { idsOf, visibleIds } from './selection.js';
import { TREASURY_STATUS_BULK_DELETE_DOC, TREASURY_STATUS_BULK_DOC } from './route-docs.js';

const BULK_MAX = 10_000;

function staffOnly(request: FastifyRequest) {
  const { caller } = request;
  if (caller.kind === 'anonymous') throw unauthorized();
  if (!isStaff(caller)) throw forbidden('Só administradores e editores mudam o estado dos documentos.');
  return caller;
}

/**
 * SPEC 7's POST /treasury_docs_statuses/bulk {ids, status} and /bulk_delete {ids}: the status of
 * many documents set or cleared in one transaction, each change kept in the document's status
 * history and the audit trail. The status is the one thing of an issued document that changes.
 */
export function statusRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;

  async function setStatus(request: FastifyRequest, status: number | null): Promise<{ data: { changed: number } }> {
    const caller = staffOnly(request);
    const ids = idsOf(request.body, BULK_MAX);
    await visibleIds(db, caller, ids);
    const stamp = new Date(ctx.now()).toISOString();
    const by = caller.kind === 'user' ? caller.id : null;
    const changed = await db.transaction().execute(async (trx) => {
      if (status !== null && !(await trx.selectFrom('document_statuses').select('_id').where('_id', '=', status).executeTakeFirst())) {
        throw invalidRecord({ status: 'Escolha um estado de documento existente.' });
      }
      const rows = await trx.selectFrom('treasury_docs').select(['_id', 'status']).where('_id', 'in', ids).execute();
      const moving = rows.filter((row) => (row.status ?? null) !== status);
      for (const row of moving) {
        const doc = Number(row._id);
        await trx.updateTable('treasury_docs').set({ status, updated_at: stamp }).where('_id', '=', doc).execute();
        await trx.insertInto('treasury_doc_status_history').values({ doc, status, at: stamp, by }).execute();
        await recordAudit(trx, {
          at: ctx.now(),
          actor: caller,
          address: request.ip ?? null,
          resource: treasuryDocs.name,
          recordId: doc,
          action: status === null ? 'status_clear' : 'status',
          changes: { status: [row.status ?? null, status] },
        });
      }
      return moving.map((row) => Number(row._id));
    });
    for (const id of changed) await publishChange(ctx.bus, treasuryDocs, { action: 'updated', id }, []);
    return { data: { changed: changed.length } };
  }

  app.post('/treasury_docs_statuses/bulk', { config: { openapi: TREASURY_STATUS_BULK_DOC } }, async (request) => {
    // Who may, before what was sent (reading the body answers its schema's refusal).
    staffOnly(request);
    // An integer from 1: the route's body schema (TREASURY_STATUS_BULK_DOC) saw to it.
    return setStatus(request, (request.body as { status: number }).status);
  });
  app.post('/treasury_docs_statuses/bulk_delete', { config: { openapi: TREASURY_STATUS_BULK_DELETE_DOC } }, (request) => setStatus(request, null));
}
