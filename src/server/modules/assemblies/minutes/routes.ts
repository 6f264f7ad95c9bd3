import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseId } from '../../../resources/handlers.js';
import { authorize } from '../../../resources/permissions.js';
import { notFound } from '../../../errors.js';
import { assemblies } from '../assemblies.js';
import { ownAssemblyRoutes } from './own-routes.js';
import { publicAssemblyRoutes } from './public-routes.js';
import { STAFF_MINUTES_PDF_DOC } from './route-docs.js';
import { minutesFileName, storedMinutesPdf } from './stored.js';

/** The minutes' routes beyond the actions: the staff's PDF, the members' own view and the public next assembly. */
export function minutesRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;

  app.get('/assemblies/:id/minutes.pdf', { config: { openapi: STAFF_MINUTES_PDF_DOC } }, async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const id = parseId(request.params.id);
    authorize(assemblies, request.caller, 'read', id);
    const assembly = await db.selectFrom('assemblies').selectAll().where('_id', '=', id).executeTakeFirst();
    if (!assembly) throw notFound('Assembleia não encontrada.');
    const bytes = await storedMinutesPdf(db, ctx, assembly);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${minutesFileName(assembly)}"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });

  ownAssemblyRoutes(app);
  publicAssemblyRoutes(app);
}
