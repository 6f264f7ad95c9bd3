import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';

/**
 * Clients switch on an error's `code`, not on its pt-PT wording: cases of the same status a
 * client must tell apart each have their own, and the body keeps its documented shape.
 */

let server: TestServer;
let admin = '';

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login(await server.createUser('admin'))).access;
});
afterAll(async () => {
  await server?.close();
});

describe('error codes', () => {
  it('an unknown address and a missing record are both 404, told apart by their code', async () => {
    const route = await server.request({ method: 'GET', url: '/api/nada', token: admin });
    expect(route.statusCode).toBe(404);
    expect(route.json()).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'route_not_found' });
    const record = await server.request({ method: 'GET', url: '/api/tags/999999', token: admin });
    expect(record.statusCode).toBe(404);
    expect(record.json()).toMatchObject({ statusCode: 404, code: 'not_found' });
  });

  it('malformed JSON, control characters and a plain bad request are three 400 codes', async () => {
    const json = await server.request({ method: 'POST', url: '/api/tags', token: admin, headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(json.json()).toMatchObject({ statusCode: 400, code: 'invalid_json' });
    const control = await server.request({ method: 'POST', url: '/api/tags', token: admin, payload: { name: 'a\u0000b' } });
    expect(control.json()).toMatchObject({ statusCode: 400, code: 'control_characters' });
    const plain = await server.request({ method: 'POST', url: '/api/auth/refresh', payload: {} });
    expect(plain.json()).toMatchObject({ statusCode: 400, code: 'bad_request' });
  });

  it('a 422 keeps its field messages, with the code beside them, from saving and from validating', async () => {
    for (const url of ['/api/tags', '/api/tags/validate']) {
      const response = await server.request({ method: 'POST', url, token: admin, payload: { name: '' } });
      expect(response.statusCode, url).toBe(422);
      const body = response.json();
      expect(body.code, url).toBe('invalid_record');
      expect(Object.keys(body.errors), url).toContain('name');
    }
  });

  it('a wrong password, an expired session and no login at all are told apart', async () => {
    const user = await server.createUser('editor');
    const wrong = await server.request({ method: 'POST', url: '/api/auth', payload: { username: user.username, password: 'errada-de-todo' } });
    expect(wrong.json()).toMatchObject({ statusCode: 403, code: 'wrong_password', message: 'Palavra-passe errada.' });
    const expired = await server.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'não-é-um-token' } });
    expect(expired.json()).toMatchObject({ statusCode: 401, code: 'session_expired' });
    const anonymous = await server.request({ method: 'GET', url: '/api/members' });
    expect(anonymous.json()).toMatchObject({ statusCode: 401, code: 'unauthorized' });
  });

  it('a plain GET of the realtime address is a JSON refusal, not an empty body', async () => {
    const response = await server.request({ method: 'GET', url: '/api/websocket', token: admin });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found', message: 'Este endereço só aceita ligações WebSocket.' });
  });
});
