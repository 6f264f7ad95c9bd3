import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError } from '../errors.js';
import { SENTRY_DOC } from '../openapi/route-docs.js';
import { envelopeDsn, envelopeUrl, parseDsn, sameDsn } from './sentry-dsn.js';

const ENVELOPE_TYPES = ['text/plain', 'application/x-sentry-envelope'];
const UPSTREAM_TIMEOUT_MS = 10_000;

/**
 * POST /api/sentry: the browser's error reports reach Sentry through our own origin, so ad
 * blockers and the CSP let them through. Only envelopes for our own DSN are forwarded, so
 * the tunnel cannot be used to post to anyone else's project. Without SENTRY_DSN the
 * reports are accepted and dropped.
 */
export async function sentryRoutes(app: FastifyInstance) {
  const configured = app.ctx.config.sentryDsn ? parseDsn(app.ctx.config.sentryDsn) : undefined;
  if (app.ctx.config.sentryDsn && !configured) throw new Error(`SENTRY_DSN is not a valid Sentry DSN: ${app.ctx.config.sentryDsn}`);

  // Envelopes are newline-separated JSON and may hold binary attachments: keep the bytes as sent.
  // This plugin is encapsulated, so these parsers apply to this route only.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(ENVELOPE_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/sentry', { config: { public: true, openapi: SENTRY_DOC } }, async (request, reply) => {
    const body = request.body;
    if (!Buffer.isBuffer(body)) throw new HttpError(415, 'Tipo de conteúdo não suportado: envie um envelope em text/plain.');
    if (!configured) return reply.status(204).send();

    const named = envelopeDsn(body);
    const dsn = named === undefined ? undefined : parseDsn(named);
    if (!dsn) throw badRequest('O envelope não indica um DSN válido.');
    if (!sameDsn(dsn, configured)) throw badRequest('O envelope é para outro projeto de registo de erros.');

    let upstream: Response;
    try {
      upstream = await fetch(envelopeUrl(configured), {
        method: 'POST',
        headers: { 'content-type': 'application/x-sentry-envelope' },
        // A copy typed as a plain ArrayBuffer view, which both the DOM and Node typings accept.
        body: Uint8Array.from(body),
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
    } catch (error) {
      request.log.warn({ err: error }, 'sentry tunnel: upstream unreachable');
      throw new HttpError(502, 'O serviço de registo de erros não respondeu.');
    }
    const text = await upstream.text();
    const type = upstream.headers.get('content-type');
    if (type) reply.type(type);
    return reply.status(upstream.status).send(text);
  });
}
