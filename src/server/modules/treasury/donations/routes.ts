import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStaff } from '../../../auth/caller.js';
import { badRequest, forbidden, unauthorized } from '../../../errors.js';
import { modelo25Csv, modelo25Lines } from './modelo25.js';
import { MODELO25_DOC } from './route-docs.js';
import { statusHistoryRoutes } from './status-history.js';

function yearOf(value: string | string[] | undefined): number {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || !/^\d{4}$/.test(text) || Number(text) < 2000) throw badRequest('Indique o ano dos donativos com quatro algarismos, por exemplo year=2026.');
  return Number(text);
}

/** GET /donations/modelo25?year=2026: the year's donations as the accountant declares them; and a document's status history. */
export function donationRoutes(app: FastifyInstance): void {
  app.get('/donations/modelo25', { config: { openapi: MODELO25_DOC } }, async (request: FastifyRequest<{ Querystring: { year?: string | string[] } }>, reply) => {
    if (request.caller.kind === 'anonymous') throw unauthorized();
    if (!isStaff(request.caller)) throw forbidden();
    const year = yearOf(request.query.year);
    const csv = modelo25Csv(await modelo25Lines(app.ctx.database.db, year));
    return reply
      .header('cache-control', 'no-store')
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="modelo25-donativos-${year}.csv"`)
      .send(csv);
  });
  statusHistoryRoutes(app);
}
