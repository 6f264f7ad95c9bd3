import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IfthenpayConfig } from '../../config.js';
import { localReference } from './multibanco.js';
import { centsOf, euros } from './provider.js';

// A stand-in for ifthenpay that speaks the same HTTP protocol (see ifthenpay.ts): tests and
// test mode issue references and MB WAY pushes against it, and `pay` makes it call the
// callback URL as ifthenpay would, so nothing needs the internet.

interface FakeRequest {
  requestId: string;
  orderId: string;
  method: 'multibanco' | 'mbway';
  amount: number;
  entity: string | null;
  reference: string | null;
  status: string;
}

export interface FakeIfthenpay {
  /** Base address to give the adapter (IfthenpayConfig.url). */
  url: string;
  /** The configuration that makes the adapter talk to this server. */
  config: IfthenpayConfig;
  /** Requests issued so far, by RequestId. */
  requests: Map<string, FakeRequest>;
  /** Where callbacks go (set once the server under test listens). */
  callbackUrl: string | undefined;
  /**
   * Marks a request paid and calls the callback as ifthenpay does; `change` alters what is
   * sent (a forged key or amount). Returns the callback's HTTP status.
   */
  pay(requestId: string, change?: Record<string, string>): Promise<number>;
  close(): Promise<void>;
}

/** The fictitious entity the fake issues references from. */
export const FAKE_ENTITY = '99998';

export async function startFakeIfthenpay(options: { callbackUrl?: string } = {}): Promise<FakeIfthenpay> {
  const keys = { mbKey: 'FAKE-MB-000001', mbWayKey: 'FAKE-MBW-000001', antiPhishingKey: randomBytes(24).toString('hex') };
  const requests = new Map<string, FakeRequest>();
  let sequence = 0;

  const send = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      } catch {
        return send(response, 400, { Message: 'Invalid JSON' });
      }
      const amount = centsOf(String(body.amount ?? ''));
      if (request.method === 'POST' && url.pathname === '/api/multibanco/reference/init') {
        if (body.mbKey !== keys.mbKey) return send(response, 200, { Status: '-1', Message: 'Invalid mbKey' });
        if (amount === null || !body.orderId) return send(response, 200, { Status: '-1', Message: 'Invalid amount or orderId' });
        sequence += 1;
        const requestId = randomBytes(10).toString('hex');
        const reference = localReference(FAKE_ENTITY, '123', sequence % 10_000, amount);
        requests.set(requestId, { requestId, orderId: String(body.orderId), method: 'multibanco', amount, entity: FAKE_ENTITY, reference, status: 'pending' });
        return send(response, 200, { Amount: euros(amount), Entity: FAKE_ENTITY, ExpiryDate: '', Message: 'Success', OrderId: body.orderId, Reference: reference, RequestId: requestId, Status: '0' });
      }
      if (request.method === 'POST' && url.pathname === '/api/spg/payment/mbway') {
        // As ifthenpay answers: -1 for a wrong key, 999 for a request it cannot start.
        if (body.mbWayKey !== keys.mbWayKey) return send(response, 200, { Status: '-1', Message: 'Invalid mbWayKey' });
        if (amount === null || !body.orderId || !/^351#9\d{8}$/.test(String(body.mobileNumber ?? ''))) return send(response, 200, { Status: '999', Message: 'Invalid request' });
        const requestId = randomBytes(10).toString('hex');
        // 123: pending payment, until the payer accepts (000), rejects (020), lets it expire (101) or is declined (122).
        requests.set(requestId, { requestId, orderId: String(body.orderId), method: 'mbway', amount, entity: null, reference: null, status: '123' });
        return send(response, 200, { Amount: euros(amount), Message: 'Pending', OrderId: body.orderId, RequestId: requestId, Status: '000' });
      }
      if (request.method === 'GET' && url.pathname === '/api/spg/payment/mbway/status') {
        const found = requests.get(url.searchParams.get('requestId') ?? '');
        if (url.searchParams.get('mbWayKey') !== keys.mbWayKey || !found) return send(response, 200, { Status: '999', Message: 'Not found' });
        return send(response, 200, { RequestId: found.requestId, Status: found.status, Message: found.status === '000' ? 'Success' : 'Pending' });
      }
      return send(response, 404, { Message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeIfthenpay = {
    url,
    config: { url, ...keys },
    requests,
    callbackUrl: options.callbackUrl,
    async pay(requestId, change = {}) {
      const found = requests.get(requestId);
      if (!found) throw new Error(`fake ifthenpay: no request ${requestId}`);
      if (!fake.callbackUrl) throw new Error('fake ifthenpay: no callback URL');
      found.status = '000';
      const query = new URLSearchParams({
        key: keys.antiPhishingKey,
        orderId: found.orderId,
        amount: euros(found.amount),
        requestId: found.requestId,
        ...(found.entity ? { entity: found.entity, reference: found.reference! } : {}),
        payment_datetime: '2026-05-04 10:11:12',
        ...change,
      });
      const response = await fetch(`${fake.callbackUrl}?${query.toString()}`);
      await response.arrayBuffer();
      return response.status;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
  return fake;
}
