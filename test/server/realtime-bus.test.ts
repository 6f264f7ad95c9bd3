import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { mayReceive } from '../../src/server/realtime/audience.js';
import { channelFor, createPgBus, encodeEnvelope, NOTIFY_BATCH, NOTIFY_PAYLOAD_LIMIT } from '../../src/server/realtime/pg-bus.js';
import { BUS_RESYNC_TOPIC } from '../../src/server/realtime/topics.js';
import { testEngine } from './support/server.js';
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

if (testEngine === 'postgres') {
  describe('the PostgreSQL listener', () => {
    it('says it may have missed events when it is back after losing its connection', async () => {
      const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
      const schema = `t_resync_${randomBytes(4).toString('hex')}`;
      const bus = await createPgBus({ pool, schema, log: () => undefined });
      const heard: string[] = [];
      bus.subscribe((event) => heard.push(event.topic));
      try {
        // The listener's own backend is the one whose last statement was its LISTEN.
        const killed = await pool.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = current_database() AND query = $1',
          [`LISTEN ${pg.escapeIdentifier(channelFor(schema))}`],
        );
        expect(killed.rowCount).toBe(1);
        await vi.waitFor(() => expect(heard).toContain(BUS_RESYNC_TOPIC), { timeout: 5000, interval: 25 });
        // Back and listening: an event from another instance arrives again.
        const other = await createPgBus({ pool, schema, log: () => undefined });
        await other.publish({ topic: 'members changed', payload: { id: 1 } });
        await vi.waitFor(() => expect(heard).toContain('members changed'), { timeout: 5000, interval: 25 });
        await other.close();
      } finally {
        await bus.close();
        await pool.end();
      }
    });

    it('sends the events published in one turn to other instances, every one, in the order published, in few statements', async () => {
      const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
      const schema = `t_batch_${randomBytes(4).toString('hex')}`;
      const listening = await createPgBus({ pool, schema, log: () => undefined });
      const heard: unknown[] = [];
      listening.subscribe((event) => heard.push(event.payload));
      const statements: string[] = [];
      const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
      const counting = new Proxy(pool, { get: (target, name) => (name === 'query' ? (text: string, values: unknown[]) => (statements.push(text), query(text, values)) : Reflect.get(target, name)) });
      const publishing = await createPgBus({ pool: counting, schema, log: () => undefined });
      const count = NOTIFY_BATCH + 50;
      try {
        // Published together, as a payment's several changes are: one statement per NOTIFY_BATCH.
        const sent = Array.from({ length: count }, (_, i) => publishing.publish({ topic: 'payments changed', payload: { id: i } }));
        await Promise.all(sent);
        await vi.waitFor(() => expect(heard).toHaveLength(count), { timeout: 10_000, interval: 25 });
        expect(heard).toEqual(Array.from({ length: count }, (_, i) => ({ id: i })));
        expect(statements.filter((s) => s.includes('pg_notify'))).toHaveLength(2);
        // An event published after the others were sent goes out on its own.
        await publishing.publish({ topic: 'payments changed', payload: { id: -1 } });
        await vi.waitFor(() => expect(heard.at(-1)).toEqual({ id: -1 }), { timeout: 5000, interval: 25 });
      } finally {
        await publishing.close();
        await listening.close();
        await pool.end();
      }
    });
  });
}
