import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';

interface Received {
  url: string;
  contentType: string | undefined;
  body: Buffer;
}

/** A stand-in for Sentry's ingest host: records envelopes and answers with a chosen status. */
let upstream: http.Server;
let upstreamBase: string;
let received: Received[];
let upstreamStatus: number;

beforeEach(async () => {
  received = [];
  upstreamStatus = 200;
  upstream = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', contentType: request.headers['content-type'], body: Buffer.concat(chunks) });
      response.writeHead(upstreamStatus, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'abc123' }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamBase = `127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await new Promise((resolve) => upstream.close(resolve));
});

const envelope = (dsn: string | undefined, extra = '') =>
  `${JSON.stringify({ event_id: '9ec79c33ec9942ab8353589fcb2e04dc', ...(dsn ? { dsn } : {}) })}\n` +
  `${JSON.stringify({ type: 'event' })}\n${JSON.stringify({ message: 'Erro no formulário' })}${extra}`;

const tunnel = (body: string | Buffer, contentType = 'text/plain;charset=UTF-8') =>
  server!.request({ method: 'POST', url: '/api/sentry', headers: { 'content-type': contentType }, payload: body });

describe('POST /api/sentry with SENTRY_DSN set', () => {
  const dsn = () => `http://chavepublica@${upstreamBase}/42`;

  it('forwards an envelope for our DSN to its envelope endpoint, byte for byte, and returns the upstream status', async () => {
    server = await startTestServer({ sentryDsn: dsn() });
    const body = envelope(dsn());
    const response = await tunnel(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'abc123' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ url: '/api/42/envelope/', contentType: 'application/x-sentry-envelope' });
    expect(received[0]!.body.toString('utf8')).toBe(body);

    upstreamStatus = 429;
    const limited = await tunnel(envelope(dsn()), 'application/x-sentry-envelope');
    expect(limited.statusCode).toBe(429);
    expect(received).toHaveLength(2);
  });

  it('keeps a path prefix of the DSN in the envelope address', async () => {
    const prefixed = `http://chavepublica@${upstreamBase}/sentry/7`;
    server = await startTestServer({ sentryDsn: prefixed });
    expect((await tunnel(envelope(prefixed))).statusCode).toBe(200);
    expect(received[0]!.url).toBe('/sentry/api/7/envelope/');
  });

  it('refuses with 400 an envelope for another DSN or without one, and forwards nothing', async () => {
    server = await startTestServer({ sentryDsn: dsn() });
    for (const other of [
      `http://outrachave@${upstreamBase}/42`,
      `http://chavepublica@${upstreamBase}/43`,
      `http://chavepublica@sentry.exemplo.pt/42`,
      'não é um DSN',
      undefined,
    ]) {
      const response = await tunnel(envelope(other));
      expect(response.statusCode, String(other)).toBe(400);
      expect(response.json().message).toMatch(/envelope/);
    }
    expect((await tunnel('lixo sem cabeçalho')).statusCode).toBe(400);
    expect(received).toEqual([]);
  });

  it('answers 502 in pt-PT when the upstream does not answer', async () => {
    // Stop the stand-in: its port now refuses connections. A fresh idle one replaces it for afterEach.
    await new Promise((resolve) => upstream.close(resolve));
    const closedPort = upstreamBase;
    upstream = http.createServer();
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    server = await startTestServer({ sentryDsn: `http://k@${closedPort}/1` });
    const response = await tunnel(envelope(`http://k@${closedPort}/1`));
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('O serviço de registo de erros não respondeu.');
  });

  it('refuses an oversized envelope with 413 and forwards nothing', async () => {
    server = await startTestServer({ sentryDsn: dsn(), bodyLimit: 4096 });
    const response = await tunnel(envelope(dsn(), 'x'.repeat(8192)));
    expect(response.statusCode).toBe(413);
    expect(received).toEqual([]);
  });

  it('refuses other content types with 415', async () => {
    server = await startTestServer({ sentryDsn: dsn() });
    const response = await server.request({ method: 'POST', url: '/api/sentry', payload: { dsn: dsn() } });
    expect(response.statusCode).toBe(415);
    expect(received).toEqual([]);
  });
});

describe('POST /api/sentry without SENTRY_DSN', () => {
  it('answers 204 and drops the envelope', async () => {
    server = await startTestServer();
    const response = await tunnel(envelope(`http://chavepublica@${upstreamBase}/42`));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(received).toEqual([]);
    expect((await tunnel(envelope(undefined), 'application/x-sentry-envelope')).statusCode).toBe(204);
  });
});
