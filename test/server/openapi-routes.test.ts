import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/core/contract.js';
import { startTestServer, type TestServer } from './support/server.js';

/**
 * The OpenAPI document describes every route the server registers, and nothing it does not,
 * and is a valid OpenAPI 3.1 document for a real validator.
 */

type Operation = { security?: unknown[]; responses: Record<string, { $ref?: string }> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, any>; responses: Record<string, any>; securitySchemes: Record<string, unknown> } };

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
