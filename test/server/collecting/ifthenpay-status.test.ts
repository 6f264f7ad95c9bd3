import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeIfthenpay, type FakeIfthenpay } from '../../../src/server/modules/collecting/fake-ifthenpay.js';
import { ifthenpayProvider } from '../../../src/server/modules/collecting/ifthenpay.js';
import { ProviderError } from '../../../src/server/modules/collecting/provider.js';

// The MB WAY codes ifthenpay documents (helpdesk "API MBWAY v2 - REST", ifthenpay-sdk-php
// MbwayService), read through the adapter from the fake server that speaks the same protocol.

describe('ifthenpay MB WAY status codes', () => {
  let fake: FakeIfthenpay;
  beforeAll(async () => {
    fake = await startFakeIfthenpay();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it.each([
    ['123', 'pending'],
    ['000', 'paid'],
    ['020', 'failed'],
    ['101', 'expired'],
    ['122', 'failed'],
    ['999', 'pending'],
  ])('status %s reads as %s', async (code, state) => {
    const provider = ifthenpayProvider(fake.config);
    const { providerId } = await provider.requestMbway('912345678', 1250, { orderId: `o${code}` });
    expect(await provider.status(providerId)).toBe('pending');
    fake.requests.get(providerId)!.status = code;
    expect(await provider.status(providerId)).toBe(state);
  });

  it('refuses a push the provider did not start (wrong key: -1), so nothing is stored', async () => {
    const provider = ifthenpayProvider({ ...fake.config, mbWayKey: 'NOT-THE-KEY' });
    await expect(provider.requestMbway('912345678', 1250, { orderId: 'wrongkey' })).rejects.toThrow(ProviderError);
    await expect(provider.requestMbway('912345678', 1250, { orderId: 'wrongkey' })).rejects.toThrow(/-1 Invalid mbWayKey/);
  });
});
