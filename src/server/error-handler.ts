import { inspect } from 'node:util';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../core/contract.js';
import { defaultErrorCode, HttpError, STATUS_PHRASES } from './errors.js';
import { bodyRefusal } from './openapi/body-validation.js';

// Fastify's own errors, in the words our users read, with their codes.
const FASTIFY_ERRORS: Record<string, [message: string, code?: ErrorCode]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['O corpo do pedido não é JSON válido.', 'invalid_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['O corpo do pedido está vazio.', 'invalid_json'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['O corpo do pedido é demasiado grande.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['Tipo de conteúdo não suportado.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['O comprimento do pedido não corresponde ao corpo.'],
};

function send(reply: FastifyReply, statusCode: number, message: string, extra: { code?: ErrorCode } & Record<string, unknown> = {}) {
  const { code = defaultErrorCode(statusCode), ...rest } = extra;
  return reply.status(statusCode).send({ statusCode, error: STATUS_PHRASES[statusCode] ?? 'Error', code, message, ...rest });
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
  // A route's own body schema (documented bodies wait for the handler: openapi/body-validation.ts) answers in the same words.
  if (error.validation && error.validationContext === 'body') return errorHandler(bodyRefusal(request, error.validation), request, reply);
  if (error instanceof HttpError) {
    if (error.fieldErrors) return reply.status(error.statusCode).send({ code: error.code, errors: error.fieldErrors });
    if (error.statusCode >= 500) logServerError(request, error);
    return send(reply, error.statusCode, error.message, error.details);
  }
  if (error.validation) {
    const first = error.validation[0];
    const where = error.validationContext === 'querystring' ? 'parâmetro' : 'campo';
    const name = first?.instancePath?.replace(/^\//, '') || String(first?.params?.missingProperty ?? '');
    return send(reply, 400, `Pedido inválido: ${where} ${name ? `"${name}" ` : ''}com valor inválido.`.replace('  ', ' '));
  }
  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (known) return send(reply, error.statusCode ?? 400, known[0], known[1] ? { code: known[1] } : {});
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return send(reply, error.statusCode, 'Pedido inválido.');
  }
  logServerError(request, error);
  return send(reply, 500, 'Erro interno do servidor. Tente novamente mais tarde.');
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, `Endereço não encontrado: ${request.method} ${request.url.split('?')[0]}`, { code: 'route_not_found' });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

/**
 * preSerialization hook: an error answer a route sends itself (such as the 422 of
 * `POST {res}/validate`) gets its status's default `code` too, so no error body lacks one.
 */
export async function withErrorCode(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode < 400 || !isPlainObject(payload) || 'code' in payload) return payload;
  return { code: defaultErrorCode(reply.statusCode), ...payload };
}
