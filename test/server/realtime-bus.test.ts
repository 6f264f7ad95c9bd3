import { describe, expect, it } from 'vitest';
import { mayReceive } from '../../src/server/realtime/audience.js';
import { channelFor, encodeEnvelope, NOTIFY_PAYLOAD_LIMIT } from '../../src/server/realtime/pg-bus.js';
import type { AuthenticatedCaller } from '../../src/server/auth/caller.js';

const user = (id: number, role: 'admin' | 'editor' | 'member'): AuthenticatedCaller => ({ kind: 'user', id, name: 'U', role, memberId: null });
const key = (id: number, role: 'admin' | 'editor' | 'member'): AuthenticatedCaller => ({ kind: 'apiKey', id, name: 'K', role, memberId: null });

describe('event audience', () => {
  it('lets everyone signed in receive an event without audience, and otherwise only the roles or users named', () => {
    expect(mayReceive(user(1, 'member'), undefined)).toBe(true);
    expect(mayReceive(key(1, 'member'), undefined)).toBe(true);
    const audience = { roles: ['admin', 'editor'] as const, userIds: [5] };
    expect(mayReceive(user(1, 'editor'), audience)).toBe(true);
    expect(mayReceive(user(5, 'member'), audience)).toBe(true);
    expect(mayReceive(user(6, 'member'), audience)).toBe(false);
    // userIds name users, never API keys that happen to share the number.
    expect(mayReceive(key(5, 'member'), audience)).toBe(false);
    expect(mayReceive(key(2, 'admin'), audience)).toBe(true);
    expect(mayReceive(user(1, 'admin'), { roles: [] })).toBe(false);
  });
});

describe('NOTIFY envelopes', () => {
  it('use one channel per schema, within the identifier limit', () => {
    expect(channelFor('t_abc')).toBe('associa_events_t_abc');
    expect(channelFor(undefined)).toBe('associa_events_public');
    expect(channelFor('s'.repeat(100))).toHaveLength(63);
  });

  it('keep small events whole, drop the payload of big ones, and never drop the audience', () => {
    const small = { origin: 'o', event: { topic: 'members changed', payload: { id: 1 } } };
    expect(JSON.parse(encodeEnvelope(small)!)).toEqual(small);

    const big = { origin: 'o', event: { topic: 'settings updated', payload: 'é'.repeat(NOTIFY_PAYLOAD_LIMIT), audience: { roles: ['admin' as const] } } };
    const encoded = encodeEnvelope(big)!;
    expect(Buffer.byteLength(encoded)).toBeLessThanOrEqual(NOTIFY_PAYLOAD_LIMIT);
    expect(JSON.parse(encoded)).toEqual({ origin: 'o', event: { topic: 'settings updated', payload: { truncated: true }, audience: { roles: ['admin'] } } });

    const hugeAudience = { origin: 'o', event: { topic: 'x', payload: null, audience: { roles: [], userIds: Array.from({ length: 5000 }, (_, i) => i) } } };
    expect(encodeEnvelope(hugeAudience)).toBeUndefined();
  });
});
