import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/core/contract.js';
import { startTestServer, type TestServer } from './support/server.js';

/**
 * The OpenAPI document describes every route the server registers, and nothing it does not,
 * and is a valid OpenAPI 3.1 document for a real validator.
 */

type Operation = {
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; description?: string }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { example?: unknown }> }>;
};
type Document = { info: { description: string }; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, any>; responses: Record<string, any>; securitySchemes: Record<string, unknown> } };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let server: TestServer;
let document: Document;

beforeAll(async () => {
  server = await startTestServer();
  const response = await server.request({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(async () => {
  await server?.close();
});

/** The API's routes as `METHOD /path/{param}`; the web build's pages and files are not API. */
const registered = () =>
  server.app.routeList
    .filter((r) => r.url === '/api' || r.url.startsWith('/api/'))
    .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).filter((key) => METHODS.includes(key)).map((method) => `${method.toUpperCase()} ${path}`));

describe('OpenAPI document', () => {
  it('has one operation for each registered API route, and none for a route that does not exist', () => {
    // Operations nobody is granted (the outbox's and audit trail's writes) have no route at all.
    const routes = registered();
    expect(routes).not.toContain('POST /api/messages');
    expect(routes).not.toContain('PATCH /api/audit_log/{id}');
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((route) => !operations().includes(route)), 'routes missing from the document').toEqual([]);
    expect(operations().filter((operation) => !routes.includes(operation)), 'operations of no route').toEqual([]);
  });

  it('passes an OpenAPI 3.1 validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('marks exactly the public routes as needing no authentication, and declares the JWT and API key schemes', () => {
    const publicRoutes = new Set(server.app.routeList.filter((r) => r.public).map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`));
    expect(publicRoutes).toContain('POST /api/auth');
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const key = `${method.toUpperCase()} ${path}`;
        expect(operation.security, key).toEqual(publicRoutes.has(key) ? [] : undefined);
      }
    }
    expect(document.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      apiKey: { type: 'http', scheme: 'bearer' },
    });
  });

  it('gives every operation a summary and a description, and every query and header parameter its meaning', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item).filter(([key]) => METHODS.includes(key))) {
        const key = `${method.toUpperCase()} ${path}`;
        if (!operation.summary?.trim()) missing.push(`${key}: summary`);
        if (!operation.description?.trim() || operation.description === operation.summary) missing.push(`${key}: description`);
        for (const parameter of operation.parameters ?? []) if (parameter.in !== 'path' && !parameter.description?.trim()) missing.push(`${key}: ${parameter.in} ${parameter.name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('says who may call each resource operation, and explains the list parameters', () => {
    const list = document.paths['/api/members']!.get!;
    expect(list.description).toMatch(/Quem pode: .*administradores/);
    expect(list.description).toContain('`_page`');
    expect(list.description).toContain('`-1`');
    const parameters = Object.fromEntries((list.parameters ?? []).map((p) => [p.name, p.description ?? '']));
    expect(parameters._limit).toMatch(/de 1 a 500.*-1 devolve todos/);
    expect(parameters._sort).toMatch(/`-` antes do nome, por ordem descendente/);
    expect(parameters._search).toContain('«Nome»');
    expect(parameters._name).toMatch(/^Filtro por «Nome»/);
    expect(parameters._created_at_gte).toMatch(/a partir de/);
    // A member reaches only their own records: the grant 'own' says whose.
    expect(document.paths['/api/members/{id}']!.get!.description).toMatch(/Quem pode: .*só na sua própria ficha/);
  });

  it('shows example requests and answers built from the field types', () => {
    const list = document.paths['/api/members']!.get!;
    const example = list.responses['200']!.content!['application/json']!.example as { data: Record<string, unknown>[]; meta: { total: number } };
    expect(example.meta.total).toBe(1);
    expect(example.data[0]).toMatchObject({ _id: 1, _version: 1, name: expect.any(String) });
    const create = document.paths['/api/members']!.post!;
    const body = create.requestBody!.content['application/json']!.example as Record<string, unknown>;
    expect(body).toHaveProperty('name');
    // What the server sets is never in an example request.
    expect(body).not.toHaveProperty('_id');
    expect(body).not.toHaveProperty('created_at');
  });

  it('explains authentication with tokens and API keys, the request limits and every error code', () => {
    const introduction = document.info.description;
    expect(introduction).toContain('POST /api/auth');
    expect(introduction).toContain('Authorization: Bearer ask_');
    expect(introduction).toMatch(/Limites de pedidos[\s\S]*429[\s\S]*Retry-After/);
    for (const code of ERROR_CODES) expect(introduction, code).toContain(`| \`${code}\` |`);
  });

  it('describes error answers with their stable code', () => {
    expect(document.components.schemas.Error.required).toContain('code');
    expect(document.components.schemas.Error.properties.code.enum).toEqual([...ERROR_CODES]);
    expect(document.components.schemas.ValidationErrors.properties.code.enum).toEqual([...ERROR_CODES]);
    const login = document.paths['/api/auth']!.post!;
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '204', '400', '403', '429']));
    expect(login.responses['429']!.$ref).toBe('#/components/responses/Error429');
    expect(document.components.responses.Error429.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
  });
});
