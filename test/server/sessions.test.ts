import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { TokenPair } from '../../src/core/contract.js';
import { CURRENT_PASSWORD_FAILURES, CURRENT_PASSWORD_WINDOW_MS } from '../../src/server/auth/current-password-limit.js';
import { sha256 } from '../../src/server/auth/secrets.js';
import { startTestServer, type TestServer, type TestUser } from './support/server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const DAY = 24 * 60 * 60 * 1000;

const refresh = (refreshToken: string) => server.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
const logout = (payload: unknown) => server.request({ method: 'POST', url: '/api/auth/logout', payload: payload as object });
/** A request only a live session gets through: reading one's own account. */
const whoAmI = (user: TestUser, token: string) => server.request({ method: 'GET', url: `/api/users/${user.id}`, token });
const patchUser = (id: number, token: string, payload: object) => server.request({ method: 'PATCH', url: `/api/users/${id}`, token, payload });
const login = (user: TestUser, password = user.password) =>
  server.request({ method: 'POST', url: '/api/auth', payload: { username: user.username, password } });
const storedUser = (id: number) => server.database.db.selectFrom('users').selectAll().where('_id', '=', id).executeTakeFirstOrThrow();

/** A session that began with an e-mailed one-time code (as the recovery link gives). */
async function codeSession(user: TestUser): Promise<TokenPair> {
  const code = `codigo-de-teste-${user.id}-${Math.random().toString(36).slice(2)}`;
  const stamp = new Date(server.ctx.now()).toISOString();
  await server.database.db
    .insertInto('login_codes')
    .values({ user_id: user.id, code_hash: sha256(code), expires_at: new Date(server.ctx.now() + 3_600_000).toISOString(), created_at: stamp, updated_at: stamp })
    .execute();
  const response = await server.request({ method: 'POST', url: '/api/auth', payload: { recoverCode: code } });
  expect(response.statusCode).toBe(200);
  return response.json<TokenPair>();
}

describe('a password change ends the other sessions', () => {
  it('refuses an access token issued before an administrator set a new password (reproduction)', async () => {
    const admin = await server.createUser('admin');
    const editor = await server.createUser('editor');
    const adminSession = await server.login(admin);
    const stolen = await server.login(editor);
    expect((await whoAmI(editor, stolen.access)).statusCode).toBe(200);

    const changed = await patchUser(editor.id, adminSession.access, { password: 'uma-nova-senha-segura' });
    expect(changed.statusCode).toBe(200);
    // Another account's password: the administrator's own session is not renewed.
    expect(changed.json().data.tokens).toBeUndefined();

    const refused = await whoAmI(editor, stolen.access);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Sessão inválida ou expirada.');
    expect((await refresh(stolen.refresh)).statusCode).toBe(401);
    expect((await whoAmI(admin, adminSession.access)).statusCode).toBe(200);
    expect((await login(editor, 'uma-nova-senha-segura')).statusCode).toBe(200);
  });

  it('needs the current password to change one\'s own, and a wrong or missing one changes nothing', async () => {
    const editor = await server.createUser('editor');
    const session = await server.login(editor);
    const other = await server.login(editor);
    const before = await storedUser(editor.id);

    const missing = await patchUser(editor.id, session.access, { password: 'uma-nova-senha-segura' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: 'Indique a palavra-passe atual para a poder alterar.' });
    const wrong = await patchUser(editor.id, session.access, { password: 'uma-nova-senha-segura', current_password: 'nao-e-esta' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: 'A palavra-passe atual está errada.' });
    const alone = await patchUser(editor.id, session.access, { current_password: editor.password });
    expect(alone.statusCode).toBe(422);
    expect(Object.keys(alone.json().errors)).toEqual(['current_password']);

    expect(await storedUser(editor.id)).toEqual(before);
    for (const pair of [session, other]) {
      expect((await whoAmI(editor, pair.access)).statusCode).toBe(200);
    }
    expect((await refresh(other.refresh)).statusCode).toBe(200);
    expect((await login(editor)).statusCode).toBe(200);
  });

  it('makes an account wait after a few wrong current passwords, even with the right one', async () => {
    const editor = await server.createUser('editor');
    const { access } = await server.login(editor);
    for (let i = 0; i < CURRENT_PASSWORD_FAILURES; i += 1) {
      expect((await patchUser(editor.id, access, { password: 'uma-nova-senha-segura', current_password: `tentativa-${i}` })).statusCode).toBe(422);
    }
    const blocked = await patchUser(editor.id, access, { password: 'uma-nova-senha-segura', current_password: editor.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Demasiadas tentativas/);
    expect((await login(editor)).statusCode).toBe(200);
    server.advance(CURRENT_PASSWORD_WINDOW_MS + 1000);
    const { access: later } = await server.login(editor);
    expect((await patchUser(editor.id, later, { password: 'uma-nova-senha-segura', current_password: editor.password })).statusCode).toBe(200);
  });

  it('with the current password: every other session ends, the caller continues on the pair it gets back', async () => {
    const member = await server.createUser('member');
    const session = await server.login(member);
    const other = await server.login(member);

    const response = await patchUser(member.id, session.access, { password: 'a-minha-senha-nova', current_password: member.password });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).not.toHaveProperty('password');
    expect(data).not.toHaveProperty('current_password');
    const fresh = data.tokens as TokenPair;
    expect(decodeJwt(fresh.access)).toMatchObject({ ID: member.id, ver: 1 });

    // The old pair of this very session and the other session are both over...
    for (const pair of [session, other]) {
      expect((await whoAmI(member, pair.access)).statusCode).toBe(401);
      expect((await refresh(pair.refresh)).statusCode).toBe(401);
    }
    // ...and the new pair works and rotates.
    expect((await whoAmI(member, fresh.access)).statusCode).toBe(200);
    const rotated = await refresh(fresh.refresh);
    expect(rotated.statusCode).toBe(200);
    expect((await whoAmI(member, rotated.json().access)).statusCode).toBe(200);

    expect((await login(member)).statusCode).toBe(403);
    expect((await login(member, 'a-minha-senha-nova')).statusCode).toBe(200);
  });

  it('ends every session on deactivation and on a role change', async () => {
    const admin = await server.createUser('admin');
    const adminToken = (await server.login(admin)).access;
    for (const change of [{ role: 'member' }, { active: false }]) {
      const editor = await server.createUser('editor');
      const pair = await server.login(editor);
      expect((await patchUser(editor.id, adminToken, change)).statusCode).toBe(200);
      expect((await whoAmI(editor, pair.access)).statusCode, JSON.stringify(change)).toBe(401);
      expect((await refresh(pair.refresh)).statusCode, JSON.stringify(change)).toBe(401);
    }
  });

  it('a session from a login code sets a password without the current one for 15 minutes, not after', async () => {
    const member = await server.createUser('member');
    const recovered = await codeSession(member);
    expect(decodeJwt(recovered.access).amr).toBe('code');
    const response = await patchUser(member.id, recovered.access, { password: 'recuperada-agora' });
    expect(response.statusCode).toBe(200);
    expect((await whoAmI(member, response.json().data.tokens.access)).statusCode).toBe(200);

    const late = await codeSession(member);
    server.advance(14 * 60_000);
    // Still within the window, but the access token's own life (15 minutes) is nearly over: refresh it.
    const rotated = (await refresh(late.refresh)).json<TokenPair>();
    // A refreshed token is no longer a code login: it needs the current password like any other.
    expect(decodeJwt(rotated.access).amr).toBeUndefined();
    expect((await patchUser(member.id, rotated.access, { password: 'outra-senha-nova' })).statusCode).toBe(422);

    const expired = await codeSession(member);
    server.advance(15 * 60_000 + 1000);
    // The access token itself has expired by then.
    expect((await patchUser(member.id, expired.access, { password: 'outra-senha-nova' })).statusCode).toBe(401);
    expect((await login(member, 'recuperada-agora')).statusCode).toBe(200);
  });

  it('an account without a password (login by link) sets its first one without a current one', async () => {
    const member = await server.createUser('member', { password: null });
    const pair = await codeSession(member);
    server.advance(20 * 60_000);
    const rotated = (await refresh(pair.refresh)).json<TokenPair>();
    expect((await patchUser(member.id, rotated.access, { password: 'primeira-senha' })).statusCode).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session of the refresh token given, spent or not, and only that one', async () => {
    const editor = await server.createUser('editor');
    const first = await server.login(editor);
    const kept = await server.login(editor);
    const rotated = (await refresh(first.refresh)).json<TokenPair>();

    // The first, already spent token still names the session.
    const response = await logout({ refreshToken: first.refresh });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await refresh(rotated.refresh)).statusCode).toBe(401);
    expect((await refresh(kept.refresh)).statusCode).toBe(200);
    // Idempotent.
    expect((await logout({ refreshToken: first.refresh })).statusCode).toBe(204);
  });

  it('answers the same to garbage and access tokens, and 400 to a malformed body', async () => {
    const editor = await server.createUser('editor');
    const pair = await server.login(editor);
    for (const refreshToken of ['lixo', pair.access, 'a.b.c']) expect((await logout({ refreshToken })).statusCode).toBe(204);
    expect((await refresh(pair.refresh)).statusCode).toBe(200);
    for (const payload of [{}, { refreshToken: 42 }, { refreshToken: '' }, { refreshToken: 'x'.repeat(5000) }]) {
      const bad = await logout(payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('O campo "refreshToken" é obrigatório e deve ser texto.');
    }
  });
});

describe('refresh tokens idle out within a maximum life', () => {
  it('refuses a refresh token unused for longer than the idle setting (14 days by default)', async () => {
    const editor = await server.createUser('editor');
    const pair = await server.login(editor);
    const claims = decodeJwt(pair.refresh);
    expect(claims.exp! - claims.iat!).toBe(14 * 24 * 3600);
    server.advance(13 * DAY);
    const used = await refresh(pair.refresh);
    expect(used.statusCode).toBe(200);
    server.advance(14 * DAY + 60_000);
    expect((await refresh(used.json().refresh)).statusCode).toBe(401);
  });

  it('follows the setting, read at each refresh', async () => {
    const editor = await server.createUser('editor');
    const pair = await server.login(editor);
    const stamp = new Date(server.ctx.now()).toISOString();
    await server.database.db.insertInto('settings').values({ name: 'sessionIdleDays', value: '2', created_at: stamp, updated_at: stamp }).execute();
    server.advance(3 * DAY);
    expect((await refresh(pair.refresh)).statusCode).toBe(401);
  });

  it('ends a session 30 days after its login however often it is used', async () => {
    const editor = await server.createUser('editor');
    let pair = await server.login(editor);
    for (let day = 10; day < 30; day += 10) {
      server.advance(10 * DAY);
      const response = await refresh(pair.refresh);
      expect(response.statusCode, `day ${day}`).toBe(200);
      pair = response.json();
    }
    // Day 20: the new token cannot outlive the family's thirtieth day.
    const claims = decodeJwt(pair.refresh);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(10 * 24 * 3600 + 1);
    server.advance(9 * DAY);
    const day29 = await refresh(pair.refresh);
    expect(day29.statusCode).toBe(200);
    server.advance(DAY + 60_000);
    expect((await refresh(day29.json().refresh)).statusCode).toBe(401);
  });
});
