import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIST_ALL } from '../../../core/contract.js';
import type { AuthenticatedCaller } from '../../auth/caller.js';
import { badRequest, unauthorized } from '../../errors.js';
import { sendCompressible } from '../../edges/compressed-body.js';
import { enqueueFileJob, fileJobState } from '../../jobs/file-job.js';
import { resourceHandlers } from '../../resources/handlers.js';
import { DOWNLOAD_JOB } from './download-job.js';
import { docViewRoute } from './doc-view.js';
import { manualReceiptRoute } from './manual.js';
import { singleBlockPdf, writeDownloadZip } from './download.js';
import { TREASURY_DOWNLOAD_DOC, TREASURY_DOWNLOAD_JOB_DOC, TREASURY_SEARCH_DOC } from './route-docs.js';
import { treasuryDocs } from './resources.js';
import { DOWNLOAD_INLINE_MAX, idsOf, visibleIds } from './selection.js';
import { pdfRoute } from './pdf-route.js';
import { seriesRoutes } from './series.js';
import { statusRoutes } from './statuses.js';

type Query = Record<string, string | string[] | undefined>;
const JSON_TYPE = 'application/json; charset=utf-8';
const SEARCH_IDS_MAX = 10_000;

function signedIn(request: FastifyRequest): AuthenticatedCaller {
  if (request.caller.kind === 'anonymous') throw unauthorized();
  return request.caller;
}

/** A search body's list parameters as the list route reads them from a query string. */
function searchQuery(body: unknown): Query {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('O corpo do pedido deve ser um objeto JSON.');
  const query: Query = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'ids') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') query[key] = String(value);
    else throw badRequest(`O parâmetro "${key}" deve ser texto ou número.`);
  }
  return query;
}

const attachment = (reply: FastifyReply, type: string, name: string) => reply.type(type).header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');

/** SPEC 7's treasury calls beyond the resources: search, download (and a large download's job), the bulk statuses. */
export function treasuryRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;
  const docs = resourceHandlers(app, treasuryDocs);

  app.post('/treasury_docs/search', { config: { openapi: TREASURY_SEARCH_DOC } }, async (request, reply) => {
    const caller = signedIn(request);
    const body = request.body as { ids?: unknown } | undefined;
    const query = searchQuery(body);
    // No ids, or none (SPEC 7: a selection left empty): the list parameters alone answer.
    if (body?.ids === undefined || (Array.isArray(body.ids) && body.ids.length === 0)) return sendCompressible(request, reply.type(JSON_TYPE), await docs.list(Object.assign(request, { query })));
    // With ids: those documents (all of them, no pages) that also match the other parameters, in the order asked.
    const ids = idsOf(body, SEARCH_IDS_MAX);
    await visibleIds(db, caller, ids);
    const bounded = { ...query, _id_gte: String(ids[0]), _id_lte: String(ids.at(-1)), _limit: String(LIST_ALL), _page: '1' };
    const answer = JSON.parse((await docs.list(Object.assign(request, { query: bounded }))).bytes.toString('utf8')) as { data: { _id: number }[] };
    const wanted = new Set(ids);
    const data = answer.data.filter((record) => wanted.has(record._id));
    return reply.type(JSON_TYPE).send(JSON.stringify({ data, meta: { total: data.length } }));
  });

  app.post('/treasury_docs/download', { config: { openapi: TREASURY_DOWNLOAD_DOC } }, async (request, reply) => {
    const caller = signedIn(request);
    const ids = idsOf(request.body);
    // A boolean when given: the route's body schema (TREASURY_DOWNLOAD_DOC) saw to it.
    const inBlocks = (request.body as { inBlocks?: boolean }).inBlocks;
    await visibleIds(db, caller, ids);
    const blocks = inBlocks === true;
    if (ids.length > DOWNLOAD_INLINE_MAX) {
      const job = await enqueueFileJob(app, DOWNLOAD_JOB, caller, { ids, inBlocks: blocks });
      return reply.status(202).send({ data: { job: job._id, total: ids.length } });
    }
    if (blocks) {
      const pdf = await singleBlockPdf(db, ids);
      if (pdf) return attachment(reply, 'application/pdf', 'documentos-tesouraria.pdf').send(pdf);
    }
    const out = new PassThrough();
    void writeDownloadZip(db, ctx, { ids, inBlocks: blocks }, out).catch((error: unknown) => request.log.error(error));
    return attachment(reply, 'application/zip', 'documentos-tesouraria.zip').send(out);
  });

  app.get<{ Params: { job: string } }>('/treasury_docs/download/:job', { config: { openapi: TREASURY_DOWNLOAD_JOB_DOC } }, async (request) => ({
    // Only who asked for it: anyone else is told it does not exist.
    data: await fileJobState(db, ctx.now(), signedIn(request), DOWNLOAD_JOB, request.params.job, 'Descarga não encontrada.'),
  }));

  statusRoutes(app);
  seriesRoutes(app);
  pdfRoute(app);
  docViewRoute(app);
  manualReceiptRoute(app);
}
