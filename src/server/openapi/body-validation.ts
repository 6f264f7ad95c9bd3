import type { FastifyInstance, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { badRequest, HttpError, invalidRecord } from '../errors.js';
import type { JsonSchema } from './route-doc.js';

/**
 * A route's documented JSON body (`config.openapi.body`) is also the schema Fastify validates
 * it with, so the API reference and what the server accepts cannot drift apart. Set on every
 * route registered after this call (call it before any route); a route that already gives
 * Fastify a body schema of its own keeps it. Multipart and text bodies are read by their
 * handlers (a file, a Sentry envelope), not by a JSON Schema.
 */
export function validateDocumentedBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const body = route.config?.openapi?.body;
    if (!body || body.handChecked || (body.type !== undefined && body.type !== 'application/json')) return;
    if (route.schema?.body !== undefined) return;
    // Fastify validates a missing body as null: an optional body may be left out.
    const schema = body.required === false ? { anyOf: [{ type: 'null' }, body.schema] } : body.schema;
    route.schema = { ...route.schema, body: schema };
    // The refusal waits until the handler reads the body: a route says who may call it before
    // it reads what was sent, so a caller it refuses gets its 401 or 403, as before the schema.
    route.attachValidation = true;
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      if (request.validationError) refuseOnRead(request, request.validationError);
      return handler.call(this, request, reply);
    };
  });
}

/** From now on, reading the request's body throws the answer to the schema's refusal. */
function refuseOnRead(request: FastifyRequest, error: FastifyRequest['validationError']): void {
  const refusal = bodyRefusal(request, (error?.validation ?? []) as FastifySchemaValidationError[]);
  Object.defineProperty(request, 'body', {
    configurable: true,
    get() {
      throw refusal;
    },
  });
}

/**
 * A property's own pt-PT sentence for a value that breaks its schema, said instead of the
 * generic one (an OpenAPI extension, so it is documented too): the words its route's
 * hand-written check used, kept when the schema took the check over.
 */
export const OWN_MESSAGE = 'x-message';

const TYPE_PHRASES: Record<string, string> = {
  string: 'deve ser texto',
  integer: 'deve ser um número inteiro',
  number: 'deve ser um número',
  boolean: 'deve ser verdadeiro ou falso',
  array: 'deve ser uma lista',
  object: 'deve ser um objeto',
};

const FORMAT_PHRASES: Record<string, string> = {
  date: 'deve ser uma data no formato AAAA-MM-DD',
  'date-time': 'deve ser uma data e hora no formato ISO 8601',
  email: 'deve ser um endereço de e-mail válido',
};

const count = (n: number, one: string, many: string) => `${n.toLocaleString('pt-PT')} ${n === 1 ? one : many}`;

/** What is wrong with the value, as the end of a pt-PT sentence ("O campo X ..."). */
function phrase(error: FastifySchemaValidationError & { parentSchema?: JsonSchema }): string {
  const params = error.params as { type?: unknown; limit: number; allowedValues?: unknown[]; allowedValue?: unknown; format?: string };
  switch (error.keyword) {
    case 'required':
      return 'é obrigatório';
    case 'type': {
      const types = String(params.type).split(',').filter((type) => type !== 'null');
      return TYPE_PHRASES[types[0] ?? ''] ?? 'tem um tipo de valor inválido';
    }
    case 'minLength':
      return params.limit === 1 ? 'não pode estar vazio' : `deve ter pelo menos ${count(params.limit, 'carácter', 'caracteres')}`;
    case 'maxLength':
      return `deve ter no máximo ${count(params.limit, 'carácter', 'caracteres')}`;
    case 'minimum':
      return `deve ser pelo menos ${params.limit}`;
    case 'maximum':
      return `deve ser no máximo ${params.limit}`;
    case 'minItems':
      return params.limit === 1 ? 'deve ter pelo menos um elemento' : `deve ter pelo menos ${count(params.limit, 'elemento', 'elementos')}`;
    case 'maxItems':
      return `deve ter no máximo ${count(params.limit, 'elemento', 'elementos')}`;
    case 'enum':
      return `deve ser um de: ${(params.allowedValues ?? []).map(String).join(', ')}`;
    case 'const':
      return `deve ser ${JSON.stringify(params.allowedValue)}`;
    case 'format':
      return FORMAT_PHRASES[params.format ?? ''] ?? 'não tem o formato esperado';
    case 'pattern': {
      const description = error.parentSchema?.description;
      return typeof description === 'string' ? `não tem o formato esperado (${description.charAt(0).toLowerCase()}${description.slice(1)})` : 'não tem o formato esperado';
    }
    default:
      return 'tem um valor inválido';
  }
}

/** `/lines/0/amount` (and a missing `description` in it) -> `lines.0.description`. */
function fieldOf(error: FastifySchemaValidationError): string {
  const path = (error.instancePath ?? '').split('/').filter(Boolean);
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  if (error.keyword === 'required' && missing) path.push(missing);
  return path.join('.');
}

/**
 * Of a failed `oneOf` (a body with several accepted shapes, like POST /api/auth), the error of
 * the shape the body meant: one whose own fields are present but wrong, rather than a shape
 * that merely misses a field; the first shape's error otherwise.
 */
function meantError(errors: readonly FastifySchemaValidationError[]): FastifySchemaValidationError {
  const inBranches = errors.filter((error) => /^#\/(anyOf|oneOf)\/\d+\//.test(error.schemaPath));
  if (inBranches.length === 0) return errors[0]!;
  return inBranches.find((error) => error.keyword !== 'required') ?? inBranches[0]!;
}

/**
 * The deepest property on the broken value's path that has its own sentence (`x-message`),
 * which then speaks for any break inside it: `debts: ['1']` is a wrong `debts`, as its route's
 * hand-written check said, not a wrong `debts.0`.
 */
function ownMessage(schema: JsonSchema, path: readonly string[]): { field: string; message: string } | undefined {
  let found: { field: string; message: string } | undefined;
  let at: JsonSchema | undefined = schema;
  for (let depth = 0; depth <= path.length && at; depth += 1) {
    const message = at[OWN_MESSAGE];
    if (depth > 0 && typeof message === 'string') found = { field: path.slice(0, depth).join('.'), message };
    const segment = path[depth];
    if (segment === undefined) break;
    const properties = at.properties as Record<string, JsonSchema> | undefined;
    at = properties?.[segment] ?? (/^\d+$/.test(segment) ? (at.items as JsonSchema | undefined) : undefined);
  }
  return found;
}

/**
 * The answer to a body that breaks its route's schema: a 400 naming the field, or, where the
 * route answers its own checks field by field (`body.invalid: 'fields'`), a 422 with the field's
 * message, the same shapes its hand-written checks gave before the schema took them over.
 */
export function bodyRefusal(request: FastifyRequest, errors: readonly FastifySchemaValidationError[]): HttpError {
  // A `null` branch of an optional body is no help in telling what is wrong with the body given.
  const relevant = errors.filter((error) => !(error.keyword === 'type' && (error.params as { type?: string }).type === 'null' && request.body !== undefined));
  // Valid for two shapes at once: the body mixes the fields of both.
  if (errors.some((error) => error.keyword === 'oneOf' && Array.isArray((error.params as { passingSchemas?: unknown }).passingSchemas))) {
    return badRequest('O pedido junta campos de formas diferentes: envie só os de uma delas.');
  }
  const error = meantError(relevant.length > 0 ? relevant : errors);
  const field = fieldOf(error);
  if (!field) return badRequest('O corpo do pedido deve ser um objeto JSON.');
  const body = request.routeOptions.config.openapi?.body;
  const fields = body?.invalid === 'fields';
  const own = body ? ownMessage(body.schema, field.split('.')) : undefined;
  if (own) return fields ? invalidRecord({ [own.field]: own.message }) : badRequest(own.message);
  const what = phrase(error);
  if (fields) return invalidRecord({ [field]: `${what.charAt(0).toUpperCase()}${what.slice(1)}.` });
  return badRequest(`O campo "${field}" ${what}.`);
}
