import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

/** The JSON body as an object, or a 400 saying it must be one (arrays, strings and null are not). */
export function objectBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('O corpo do pedido deve ser um objeto JSON.');
  return body as Record<string, unknown>;
}
