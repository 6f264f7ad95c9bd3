import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { loadConfig, type ConnectionConfig } from '../../src/server/config.js';
import { proxyMatcher } from '../../src/server/edges/connection-limits.js';
import { AUTH_TIMEOUT_MS, CLOSE_TOO_MANY, TOO_MANY_FOR_ACCOUNT, TOO_MANY_FROM_ADDRESS } from '../../src/server/realtime/connections.js';
import { startTestServer, type TestServer } from './support/server.js';

/**
 * Real sockets against a listening server with tiny timeouts. 127.0.0.2 is a second local
 * address (all of 127.0.0.0/8 is loopback), so per-address caps can be seen from two clients.
 */

const OTHER_ADDRESS = '127.0.0.2';
// Short enough for a quick test, long enough that a request served meanwhile is not racing them.
const HEADERS_TIMEOUT = 400;
const REQUEST_TIMEOUT = 800;

let server: TestServer | undefined;
let port = 0;
const opened: { destroy(): void }[] = [];

afterEach(async () => {
  for (const client of opened.splice(0)) client.destroy();
  await server?.close();
  server = undefined;
});

async function start(limits: Partial<ConnectionConfig>, trustProxy: string[] = []) {
  const defaults = loadConfig({}).connections;
  server = await startTestServer({
    trustProxy,
    connections: {
      ...defaults,
      headersTimeoutMs: HEADERS_TIMEOUT,
      requestTimeoutMs: REQUEST_TIMEOUT,
      keepAliveTimeoutMs: 300,
      // Long: the timeouts under test are the headers and request ones, not inactivity.
      idleTimeoutMs: 30_000,
      ...limits,
    },
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as net.AddressInfo).port;
}

interface RawClient {
  socket: net.Socket;
  openedAt: number;
  /** Resolves when the server (or the network) closed the connection, with what it had sent. */
  closed: Promise<{ after: number; received: string }>;
}

/** A TCP connection that sends only what the test writes. */
function connect(localAddress = '127.0.0.1'): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    opened.push(socket);
    const openedAt = Date.now();
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    // A connection the server destroys may end in a reset: that is a close too.
    socket.on('error', () => undefined);
    const closed = new Promise<{ after: number; received: string }>((done) => socket.once('close', () => done({ after: Date.now() - openedAt, received })));
    socket.once('connect', () => resolve({ socket, openedAt, closed }));
    socket.once('error', reject);
  });
}

/** A plain GET on a connection of its own, from the given local address. */
function get(path: string, localAddress = '127.0.0.1'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, localAddress, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

/** The JSON body of a raw HTTP answer (its text is read as latin1, so decode it as UTF-8). */
const body = (received: string) => JSON.parse(Buffer.from(received.slice(received.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8'));

/** Writes one byte every `everyMs` until the connection closes. */
function drip(client: RawClient, everyMs: number) {
  const timer = setInterval(() => {
    if (!client.socket.destroyed) client.socket.write('x');
  }, everyMs);
  void client.closed.then(() => clearInterval(timer));
}

describe('HTTP connections', () => {
  it('closes idle connections after the headers timeout, and serves other clients meanwhile and afterwards', async () => {
    await start({ maxConnectionsPerAddress: 3 });
    const idle = await Promise.all([connect(), connect(), connect()]);

    // While they hold every slot of their address, another address is served at once.
    const meanwhile = await get('/api/', OTHER_ADDRESS);
    expect(meanwhile.status).toBe(200);

    for (const client of idle) {
      const { after, received } = await client.closed;
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(body(received)).toEqual({ statusCode: 408, error: 'Request Timeout', code: 'request_timeout', message: 'O pedido demorou demasiado a chegar. Tente novamente.' });
      expect(after).toBeGreaterThanOrEqual(HEADERS_TIMEOUT - 50);
    }
    // Their slots are free again.
    expect((await get('/api/')).status).toBe(200);
  });

  it('cuts a request whose headers drip in a byte at a time, at the headers timeout', async () => {
    await start({});
    const client = await connect();
    client.socket.write('GET /api/ HTTP/1.1\r\nHost: associa.test\r\nX-Lento: ');
    drip(client, 50);
    const { after, received } = await client.closed;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(after).toBeGreaterThanOrEqual(HEADERS_TIMEOUT - 50);
    expect(after).toBeLessThan(REQUEST_TIMEOUT + 1000);
  });

  it('cuts a request whose body drips in a byte at a time, at the request timeout', async () => {
    await start({});
    const client = await connect();
    client.socket.write('POST /api/auth HTTP/1.1\r\nHost: associa.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    drip(client, 50);
    const { after, received } = await client.closed;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(after).toBeGreaterThanOrEqual(REQUEST_TIMEOUT - 50);
  });

  it('answers bytes that are not HTTP with a 400 in Portuguese', async () => {
    await start({});
    const client = await connect();
    client.socket.write('GET /api/ HTTP/1.1\r\nHost: associa.test\r\nX-Mau: a\u0001b\r\n\r\n');
    const { received } = await client.closed;
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    expect(body(received)).toEqual({ statusCode: 400, error: 'Bad Request', code: 'bad_request', message: 'Pedido HTTP inválido.' });
  });

  it('closes a kept-alive connection that stays idle after its request', async () => {
    await start({});
    const client = await connect();
    client.socket.write('GET /api/ HTTP/1.1\r\nHost: associa.test\r\n\r\n');
    const { received } = await client.closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    // One answer, and the connection was not closed for asking for it to be.
    expect(received.match(/HTTP\/1\.1/g)).toHaveLength(1);
    expect(received.toLowerCase()).toContain('connection: keep-alive');
  });

  it('refuses a connection over its address cap at once, while another address is served', async () => {
    await start({ maxConnectionsPerAddress: 2 });
    await Promise.all([connect(), connect()]);
    const third = await connect();
    third.socket.write('GET /api/ HTTP/1.1\r\nHost: associa.test\r\n\r\n');
    const { after, received } = await third.closed;
    expect(received).toBe('');
    expect(after).toBeLessThan(HEADERS_TIMEOUT);
    expect((await get('/api/', OTHER_ADDRESS)).status).toBe(200);
  });

  it('does not cap a trusted proxy by address, which carries every client', async () => {
    await start({ maxConnectionsPerAddress: 2 }, ['127.0.0.1']);
    await Promise.all([connect(), connect(), connect(OTHER_ADDRESS), connect(OTHER_ADDRESS)]);
    expect((await get('/api/')).status).toBe(200);
    const third = await connect(OTHER_ADDRESS);
    third.socket.write('GET /api/ HTTP/1.1\r\nHost: associa.test\r\n\r\n');
    expect((await third.closed).received).toBe('');
  });

  it('caps the connections open in total', async () => {
    await start({ maxConnections: 3, maxConnectionsPerAddress: 0 });
    const held = await Promise.all([connect(), connect(OTHER_ADDRESS), connect(OTHER_ADDRESS)]);
    const fourth = await connect(OTHER_ADDRESS);
    fourth.socket.write('GET /api/ HTTP/1.1\r\nHost: associa.test\r\n\r\n');
    const { received, after } = await fourth.closed;
    expect(received).toBe('');
    expect(after).toBeLessThan(HEADERS_TIMEOUT);
    // Once the idle ones time out, there is room again.
    await Promise.all(held.map((client) => client.closed));
    expect((await get('/api/')).status).toBe(200);
  });
});

describe('configuration', () => {
  it('recognises trusted proxies by address, range and name', () => {
    const trusted = proxyMatcher(['10.1.2.3', '192.168.0.0/16', 'loopback', 'fd00::/8']);
    for (const address of ['10.1.2.3', '192.168.40.1', '127.0.0.9', '::1', 'fd12::1']) expect(trusted(address), address).toBe(true);
    for (const address of ['10.1.2.4', '192.169.0.1', '8.8.8.8', 'fe80::1', 'não-é-endereço']) expect(trusted(address), address).toBe(false);
    expect(proxyMatcher([])('127.0.0.1')).toBe(false);
  });

  it('reads every limit from the environment and refuses nonsense', () => {
    const limits = loadConfig({
      ASSOCIA_HEADERS_TIMEOUT: '5000',
      ASSOCIA_REQUEST_TIMEOUT: '9000',
      ASSOCIA_KEEP_ALIVE_TIMEOUT: '2000',
      ASSOCIA_IDLE_TIMEOUT: '7000',
      ASSOCIA_MAX_CONNECTIONS: '10',
      ASSOCIA_MAX_CONNECTIONS_PER_ADDRESS: '0',
      ASSOCIA_MAX_REALTIME_PER_ADDRESS: '4',
      ASSOCIA_MAX_REALTIME_PER_ACCOUNT: '3',
    }).connections;
    expect(limits).toEqual({
      headersTimeoutMs: 5000,
      requestTimeoutMs: 9000,
      keepAliveTimeoutMs: 2000,
      idleTimeoutMs: 7000,
      maxConnections: 10,
      maxConnectionsPerAddress: 0,
      maxRealtimePerAddress: 4,
      maxRealtimePerAccount: 3,
    });
    expect(() => loadConfig({ ASSOCIA_HEADERS_TIMEOUT: '0' })).toThrow(/ASSOCIA_HEADERS_TIMEOUT/);
    expect(() => loadConfig({ ASSOCIA_HEADERS_TIMEOUT: '90000', ASSOCIA_REQUEST_TIMEOUT: '60000' })).toThrow(/must not exceed/);
    expect(() => loadConfig({ ASSOCIA_MAX_CONNECTIONS: 'muitas' })).toThrow(/ASSOCIA_MAX_CONNECTIONS/);
  });
});

interface OpenSocket {
  socket: WebSocket;
  connectionId: string;
  closed: Promise<{ code: number; reason: string }>;
}

/** A realtime socket from the given local address, once the server has sent its id. */
function openSocket(localAddress = '127.0.0.1'): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/websocket`, { localAddress });
    opened.push({ destroy: () => socket.terminate() });
    const closed = new Promise<{ code: number; reason: string }>((done) => socket.once('close', (code, reason) => done({ code, reason: reason.toString() })));
    socket.once('message', (data) => {
      const message = JSON.parse(String(data)) as { topic: string; payload: { connectionId: string } };
      resolve({ socket, connectionId: message.payload.connectionId, closed });
    });
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => reject(Object.assign(new Error(`upgrade refused: ${response.statusCode}`), { status: response.statusCode, body })));
    });
    socket.once('error', reject);
  });
}

const authenticate = (connectionId: string, token: string) =>
  server!.request({ method: 'POST', url: '/api/websocket/auth', token, payload: { connectionId } });

describe('realtime sockets', () => {
  it('refuses the upgrade over the per-address cap with a 429 in Portuguese, while another address connects', async () => {
    await start({ maxRealtimePerAddress: 2 });
    const first = await openSocket();
    await openSocket();
    const refused = await openSocket().then(
      () => undefined,
      (error: { status?: number; body?: string }) => error,
    );
    expect(refused?.status).toBe(429);
    expect(JSON.parse(refused?.body ?? '{}').message).toBe(TOO_MANY_FROM_ADDRESS);
    await openSocket(OTHER_ADDRESS);

    // A socket that closes frees its place.
    first.socket.close();
    await first.closed;
    await vi.waitFor(() => openSocket(), { timeout: 2000, interval: 50 });
  });

  it('closes a socket over the per-account cap with 4429, and lets other accounts and re-authentication through', async () => {
    await start({ maxRealtimePerAccount: 2 });
    const ana = await server!.login(await server!.createUser('editor'));
    const rui = await server!.login(await server!.createUser('editor'));
    const [one, two, three, four] = await Promise.all([openSocket(), openSocket(), openSocket(), openSocket()]);
    expect((await authenticate(one.connectionId, ana.access)).statusCode).toBe(204);
    expect((await authenticate(two.connectionId, ana.access)).statusCode).toBe(204);

    const refused = await authenticate(three.connectionId, ana.access);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_FOR_ACCOUNT);
    // Another account is not counted against Ana's; Ana's sockets may authenticate again.
    expect((await authenticate(four.connectionId, rui.access)).statusCode).toBe(204);
    expect((await authenticate(one.connectionId, ana.access)).statusCode).toBe(204);

    // The refused socket is closed once its authentication delay is over, not at once: a
    // browser reconnects at once after a close, and would be refused again in a tight loop.
    server!.advance(AUTH_TIMEOUT_MS);
    expect(await three.closed).toEqual({ code: CLOSE_TOO_MANY, reason: TOO_MANY_FOR_ACCOUNT });
    expect(one.socket.readyState).toBe(WebSocket.OPEN);

    // One of Ana's sockets closing makes room for another (the server may hear of the close a
    // moment after the client: each try is a fresh socket, as a refused one is closed).
    two.socket.close();
    await two.closed;
    await vi.waitFor(
      async () => {
        const next = await openSocket();
        expect((await authenticate(next.connectionId, ana.access)).statusCode).toBe(204);
      },
      { timeout: 2000, interval: 50 },
    );
  });
});
