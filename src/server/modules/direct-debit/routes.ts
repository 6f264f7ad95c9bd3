import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStaff } from '../../auth/caller.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors.js';
import { parseId } from '../../resources/handlers.js';
import { batchPain008, PAIN_VERSIONS, type PainVersion } from './pain008.js';
import { PAIN008_DOC } from './route-docs.js';

type Query = Record<string, string | string[] | undefined>;

/** GET /direct_debit_batches/{id}/pain008.xml?version=…: the batch as the XML file the bank takes. */
export function directDebitRoutes(app: FastifyInstance): void {
  const { db } = app.ctx.database;
  app.get('/direct_debit_batches/:id/pain008.xml', { config: { openapi: PAIN008_DOC } }, async (request: FastifyRequest<{ Params: { id: string }; Querystring: Query }>, reply) => {
    if (request.caller.kind === 'anonymous') throw unauthorized();
    if (!isStaff(request.caller)) throw forbidden();
    const id = parseId(request.params.id);
    const asked = request.query.version;
    const version = (Array.isArray(asked) ? asked[0] : asked) ?? 'pain.008.001.08';
    if (!PAIN_VERSIONS.includes(version as PainVersion)) throw badRequest(`Versão desconhecida: use ${PAIN_VERSIONS.join(' ou ')}.`);
    const xml = await batchPain008(db, id, version as PainVersion, app.ctx.now());
    if (xml === null) throw notFound();
    return reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="debito-direto-${id}-${version}.xml"`)
      .send(xml);
  });
}
