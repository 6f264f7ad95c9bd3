import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, testEngine, type TestServer } from './support/server.js';
import { connectSocket, type TestSocket } from './support/ws-client.js';
import { createMemoryBus } from '../../src/server/realtime/bus.js';
import { channelFor, NOTIFY_PAYLOAD_LIMIT } from '../../src/server/realtime/pg-bus.js';
import { resourceChanged } from '../../src/server/realtime/topics.js';
import { TOO_MANY_FOR_ACCOUNT } from '../../src/server/realtime/connections.js';

// On PostgreSQL two instances share one schema and events cross through LISTEN/NOTIFY.
// On SQLite only one server may open a file, so the same scenario runs on one instance
// whose bus is in-process: the path events take there.

const servers: TestServer[] = [];
const sockets: TestSocket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  // Newest first: the first server owns (and drops) the shared schema.
  for (const server of servers.splice(0).reverse()) await server.close();
});

async function start(overrides: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(overrides);
  servers.push(server);
  return { server, url: await server.app.listen({ host: '127.0.0.1', port: 0 }) };
}

async function authenticatedSocket(server: TestServer, url: string, token: string): Promise<TestSocket> {
  const socket = await connectSocket(url);
  sockets.push(socket);
  const { connectionId } = (await socket.next('handshake')).payload as { connectionId: string };
  const response = await server.request({ method: 'POST', url: '/api/websocket/auth', token, payload: { connectionId } });
  expect(response.statusCode).toBe(204);
  return socket;
}

if (testEngine === 'postgres') {
  describe('events across two instances on one PostgreSQL schema', () => {
    async function pair() {
      const first = await start();
      const second = await start({ pgSchema: first.server.database.schema });
      expect(second.server.database.schema).toBe(first.server.database.schema);
      return { first, second };
    }

    it('an event raised on one instance reaches an authenticated socket on the other, respecting its audience', async () => {
      const { first, second } = await pair();
      // The user exists once, in the shared schema; the second instance verifies its token.
      const editor = await first.server.createUser('editor');
      const member = await first.server.createUser('member');
      const editorSocket = await authenticatedSocket(second.server, second.url, (await second.server.login(editor)).access);
      const memberSocket = await authenticatedSocket(second.server, second.url, (await second.server.login(member)).access);

      await first.server.ctx.bus.publish(resourceChanged('members', 'created', 7, { roles: ['admin', 'editor'] }));
      await first.server.ctx.bus.publish({ topic: 'marker', payload: null });
      expect((await editorSocket.next('members changed')).payload).toEqual({ resource: 'members', action: 'created', id: 7 });
      await memberSocket.next('marker');
      expect(memberSocket.received.map((m) => m.topic)).toEqual(['handshake', 'marker']);
    });

    it('authenticates a socket held by one instance through the other (a load balancer may split them)', async () => {
      const { first, second } = await pair();
      const admin = await first.server.createUser('admin');
      const { access } = await first.server.login(admin);
      const socket = await connectSocket(second.url);
      sockets.push(socket);
      const { connectionId } = (await socket.next('handshake')).payload as { connectionId: string };
      const response = await first.server.request({ method: 'POST', url: '/api/websocket/auth', token: access, payload: { connectionId } });
      expect(response.statusCode).toBe(204);
      await first.server.ctx.bus.publish({ topic: 'settings updated', payload: null, audience: { roles: ['admin'] } });
      await socket.next('settings updated');
      // Messages between instances never reach a socket.
      expect(socket.received.map((m) => m.topic)).toEqual(['handshake', 'settings updated']);
      const unknown = await first.server.request({ method: 'POST', url: '/api/websocket/auth', token: access, payload: { connectionId: 'nao-existe' } });
      expect(unknown.statusCode).toBe(404);
    });

    it('answers 429 for a socket over its account cap whichever instance takes the authentication', async () => {
      const first = await start();
      const second = await start({ pgSchema: first.server.database.schema, connections: { ...first.server.ctx.config.connections, maxRealtimePerAccount: 1 } });
      const editor = await first.server.createUser('editor');
      const { access } = await first.server.login(editor);
      // Both sockets are on the second instance; the second one's authentication reaches the first.
      await authenticatedSocket(second.server, second.url, access);
      const over = await connectSocket(second.url);
      sockets.push(over);
      const { connectionId } = (await over.next('handshake')).payload as { connectionId: string };
      const response = await first.server.request({ method: 'POST', url: '/api/websocket/auth', token: access, payload: { connectionId } });
      expect(response.statusCode).toBe(429);
      expect(response.json().message).toBe(TOO_MANY_FOR_ACCOUNT);
      // Asked of the instance holding it, the answer is the same.
      expect((await second.server.request({ method: 'POST', url: '/api/websocket/auth', token: access, payload: { connectionId } })).statusCode).toBe(429);
    });

    it('does not deliver an instance its own event twice, nor events of another schema', async () => {
      const { first } = await pair();
      const stranger = await start();
      const user = await first.server.createUser('admin');
      const socket = await authenticatedSocket(first.server, first.url, (await first.server.login(user)).access);
      await stranger.server.ctx.bus.publish({ topic: 'debug', payload: 'outro esquema' });
      await first.server.ctx.bus.publish({ topic: 'debug', payload: 'este esquema' });
      await first.server.ctx.bus.publish({ topic: 'marker', payload: null });
      await socket.next('marker');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(socket.received.filter((m) => m.topic === 'debug').map((m) => m.payload)).toEqual(['este esquema']);
    });

    it('sends an event too big for NOTIFY without its payload to other instances', async () => {
      const { first, second } = await pair();
      const received: unknown[] = [];
      second.server.ctx.bus.subscribe((event) => received.push(event));
      const local: unknown[] = [];
      first.server.ctx.bus.subscribe((event) => local.push(event));
      const big = { text: 'x'.repeat(NOTIFY_PAYLOAD_LIMIT * 2) };
      await first.server.ctx.bus.publish({ topic: 'settings updated', payload: big, audience: { roles: ['admin'] } });
      await expect.poll(() => received).toEqual([{ topic: 'settings updated', payload: { truncated: true }, audience: { roles: ['admin'] } }]);
      expect(local).toEqual([{ topic: 'settings updated', payload: big, audience: { roles: ['admin'] } }]);
    });

    it('keeps listening after its database connection is dropped', async () => {
      const { first, second } = await pair();
      const received: string[] = [];
      second.server.ctx.bus.subscribe((event) => received.push(String(event.payload)));
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        const killed = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1`,
          [`LISTEN ${pg.escapeIdentifier(channelFor(first.server.database.schema))}`],
        );
        // Both instances' listeners were dropped.
        expect(killed.rowCount).toBe(2);
      } finally {
        await admin.end();
      }
      await expect
        .poll(
          async () => {
            await first.server.ctx.bus.publish({ topic: 'debug', payload: 'depois' });
            return received.includes('depois');
          },
          { timeout: 10_000, interval: 300 },
        )
        .toBe(true);
    });
  });
} else {
  describe('events on SQLite (one instance, in-process bus)', () => {
    it('an event raised on the bus reaches an authenticated socket, respecting its audience', async () => {
      const { server, url } = await start();
      const editor = await server.createUser('editor');
      const member = await server.createUser('member');
      const editorSocket = await authenticatedSocket(server, url, (await server.login(editor)).access);
      const memberSocket = await authenticatedSocket(server, url, (await server.login(member)).access);

      await server.ctx.bus.publish(resourceChanged('members', 'created', 7, { roles: ['admin', 'editor'] }));
      await server.ctx.bus.publish({ topic: 'marker', payload: null });
      expect((await editorSocket.next('members changed')).payload).toEqual({ resource: 'members', action: 'created', id: 7 });
      await memberSocket.next('marker');
      expect(memberSocket.received.map((m) => m.topic)).toEqual(['handshake', 'marker']);
    });

    it('uses the in-process bus, which delivers each event once to every subscriber', async () => {
      const { server } = await start();
      expect(server.database.engine).toBe('sqlite');
      const bus = createMemoryBus();
      const seen: string[] = [];
      bus.subscribe((event) => seen.push(event.topic));
      bus.subscribe((event) => seen.push(event.topic.toUpperCase()));
      await bus.publish({ topic: 'a', payload: null });
      expect(seen).toEqual(['a', 'A']);
      // The server's own bus is the same in-process kind: no database round trip.
      expect(server.ctx.bus.constructor).toBe(bus.constructor);
    });
  });
}
