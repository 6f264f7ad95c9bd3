import { createHash, timingSafeEqual } from 'node:crypto';
import type { IfthenpayConfig } from '../../config.js';
import { centsOf, euros, maskSecret, ProviderError, type PaymentProvider, type ProviderState } from './provider.js';

// ifthenpay's documented HTTP API (helpdesk.ifthenpay.com, ifthenpay.com/docs):
// - Multibanco dynamic references: POST {url}/api/multibanco/reference/init
//   {mbKey, orderId, amount: "12.50", expiryDays} -> {Amount, Entity, Reference, RequestId, ExpiryDate, Status: "0", Message}
// - MB WAY push: POST {url}/api/spg/payment/mbway {mbWayKey, orderId (<= 15), amount, mobileNumber: "351#9xxxxxxxx"}
//   -> {Amount, OrderId, RequestId, Status: "000" (pending acceptance), Message}
// - MB WAY status: GET {url}/api/spg/payment/mbway/status?mbWayKey=&requestId= -> {Status, Message}
// - Callback (the URL registered with ifthenpay): GET ...?key=[ANTI_PHISHING_KEY]&orderId=[ORDER_ID]
//   &amount=[AMOUNT]&requestId=[REQUEST_ID]&entity=[ENTITY]&reference=[REFERENCE]&payment_datetime=[PAYMENT_DATETIME]
//   ifthenpay looks only at the status: 200 ends it, anything else is retried later.

const TIMEOUT_MS = 10_000;

/**
 * MB WAY status codes of GET .../mbway/status, as ifthenpay documents them (helpdesk article
 * "API MBWAY v2 - REST"; the constants of its PHP SDK, ifthenpay-sdk-php MbwayService):
 * 123 pending payment; 000 paid; 020 rejected by the payer; 101 expired (the payer has 4 minutes
 * to accept in the MB WAY app); 122 declined to the payer (by SIBS). An unknown code reads as
 * pending: a callback, never a guess, records money. (The push's own answer has other codes:
 * 000 started, 100 not completed, 122 declined, 999 error, -1 wrong key; only 000 is accepted.)
 */
const MBWAY_STATES: Record<string, ProviderState> = { '123': 'pending', '000': 'paid', '020': 'failed', '101': 'expired', '122': 'failed' };

const digest = (text: string) => createHash('sha256').update(text).digest();
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

async function call(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), headers: { 'content-type': 'application/json', accept: 'application/json' } });
  } catch (error) {
    throw new ProviderError(`ifthenpay unreachable: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (!response.ok) throw new ProviderError(`ifthenpay answered ${response.status}: ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ProviderError(`ifthenpay answered something that is not JSON: ${text.slice(0, 200)}`);
  }
}

/** The ifthenpay adapter: keys from configuration, shown only masked. */
export function ifthenpayProvider(config: IfthenpayConfig): PaymentProvider {
  const api = `${config.url}/api`;
  return {
    name: 'ifthenpay',
    local: false,
    async createReference(_debts, amount, expiry, { orderId }) {
      if (!config.mbKey) throw new ProviderError('ifthenpay: no Multibanco key (ASSOCIA_IFTHENPAY_MB_KEY)');
      const answer = await call(`${api}/multibanco/reference/init`, {
        method: 'POST',
        body: JSON.stringify({ mbKey: config.mbKey, orderId, amount: euros(amount), expiryDays: expiry.days }),
      });
      const entity = String(answer.Entity ?? '');
      const reference = String(answer.Reference ?? '').replace(/\s/g, '');
      if (String(answer.Status) !== '0' || !/^\d{5}$/.test(entity) || !/^\d{9}$/.test(reference)) {
        throw new ProviderError(`ifthenpay refused the reference: ${String(answer.Status)} ${String(answer.Message ?? '')}`);
      }
      if (centsOf(String(answer.Amount ?? '')) !== amount) throw new ProviderError(`ifthenpay issued the reference for another amount: ${String(answer.Amount)}`);
      return { entity, reference, providerId: answer.RequestId ? String(answer.RequestId) : null };
    },
    async requestMbway(phone, amount, { orderId }) {
      if (!config.mbWayKey) throw new ProviderError('ifthenpay: no MB WAY key (ASSOCIA_IFTHENPAY_MBWAY_KEY)');
      const answer = await call(`${api}/spg/payment/mbway`, {
        method: 'POST',
        body: JSON.stringify({ mbWayKey: config.mbWayKey, orderId, amount: euros(amount), mobileNumber: `351#${phone}`, description: `Quotas ${orderId}` }),
      });
      if (String(answer.Status) !== '000' || !answer.RequestId) throw new ProviderError(`ifthenpay refused the MB WAY request: ${String(answer.Status)} ${String(answer.Message ?? '')}`);
      return { providerId: String(answer.RequestId) };
    },
    verifyCallback(request) {
      const query = Object.fromEntries(Object.entries(request.query).map(([k, v]) => [k, typeof v === 'string' ? v : '']));
      const raw = { ...query, ...(query.key ? { key: maskSecret(query.key) } : {}) };
      if (!query.key || !sameSecret(query.key, config.antiPhishingKey)) return { ok: false, reason: 'wrong anti-phishing key', raw };
      const amount = centsOf(query.amount);
      if (amount === null || amount < 1) return { ok: false, reason: `unreadable amount "${query.amount ?? ''}"`, raw };
      const providerId = query.requestId || null;
      const entity = query.entity || null;
      const reference = query.reference ? query.reference.replace(/\s/g, '') : null;
      if (!providerId && !(entity && reference)) return { ok: false, reason: 'names no request (requestId, or entity and reference)', raw };
      const dedupeKey = `ifthenpay:${providerId ?? `${entity}/${reference}`}:${query.payment_datetime ?? ''}:${amount}`;
      return { ok: true, providerId, entity, reference, amount, dedupeKey, raw };
    },
    async status(providerId) {
      if (!config.mbWayKey) return null;
      const query = new URLSearchParams({ mbWayKey: config.mbWayKey, requestId: providerId });
      const answer = await call(`${api}/spg/payment/mbway/status?${query.toString()}`, { method: 'GET' });
      return MBWAY_STATES[String(answer.Status)] ?? 'pending';
    },
  };
}
