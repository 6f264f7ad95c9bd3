import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { startTestServer, type TestServer } from './support/server.js';
import { ACCESS_TOKEN_SECONDS } from '../../src/server/auth/tokens.js';
import { PAIR_BACKOFF } from '../../src/server/auth/throttle.js';
import { deliverableBody, HIDDEN_LINK } from '../../src/server/messages/message-secrets.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const auth = (payload: unknown) => server.request({ method: 'POST', url: '/api/auth', payload: payload as object });
const messages = () => server.database.db.selectFrom('messages').selectAll().orderBy('_id').execute();
/** The code in the e-mail the recipient gets (the outbox itself shows the link hidden). */
async function mailedCode(message: Record<string, unknown> | undefined): Promise<string> {
  const text = await deliverableBody(server.database.db, Number(message!._id));
  return /loginporlink\/([\w-]+)/.exec(String(text))![1]!;
}

describe('POST /api/auth with a password', () => {
  it('returns an access token with ID, Name, Role, iat and exp (15 minutes) and a refresh token', async () => {
    const admin = await server.createUser('admin');
    const response = await auth({ username: admin.username, password: admin.password });
    expect(response.statusCode).toBe(200);
    const { access, refresh } = response.json();
    const claims = decodeJwt(access);
    expect(claims).toMatchObject({ ID: admin.id, Name: `Utilizador ${admin.username}`, Role: 'admin' });
    expect(claims.exp! - claims.iat!).toBe(ACCESS_TOKEN_SECONDS);
    const refreshClaims = decodeJwt(refresh);
    // Unused for 14 days (the default of setting sessionIdleDays), the session ends.
    expect(refreshClaims.exp! - refreshClaims.iat!).toBe(14 * 24 * 3600);
  });

  it('answers 403 for a wrong password and 404 for an unknown account', async () => {
    const user = await server.createUser('editor');
    expect((await auth({ username: user.username, password: 'errada' })).statusCode).toBe(403);
    expect((await auth({ username: 'ninguem', password: 'x' })).statusCode).toBe(404);
  });

  it('makes an address wait after repeated failures on an account, even with the right password, then lets it in', async () => {
    const user = await server.createUser('editor');
    for (let i = 0; i < PAIR_BACKOFF.free; i += 1) {
      expect((await auth({ username: user.username, password: 'errada' })).statusCode).toBe(403);
    }
    const blocked = await auth({ username: user.username, password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('60');
    expect(blocked.json()).toMatchObject({ statusCode: 429, message: 'Demasiadas tentativas falhadas. Aguarde 1 minuto e tente novamente.' });
    server.advance(61_000);
    expect((await auth({ username: user.username, password: user.password })).statusCode).toBe(200);
  });

  it('answers 204 and sends a login link to an account without a password', async () => {
    await server.createUser('member', { password: null, email: 'socia@exemplo.pt' });
    const users = await server.database.db.selectFrom('users').select('username').execute();
    const response = await auth({ username: users[0]!.username, password: '' });
    expect(response.statusCode).toBe(204);
    const [message] = await messages();
    expect(message).toMatchObject({ recipient: 'socia@exemplo.pt', status: 'pending' });
    expect(String(message!.body)).toContain(HIDDEN_LINK);
    expect(String(message!.body)).not.toContain('loginporlink');
    expect(await deliverableBody(server.database.db, Number(message!._id))).toMatch(/http:\/\/associa\.test\/autorizacao\/loginporlink\/[\w-]{20,}/);
  });

  it('rejects malformed bodies with a clear 400 and changes nothing', async () => {
    for (const payload of [{ username: 42, password: 'x' }, {}, { username: 'a'.repeat(5000), password: 'x' }]) {
      const response = await auth(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/campo/);
    }
    const malformed = await server.request({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('O corpo do pedido não é JSON válido.');
    expect(await server.database.db.selectFrom('auth_attempts').selectAll().execute()).toHaveLength(0);
  });
});

describe('password recovery and login by link', () => {
  it('answers 204 whether or not the e-mail exists, and a code logs in once within one hour', async () => {
    const member = await server.createUser('member', { email: 'Ana@Exemplo.pt' });
    expect((await auth({ email: 'nao-existe@exemplo.pt', recover_password: true })).statusCode).toBe(204);
    expect(await messages()).toHaveLength(0);
    expect((await auth({ email: 'ana@exemplo.pt', recover_password: true })).statusCode).toBe(204);
    const [message] = await messages();
    const code = await mailedCode(message);

    const first = await auth({ recoverCode: code });
    expect(first.statusCode).toBe(200);
    expect(decodeJwt(first.json().access).ID).toBe(member.id);
    expect((await auth({ recoverCode: code })).statusCode).toBe(403);
  });

  it('refuses a code after one hour', async () => {
    await server.createUser('member', { email: 'rui@exemplo.pt' });
    await auth({ email: 'rui@exemplo.pt', recover_password: true });
    const code = await mailedCode((await messages())[0]);
    server.advance(61 * 60_000);
    expect((await auth({ recoverCode: code })).statusCode).toBe(403);
  });
});

describe('refresh tokens', () => {
  const refresh = (refreshToken: unknown) =>
    server.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

  it('rotates at each use, and a reused token revokes its whole family', async () => {
    const user = await server.createUser('editor');
    const pair = await server.login(user);
    const second = await refresh(pair.refresh);
    expect(second.statusCode).toBe(200);
    const next = second.json();
    expect(next.refresh).not.toBe(pair.refresh);

    // The first token comes back: a thief has a copy. Both it and the newest one die.
    expect((await refresh(pair.refresh)).statusCode).toBe(401);
    expect((await refresh(next.refresh)).statusCode).toBe(401);
    // Another login is a new family and still works.
    expect((await refresh((await server.login(user)).refresh)).statusCode).toBe(200);
  });

  it('refuses an access token in place of a refresh token, and garbage', async () => {
    const user = await server.createUser('editor');
    const pair = await server.login(user);
    expect((await refresh(pair.access)).statusCode).toBe(401);
    expect((await refresh('nao.e.jwt')).statusCode).toBe(401);
    expect((await refresh(12)).statusCode).toBe(400);
  });
});

describe('bearer tokens', () => {
  const probe = (token: string) => server.request({ method: 'POST', url: '/api/auth/refresh', token, payload: { refreshToken: 'x' } });

  it('rejects forged, expired, unsigned and refresh tokens with 401', async () => {
    const user = await server.createUser('admin');
    const { access, refresh } = await server.login(user);
    const [header, payload] = access.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(access), Role: 'admin', ID: 999 })).toString('base64url')}.${access.split('.')[2]}`;
    const unsigned = new UnsecuredJWT({ ID: user.id, Name: 'x', Role: 'admin', typ: 'access' }).setExpirationTime('1h').encode();
    const otherKey = await new SignJWT({ ID: user.id, Name: 'x', Role: 'admin', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-key-not-the-server-key'));
    expect(payload).toBeTruthy();
    for (const token of [tampered, unsigned, otherKey, refresh, 'abc']) {
      const response = await probe(token);
      expect(response.statusCode, token).toBe(401);
    }
    server.advance((15 * 60 + 1) * 1000);
    expect((await probe(access)).statusCode).toBe(401);
  });
});
