import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';
import { connectSocket, type TestSocket } from './support/ws-client.js';
import { newApiSecret } from '../../src/server/auth/secrets.js';
import { AUTH_TIMEOUT_MS, CLOSE_UNAUTHENTICATED } from '../../src/server/realtime/connections.js';
import { TOPIC } from '../../src/core/contract.js';
import { resourceChanged } from '../../src/server/realtime/topics.js';

let server: TestServer;
let baseUrl: string;
const sockets: TestSocket[] = [];

beforeEach(async () => {
  server = await startTestServer();
  baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await server.close();
});

async function open(): Promise<{ socket: TestSocket; connectionId: string }> {
  const socket = await connectSocket(baseUrl);
  sockets.push(socket);
  const handshake = await socket.next(TOPIC.handshake);
  const { connectionId } = handshake.payload as { connectionId: string };
  expect(connectionId).toMatch(/^[\w-]{16,}$/);
  return { socket, connectionId };
}

const authenticate = (connectionId: unknown, token?: string) =>
  server.request({ method: 'POST', url: '/api/websocket/auth', token, payload: { connectionId } });

async function openAs(token: string): Promise<TestSocket> {
  const { socket, connectionId } = await open();
  expect((await authenticate(connectionId, token)).statusCode).toBe(204);
  return socket;
}

async function apiKey(role: 'admin' | 'editor' | 'member', expiresAt: number | null = null): Promise<string> {
  const { secret, hash, prefix } = newApiSecret();
  const stamp = new Date().toISOString();
  const expires_at = expiresAt === null ? null : new Date(expiresAt).toISOString();
  await server.database.db
    .insertInto('api_secrets')
    .values({ name: `chave ${role}`, role, secret_hash: hash, secret_prefix: prefix, expires_at, created_at: stamp, updated_at: stamp })
    .execute();
  return secret;
}

/** Publishes a marker after the events under test: once it arrives, anything earlier has arrived too. */
async function settle(...targets: TestSocket[]) {
  await server.ctx.bus.publish({ topic: 'marker', payload: null });
  for (const target of targets) await target.next('marker');
}

describe('realtime socket', () => {
  it('sends a handshake with a connection id, and answers ping with pong', async () => {
    const { socket } = await open();
    socket.sendRaw(JSON.stringify({ topic: 'ping' }));
    expect(await socket.next(TOPIC.pong)).toEqual({ topic: 'pong', payload: null });
  });

  it('answers a malformed frame with an error frame and keeps the connection', async () => {
    const { socket } = await open();
    socket.sendRaw('isto não é JSON');
    socket.sendRaw(JSON.stringify({ sem: 'tópico' }));
    socket.sendRaw(Buffer.from([0, 1, 2]));
    const error = await socket.next(TOPIC.error);
    expect((error.payload as { message: string }).message).toMatch(/Mensagem inválida/);
    socket.sendRaw(JSON.stringify({ topic: 'ping' }));
    await socket.next(TOPIC.pong);
    expect(socket.received.filter((m) => m.topic === TOPIC.error)).toHaveLength(3);
  });

  it('closes a connection that sends an oversized frame, and keeps serving others', async () => {
    const { socket: big } = await open();
    const { socket: other } = await open();
    big.sendRaw(JSON.stringify({ topic: 'ping', padding: 'x'.repeat(64 * 1024) }));
    expect(await big.closed()).toBe(1009);
    other.sendRaw(JSON.stringify({ topic: 'ping' }));
    await other.next(TOPIC.pong);
  });

  it('authenticates a connection with a user token or an API key; refuses anonymous, unknown ids and bad bodies', async () => {
    const editor = await server.createUser('editor');
    const { access } = await server.login(editor);
    const { connectionId } = await open();

    expect((await authenticate(connectionId)).statusCode).toBe(401);
    const unknown = await authenticate('nao-existe', access);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/não encontrada/);
    for (const bad of [undefined, 42, '', 'x'.repeat(500)]) {
      const response = await authenticate(bad, access);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/connectionId/);
    }
    const forged = await authenticate(connectionId, 'forjado.token.jwt');
    expect(forged.statusCode).toBe(401);

    expect((await authenticate(connectionId, access)).statusCode).toBe(204);
    const key = await openAs(await apiKey('member'));
    const socket = sockets[0]!;
    await server.ctx.bus.publish({ topic: 'members changed', payload: { resource: 'members', action: 'created', id: 1 } });
    expect((await socket.next('members changed')).payload).toEqual({ resource: 'members', action: 'created', id: 1 });
    await key.next('members changed');
  });

  it('sends events only to authenticated connections whose caller is in the audience', async () => {
    const admin = await server.createUser('admin');
    const editor = await server.createUser('editor');
    const member = await server.createUser('member');
    const otherMember = await server.createUser('member');
    const adminSocket = await openAs((await server.login(admin)).access);
    const editorSocket = await openAs((await server.login(editor)).access);
    const memberSocket = await openAs((await server.login(member)).access);
    const otherSocket = await openAs((await server.login(otherMember)).access);
    const memberKeySocket = await openAs(await apiKey('member'));
    const { socket: anonymous } = await open();

    await server.ctx.bus.publish({ topic: TOPIC.settingsUpdated, payload: null, audience: { roles: ['admin'] } });
    await server.ctx.bus.publish(resourceChanged('users', 'updated', member.id, { roles: ['admin', 'editor'], userIds: [member.id] }));
    await server.ctx.bus.publish({ topic: TOPIC.debug, payload: 'Olá a todos' });
    await settle(adminSocket, editorSocket, memberSocket, otherSocket, memberKeySocket);

    const topics = (socket: TestSocket) => socket.received.map((m) => m.topic).filter((t) => t !== 'marker');
    expect(topics(adminSocket)).toEqual(['handshake', 'settings updated', 'users changed', 'debug']);
    expect(topics(editorSocket)).toEqual(['handshake', 'users changed', 'debug']);
    expect(topics(memberSocket)).toEqual(['handshake', 'users changed', 'debug']);
    expect(topics(otherSocket)).toEqual(['handshake', 'debug']);
    expect(topics(memberKeySocket)).toEqual(['handshake', 'debug']);
    expect((await memberSocket.next('users changed')).payload).toEqual({ resource: 'users', action: 'updated', id: member.id });
    // The anonymous socket is still open (it answers pings) but received no event.
    anonymous.sendRaw(JSON.stringify({ topic: 'ping' }));
    await anonymous.next(TOPIC.pong);
    expect(anonymous.received.map((m) => m.topic)).toEqual(['handshake', 'pong']);
  });

  it('closes a connection that does not authenticate within 30 seconds, and keeps one that did', async () => {
    const editor = await server.createUser('editor');
    const authenticated = await openAs((await server.login(editor)).access);
    const { socket: idle } = await open();
    server.advance(AUTH_TIMEOUT_MS - 5000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(idle.socket.readyState).toBe(idle.socket.OPEN);
    server.advance(6000);
    expect(await idle.closed()).toBe(CLOSE_UNAUTHENTICATED);
    authenticated.sendRaw(JSON.stringify({ topic: 'ping' }));
    await authenticated.next(TOPIC.pong);
  });

  it('closes an authenticated connection when its access token expires, so it must authenticate again', async () => {
    const editor = await server.createUser('editor');
    const socket = await openAs((await server.login(editor)).access);
    const key = await openAs(await apiKey('editor'));
    server.advance(15 * 60_000 + 1000);
    expect(await socket.closed()).toBe(CLOSE_UNAUTHENTICATED);
    // An API key has no expiry of its own.
    key.sendRaw(JSON.stringify({ topic: 'ping' }));
    await key.next(TOPIC.pong);
  });

  it('closes a connection authenticated with an API key when the key expires, and refuses the key after', async () => {
    const lifetime = 20 * 60_000;
    const secret = await apiKey('editor', server.ctx.now() + lifetime);
    const expiring = await openAs(secret);
    const lasting = await openAs(await apiKey('editor'));
    server.advance(lifetime - 5000);
    // The sweep runs every second of real time: give it the chance to close too early.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(expiring.socket.readyState).toBe(expiring.socket.OPEN);
    server.advance(6000);
    expect(await expiring.closed()).toBe(CLOSE_UNAUTHENTICATED);
    const { connectionId } = await open();
    expect((await authenticate(connectionId, secret)).statusCode).toBe(401);
    lasting.sendRaw(JSON.stringify({ topic: 'ping' }));
    await lasting.next(TOPIC.pong);
  });

  it("closes the sockets of an account or key that changed, leaving everyone else's", async () => {
    const admin = (await server.login(await server.createUser('admin'))).access;
    const member = await server.createUser('member');
    const memberToken = (await server.login(member)).access;
    const memberSocket = await openAs(memberToken);
    const adminSocket = await openAs(admin);
    // A harmless edit (the member's name) keeps the socket.
    await server.request({ method: 'PATCH', url: `/api/users/${member.id}`, token: admin, payload: { name: 'Outro Nome' } });
    await settle(memberSocket);
    const created = await server.request({ method: 'POST', url: '/api/api_secrets', token: admin, payload: { name: 'Site', role: 'editor' } });
    const keySocket = await openAs(created.json().data.secret);

    expect((await server.request({ method: 'PATCH', url: `/api/users/${member.id}`, token: admin, payload: { active: false } })).statusCode).toBe(200);
    expect(await memberSocket.closed()).toBe(CLOSE_UNAUTHENTICATED);
    // The deactivated account cannot come back with the token it still holds.
    const { connectionId } = await open();
    expect((await authenticate(connectionId, memberToken)).statusCode).toBe(401);

    const revoked = await server.request({ method: 'PATCH', url: `/api/api_secrets/${created.json().data._id}`, token: admin, payload: { revoked_at: new Date().toISOString() } });
    expect(revoked.statusCode).toBe(200);
    expect(await keySocket.closed()).toBe(CLOSE_UNAUTHENTICATED);
    await settle(adminSocket);
    adminSocket.sendRaw(JSON.stringify({ topic: 'ping' }));
    await adminSocket.next(TOPIC.pong);
  });

  it('closes its sockets when the server closes', async () => {
    const { socket } = await open();
    await server.app.close();
    expect(await socket.closed()).toBeGreaterThan(0);
  });
});
