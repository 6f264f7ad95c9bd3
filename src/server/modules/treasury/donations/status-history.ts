import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStaff } from '../../../auth/caller.js';
import type { Db } from '../../../db/database.js';
import { forbidden, notFound, unauthorized } from '../../../errors.js';
import { objectSchema, type RouteDoc } from '../../../openapi/route-doc.js';
import { parseId } from '../../../resources/handlers.js';

const STATUS_HISTORY_DOC: RouteDoc = {
  tags: ['Tesouraria'],
  summary: 'Histórico de estados de um documento de tesouraria',
  description: 'Cada mudança de estado do documento, da mais antiga para a mais recente: o estado (nulo quando foi limpo), quando e por quem. Só para a equipa.',
  responses: {
    200: {
      description: 'As mudanças de estado',
      schema: objectSchema({
        data: {
          type: 'array',
          items: objectSchema({ _id: { type: 'integer' }, status: { type: 'integer', nullable: true }, status_name: { type: 'string', nullable: true }, at: { type: 'string' }, by_name: { type: 'string', nullable: true } }),
        },
      }),
    },
  },
  errors: [401, 403, 404],
};

async function statusHistory(db: Db, doc: number) {
  const rows = await db
    .selectFrom('treasury_doc_status_history as h')
    .leftJoin('document_statuses as s', 's._id', 'h.status')
    .leftJoin('users as u', 'u._id', 'h.by')
    .select(['h._id as _id', 'h.status as status', 's.name as status_name', 'h.at as at', 'u.name as by_name'])
    .where('h.doc', '=', doc)
    .orderBy('h._id')
    .execute();
  return rows.map((row) => ({
    _id: row._id,
    status: row.status === null ? null : row.status,
    status_name: (row.status_name) ?? null,
    at: row.at,
    by_name: (row.by_name) ?? null,
  }));
}

/** GET /treasury_docs/{id}/status-history (not a nested resource list, hence the hyphen): what the document's page shows under "Histórico de estados". */
export function statusHistoryRoutes(app: FastifyInstance): void {
  const { db } = app.ctx.database;
  app.get('/treasury_docs/:id/status-history', { config: { openapi: STATUS_HISTORY_DOC } }, async (request: FastifyRequest<{ Params: { id: string } }>) => {
    if (request.caller.kind === 'anonymous') throw unauthorized();
    if (!isStaff(request.caller)) throw forbidden();
    const id = parseId(request.params.id);
    if (!(await db.selectFrom('treasury_docs').select('_id').where('_id', '=', id).executeTakeFirst())) throw notFound('Documento não encontrado.');
    return { data: await statusHistory(db, id) };
  });
}
