import { inspect } from 'node:util';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, STATUS_PHRASES } from './errors.js';

// Fastify's own errors, in the words our users read.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'O corpo do pedido não é JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'O corpo do pedido está vazio.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'O corpo do pedido é demasiado grande.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de conteúdo não suportado.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'O comprimento do pedido não corresponde ao corpo.',
};

function send(reply: FastifyReply, statusCode: number, message: string, extra: object = {}) {
  return reply
    .status(statusCode)
    .send({ statusCode, error: STATUS_PHRASES[statusCode] ?? 'Error', message, ...extra });
}

/**
 * Every 5xx reaches the operator with its stack: through the request log when it is on, on
 * stderr otherwise (the log is off by default, and a 500 must never go unseen).
 */
function logServerError(request: FastifyRequest, error: Error) {
  if (request.server.ctx.config.logRequests) request.log.error({ err: error }, 'unhandled error');
  // inspect: the stack, and the cause and the driver's members (PostgreSQL's code, detail) too.
  else console.error(`${new Date().toISOString()} ${request.method} ${request.url} failed: ${inspect(error)}`);
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    if (error.fieldErrors) return reply.status(error.statusCode).send({ errors: error.fieldErrors });
    if (error.statusCode >= 500) logServerError(request, error);
    return send(reply, error.statusCode, error.message, error.details);
  }
  if (error.validation) {
    const first = error.validation[0];
    const where = error.validationContext === 'querystring' ? 'parâmetro' : 'campo';
    const name = first?.instancePath?.replace(/^\//, '') || String(first?.params?.missingProperty ?? '');
    return send(reply, 400, `Pedido inválido: ${where} ${name ? `"${name}" ` : ''}com valor inválido.`.replace('  ', ' '));
  }
  const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
  if (known) return send(reply, error.statusCode ?? 400, known);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return send(reply, error.statusCode, 'Pedido inválido.');
  }
  logServerError(request, error);
  return send(reply, 500, 'Erro interno do servidor. Tente novamente mais tarde.');
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, `Endereço não encontrado: ${request.method} ${request.url.split('?')[0]}`);
}
