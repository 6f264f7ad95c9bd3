import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../src/core/contract.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let adminToken: string;
beforeEach(async () => {
  server = await startTestServer();
  // The administrator who manages the others; never the creator of the keys under test.
  adminToken = (await server.login(await server.createUser('admin'))).access;
});
afterEach(async () => {
  await server.close();
});

const HOUR = 60 * 60 * 1000;

async function createKey(token: string, role: Role, extra: object = {}) {
  const response = await server.request({ method: 'POST', url: '/api/api_secrets', token, payload: { name: `Chave ${role}`, role, ...extra } });
  expect(response.statusCode, response.body).toBe(201);
  const { data } = response.json();
  return { id: Number(data._id), secret: String(data.secret) };
}
/** A request any valid key gets through (every role may read settings). */
const useKey = (secret: string) => server.request({ method: 'GET', url: '/api/settings', token: secret });
const storedKey = (id: number) => server.database.db.selectFrom('api_secrets').selectAll().where('_id', '=', id).executeTakeFirstOrThrow();

describe('API key expiry', () => {
  it('a key works until its expiry and is refused after it', async () => {
    const expiresAt = new Date(server.ctx.now() + 2 * HOUR).toISOString();
    const key = await createKey(adminToken, 'editor', { expires_at: expiresAt });
    expect((await server.request({ method: 'GET', url: `/api/api_secrets/${key.id}`, token: adminToken })).json().data.expires_at).toBe(expiresAt);
    expect((await useKey(key.secret)).statusCode).toBe(200);
    server.advance(2 * HOUR + 1000);
    const refused = await useKey(key.secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Chave de API expirada.');
  });

  it('a key without an expiry keeps working', async () => {
    const key = await createKey(adminToken, 'member');
    server.advance(400 * 24 * HOUR);
    // The administrator's access token is long gone; the key is not.
    expect((await useKey(key.secret)).statusCode).toBe(200);
  });

  it('refuses an expiry in the past, and bringing an expired key back, with 422', async () => {
    const past = await server.request({
      method: 'POST',
      url: '/api/api_secrets',
      token: adminToken,
      payload: { name: 'Antiga', role: 'member', expires_at: new Date(server.ctx.now() - 1000).toISOString() },
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ expires_at: 'A data de expiração tem de ser posterior ao momento atual.' });

    const admin = await server.createUser('admin');
    const key = await createKey((await server.login(admin)).access, 'member', { expires_at: new Date(server.ctx.now() + HOUR).toISOString() });
    server.advance(2 * HOUR);
    const token = (await server.login(admin)).access;
    const before = await storedKey(key.id);
    for (const expires_at of [new Date(server.ctx.now() + HOUR).toISOString(), null]) {
      const revived = await server.request({ method: 'PATCH', url: `/api/api_secrets/${key.id}`, token, payload: { expires_at } });
      expect(revived.statusCode).toBe(422);
      expect(revived.json().errors).toEqual({ expires_at: 'Uma chave expirada não pode voltar a ser usada: crie uma nova.' });
    }
    expect(await storedKey(key.id)).toEqual(before);
  });

  it('still revokes by PATCH of revoked_at', async () => {
    const key = await createKey(adminToken, 'editor');
    const response = await server.request({ method: 'PATCH', url: `/api/api_secrets/${key.id}`, token: adminToken, payload: { revoked_at: new Date().toISOString() } });
    expect(response.statusCode).toBe(200);
    expect((await useKey(key.secret)).statusCode).toBe(401);
  });
});

describe('API keys follow their creator', () => {
  async function creatorWithKeys() {
    const creator = await server.createUser('admin');
    const token = (await server.login(creator)).access;
    const keys = { admin: await createKey(token, 'admin'), editor: await createKey(token, 'editor'), member: await createKey(token, 'member') };
    for (const key of Object.values(keys)) expect((await useKey(key.secret)).statusCode).toBe(200);
    return { creator, keys };
  }
  const works = async (secret: string) => (await useKey(secret)).statusCode === 200;

  it('are revoked when the creator is deactivated (reproduction)', async () => {
    const { creator, keys } = await creatorWithKeys();
    expect((await server.request({ method: 'PATCH', url: `/api/users/${creator.id}`, token: adminToken, payload: { active: false } })).statusCode).toBe(200);
    for (const key of Object.values(keys)) {
      expect(await works(key.secret)).toBe(false);
      expect((await storedKey(key.id)).revoked_at).toBeTruthy();
    }
    // Reactivating the account does not bring them back.
    expect((await server.request({ method: 'PATCH', url: `/api/users/${creator.id}`, token: adminToken, payload: { active: true } })).statusCode).toBe(200);
    for (const key of Object.values(keys)) expect(await works(key.secret)).toBe(false);
  });

  it('are revoked when the creator is deleted', async () => {
    const { creator, keys } = await creatorWithKeys();
    expect((await server.request({ method: 'DELETE', url: `/api/users/${creator.id}`, token: adminToken })).statusCode).toBe(204);
    for (const key of Object.values(keys)) {
      expect(await works(key.secret)).toBe(false);
      expect(await storedKey(key.id)).toMatchObject({ created_by: null, revoked_at: expect.any(String) });
    }
  });

  it('lose the roles the creator loses: demoted to editor, the admin keys go; to member, the editor keys too', async () => {
    const { creator, keys } = await creatorWithKeys();
    const demote = (role: Role) => server.request({ method: 'PATCH', url: `/api/users/${creator.id}`, token: adminToken, payload: { role } });
    expect((await demote('editor')).statusCode).toBe(200);
    expect([await works(keys.admin.secret), await works(keys.editor.secret), await works(keys.member.secret)]).toEqual([false, true, true]);
    expect((await demote('member')).statusCode).toBe(200);
    expect([await works(keys.admin.secret), await works(keys.editor.secret), await works(keys.member.secret)]).toEqual([false, false, true]);
    // Promoted again: revoked keys stay revoked.
    expect((await demote('admin')).statusCode).toBe(200);
    expect(await works(keys.admin.secret)).toBe(false);
  });

  it('the keys of other creators are untouched', async () => {
    const { creator } = await creatorWithKeys();
    const other = await createKey(adminToken, 'admin');
    await server.request({ method: 'PATCH', url: `/api/users/${creator.id}`, token: adminToken, payload: { active: false } });
    expect(await works(other.secret)).toBe(true);
  });
});
