import { ERROR_CODES } from '../../core/contract.js';
import { STATUS_PHRASES } from '../errors.js';
import type { RouteEntry } from '../route-list.js';
import type { JsonSchema, RouteDoc } from './route-doc.js';

/** `/api/users/:id/history` -> `/api/users/{id}/history`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const errorResponse = (status: number) => ({ $ref: `#/components/responses/Error${status}` });

/** The error answers of the document: one per status, each with its stable `code`. */
function errorComponents(statuses: Iterable<number>): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {};
  for (const status of [...new Set(statuses)].sort()) {
    const schema = status === 422 ? { $ref: '#/components/schemas/ValidationErrors' } : { $ref: '#/components/schemas/Error' };
    responses[`Error${status}`] = { description: STATUS_PHRASES[status] ?? 'Erro', content: { 'application/json': { schema } } };
  }
  return responses;
}

function operation(route: RouteEntry, doc: RouteDoc): JsonSchema {
  const parameters = [
    ...[...route.url.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...Object.entries(doc.query ?? {}).map(([name, { description, ...schema }]) => ({ name, in: 'query', ...(description ? { description } : {}), schema })),
  ];
  const responses: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries(doc.responses)) {
    responses[status] = { description: answer.description, ...(answer.schema ? { content: { [answer.type ?? 'application/json']: { schema: answer.schema } } } : {}) };
  }
  for (const status of doc.errors) responses[status] = errorResponse(status);
  const operationId = `${route.method.toLowerCase()}${route.url.replace(/^\/api/, '').replace(/[/:{}-]+(\w)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase()) || 'Root'}`;
  return {
    tags: doc.tags,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    operationId,
    ...(route.public ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(doc.body
      ? { requestBody: { required: doc.body.required ?? true, ...(doc.body.description ? { description: doc.body.description } : {}), content: { [doc.body.type ?? 'application/json']: { schema: doc.body.schema } } } }
      : {}),
    responses,
  };
}

/**
 * Completes the resource document (resources/openapi.ts) with every registered route that
 * describes itself (`config.openapi`), the security schemes, and error bodies with their
 * `code`. A route registered with a description appears here without further wiring.
 */
export function withDescribedRoutes(document: JsonSchema, routes: readonly RouteEntry[]): JsonSchema {
  const paths = { ...(document.paths as Record<string, JsonSchema>) };
  const statuses: number[] = [];
  for (const route of routes) {
    if (!route.doc) continue;
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route, route.doc) };
    statuses.push(...route.doc.errors);
  }
  const components = document.components as Record<string, Record<string, JsonSchema>>;
  const schemas = components.schemas ?? {};
  const code = { type: 'string', enum: ERROR_CODES, description: 'Estável, para programas: decida por este valor, não pela mensagem.' };
  return {
    ...document,
    security: [{ bearerAuth: [] }, { apiKey: [] }],
    paths,
    components: {
      ...components,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Token de acesso obtido em POST /api/auth (renovado em POST /api/auth/refresh).' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'Chave de API (ask_...), enviada como token Bearer; age com o papel da chave.' },
      },
      schemas: {
        ...schemas,
        Error: {
          type: 'object',
          properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, code, message: { type: 'string', description: 'Em português, para mostrar a quem usa.' } },
          required: ['statusCode', 'error', 'code', 'message'],
        },
        ValidationErrors: {
          type: 'object',
          properties: { code, errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'Mensagem de cada campo com erro, em português.' } },
          required: ['errors'],
        },
      },
      responses: { ...components.responses, ...errorComponents(statuses) },
    },
  };
}
