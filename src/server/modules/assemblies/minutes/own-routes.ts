import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Row } from '../../../db/database.js';
import { notFound, unauthorized } from '../../../errors.js';
import { parseId } from '../../../resources/handlers.js';
import { OWN_ASSEMBLIES_DOC, OWN_MINUTES_PDF_DOC } from './route-docs.js';
import { minutesFileName, storedMinutesPdf } from './stored.js';
import type { OwnAssembly } from '../../../../core/assemblies.js';

// A draft is staff's work in progress: associates see an assembly once it is convened.
const VISIBLE = ['convened', 'in_session', 'closed'];

const isPublished = (row: Row): boolean => Boolean(row.minutes_final_at) && Number(row.minutes_published) === 1;

async function ownAssemblies(db: Db): Promise<OwnAssembly[]> {
  const rows = await db.selectFrom('assemblies').selectAll().where('status', 'in', VISIBLE).orderBy('date', 'desc').orderBy('time', 'desc').orderBy('_id', 'desc').execute();
  if (rows.length === 0) return [];
  const items = await db
    .selectFrom('assembly_items')
    .select(['assembly', 'title'])
    .where('assembly', 'in', rows.map((row) => row._id))
    .orderBy('position')
    .orderBy('_id')
    .execute();
  const agendas = new Map<number, string[]>();
  for (const item of items) agendas.set(Number(item.assembly), [...(agendas.get(Number(item.assembly)) ?? []), String(item.title)]);
  return rows.map((row) => ({
    _id: Number(row._id),
    title: String(row.title),
    kind: String(row.kind),
    date: String(row.date),
    time: String(row.time),
    place: row.place ?? null,
    online_link: row.online_link ?? null,
    status: String(row.status),
    agenda: agendas.get(Number(row._id)) ?? [],
    notice_text: row.notice_text ?? null,
    minutes: isPublished(row),
  }));
}

/**
 * GET /own/assemblies and GET /own/assemblies/{id}/minutes.pdf: an associate's convocations and
 * the minutes published to them. Any signed-in account may read them (staff see the same list);
 * drafts and unpublished minutes are answered as absent.
 */
export function ownAssemblyRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;

  app.get('/own/assemblies', { config: { openapi: OWN_ASSEMBLIES_DOC } }, async (request, reply) => {
    if (request.caller.kind === 'anonymous') throw unauthorized();
    reply.header('cache-control', 'private, no-store');
    return { data: await ownAssemblies(db) };
  });

  app.get('/own/assemblies/:id/minutes.pdf', { config: { openapi: OWN_MINUTES_PDF_DOC } }, async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    if (request.caller.kind === 'anonymous') throw unauthorized();
    const id = parseId(request.params.id);
    const assembly = await db.selectFrom('assemblies').selectAll().where('_id', '=', id).executeTakeFirst();
    if (!assembly || !isPublished(assembly)) throw notFound('Esta assembleia não tem ata publicada.');
    const bytes = await storedMinutesPdf(db, ctx, assembly);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${minutesFileName(assembly)}"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });
}
