import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, testEngine, type TestServer, type TestUser } from './support/server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const LAST_ADMIN = 'Não é possível remover o último administrador ativo. Dê primeiro o perfil de administrador a outra conta ativa.';

const tokenOf = async (user: TestUser) => (await server.login(user)).access;
const patchUser = (id: number, token: string, payload: object) => server.request({ method: 'PATCH', url: `/api/users/${id}`, token, payload });
const deleteUser = (id: number, token: string) => server.request({ method: 'DELETE', url: `/api/users/${id}`, token });
const storedUser = (id: number) => server.database.db.selectFrom('users').selectAll().where('_id', '=', id).executeTakeFirst();
const activeAdmins = async () =>
  (await server.database.db.selectFrom('users').select('_id').where('role', '=', 'admin').where('active', '=', 1).execute()).length;

describe('the last active administrator', () => {
  it('cannot demote, deactivate or delete themselves, and nothing changes', async () => {
    const admin = await server.createUser('admin');
    const token = await tokenOf(admin);
    const before = await storedUser(admin.id);
    for (const change of [{ role: 'editor' }, { role: 'member' }, { active: false }]) {
      const response = await patchUser(admin.id, token, change);
      expect(response.statusCode, JSON.stringify(change)).toBe(409);
      expect(response.json()).toMatchObject({ statusCode: 409, code: 'last_admin', message: LAST_ADMIN });
    }
    const put = await server.request({
      method: 'PUT',
      url: `/api/users/${admin.id}`,
      token,
      payload: { username: admin.username, name: 'Outro Nome', role: 'editor', active: true },
    });
    expect(put.statusCode).toBe(409);
    expect((await deleteUser(admin.id, token)).statusCode).toBe(403);
    expect(await storedUser(admin.id)).toEqual(before);
    // The session is untouched: the refused changes did not end it.
    expect((await server.request({ method: 'GET', url: `/api/users/${admin.id}`, token })).statusCode).toBe(200);
  });

  it('cannot be removed by another administrator once the other one is inactive', async () => {
    const first = await server.createUser('admin');
    const second = await server.createUser('admin');
    const secondToken = await tokenOf(second);
    // The first one leaves: allowed, the second remains.
    expect((await patchUser(first.id, secondToken, { active: false })).statusCode).toBe(200);
    expect(await activeAdmins()).toBe(1);
    expect((await patchUser(second.id, secondToken, { role: 'editor' })).statusCode).toBe(409);

    // An inactive administrator does not count: reactivated, the first one may again be the one who stays.
    expect((await patchUser(first.id, secondToken, { active: true })).statusCode).toBe(200);
    expect((await patchUser(second.id, secondToken, { role: 'editor' })).statusCode).toBe(200);
    const firstToken = await tokenOf(first);
    expect((await deleteUser(second.id, firstToken)).statusCode).toBe(204);
    expect((await patchUser(first.id, firstToken, { role: 'member' })).json().code).toBe('last_admin');
    expect(await activeAdmins()).toBe(1);
  });

  it('cannot be removed by an administrator API key either', async () => {
    const admin = await server.createUser('admin');
    const token = await tokenOf(admin);
    const key = (await server.request({ method: 'POST', url: '/api/api_secrets', token, payload: { name: 'Integração', role: 'admin' } })).json().data.secret;
    expect((await patchUser(admin.id, key, { active: false })).statusCode).toBe(409);
    const removed = await deleteUser(admin.id, key);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(LAST_ADMIN);
    expect(await storedUser(admin.id)).toMatchObject({ role: 'admin', active: 1 });
  });

  it('a non-last administrator may step down; changing other fields of the last one is fine', async () => {
    const first = await server.createUser('admin');
    const second = await server.createUser('admin');
    const firstToken = await tokenOf(first);
    const renamed = await patchUser(first.id, firstToken, { name: 'Administradora Principal', active: true, role: 'admin' });
    expect(renamed.statusCode).toBe(200);
    expect((await patchUser(first.id, firstToken, { role: 'editor' })).statusCode).toBe(200);
    expect((await storedUser(first.id))!.role).toBe('editor');
    expect((await storedUser(second.id))!.role).toBe('admin');
  });

  it('two concurrent demotions of the last two administrators: exactly one succeeds', async () => {
    for (let round = 0; round < 5; round += 1) {
      // Each round starts from exactly two active administrators.
      await server.database.db.updateTable('users').set({ active: 0 }).where('role', '=', 'admin').execute();
      const a = await server.createUser('admin');
      const b = await server.createUser('admin');
      const [ta, tb] = [await tokenOf(a), await tokenOf(b)];
      const results = await Promise.all([patchUser(a.id, ta, { role: 'editor' }), patchUser(b.id, tb, { active: false })]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses, `round ${round} on ${testEngine}`).toEqual([200, 409]);
      expect(await activeAdmins()).toBe(1);
    }
  });
});

describe('deleting one\'s own account', () => {
  it('is refused even when other administrators remain', async () => {
    const admin = await server.createUser('admin');
    await server.createUser('admin');
    const response = await deleteUser(admin.id, await tokenOf(admin));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'own_account', message: 'Não pode apagar a sua própria conta. Outro administrador pode fazê-lo.' });
    expect(await storedUser(admin.id)).toBeTruthy();
  });
});
