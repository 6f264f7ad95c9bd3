import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { BusEvent, EventBus } from './bus.js';
import { busResync } from './topics.js';

/**
 * NOTIFY refuses payloads of 8000 bytes or more. We keep a margin for the envelope and,
 * when an event is still too big, send it without its payload and with
 * `payload: { truncated: true }`: every topic we publish means "something changed, fetch
 * it again", so listeners on other instances still learn what changed. Instances deliver
 * their own events in-process, with the full payload. The audience is never dropped (it
 * decides who may see the event); an event whose audience alone is too big is not sent to
 * other instances and is logged.
 */
export const NOTIFY_PAYLOAD_LIMIT = 7900;

/**
 * Events published in one turn of the event loop go out in one statement, at most this many at a
 * time: a payment published four or five events, each its own statement and commit (about 30
 * round trips a payment in all); concurrent requests share the statement too.
 */
export const NOTIFY_BATCH = 200;

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 30_000;

interface Envelope {
  /** The instance that published it: it already delivered the event in-process. */
  origin: string;
  event: BusEvent;
}

/** Channel names are identifiers (at most 63 bytes); one per schema, so test schemas never hear each other. */
export function channelFor(schema: string | undefined): string {
  return `associa_events_${schema ?? 'public'}`.slice(0, 63);
}

/** Encodes an event for NOTIFY, trimming its payload when needed; undefined if it cannot fit at all. */
export function encodeEnvelope(envelope: Envelope): string | undefined {
  const full = JSON.stringify(envelope);
  if (Buffer.byteLength(full) <= NOTIFY_PAYLOAD_LIMIT) return full;
  const trimmed = JSON.stringify({ ...envelope, event: { ...envelope.event, payload: { truncated: true } } });
  return Buffer.byteLength(trimmed) <= NOTIFY_PAYLOAD_LIMIT ? trimmed : undefined;
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const { origin, event } = value as Partial<Envelope>;
  return typeof origin === 'string' && typeof event === 'object' && event !== null && typeof event.topic === 'string';
}

export interface PgBusOptions {
  pool: pg.Pool;
  schema: string | undefined;
  log?: (message: string, error?: unknown) => void;
}

/**
 * Events cross server instances through PostgreSQL LISTEN/NOTIFY. Publishing uses the pool;
 * listening holds one dedicated connection (same settings as the pool) and reconnects with
 * backoff if it drops. Events published while the listener is down are not replayed: they
 * are hints to refetch, and clients refetch when their socket reconnects anyway.
 */
export async function createPgBus({ pool, schema, log = defaultLog }: PgBusOptions): Promise<EventBus> {
  const origin = randomUUID();
  const channel = channelFor(schema);
  const listeners = new Set<(event: BusEvent) => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryDelay = RECONNECT_MIN_MS;
  let everConnected = false;

  function deliver(event: BusEvent) {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        log('event listener failed', error);
      }
    }
  }

  function onNotification(message: pg.Notification) {
    if (message.channel !== channel || !message.payload) return;
    let envelope: unknown;
    try {
      envelope = JSON.parse(message.payload);
    } catch {
      return;
    }
    if (isEnvelope(envelope) && envelope.origin !== origin) deliver(envelope.event);
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((error: unknown) => {
        log('event bus listener could not reconnect', error);
        retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
        scheduleReconnect();
      });
    }, retryDelay);
    retryTimer.unref();
  }

  async function connect() {
    const next = new pg.Client(pool.options);
    const lost = (error?: unknown) => {
      if (client !== next) return;
      client = undefined;
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      if (!closed) {
        log('event bus listener lost its connection; reconnecting', error);
        scheduleReconnect();
      }
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', onNotification);
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (closed) {
      await next.end();
      return;
    }
    const reconnected = everConnected;
    client = next;
    everConnected = true;
    retryDelay = RECONNECT_MIN_MS;
    if (reconnected) deliver(busResync());
  }

  await connect();

  let queued: { topic: string; payload: string }[] = [];
  /** The flush to come, which events published now join. */
  let next: Promise<void> | undefined;
  /** The last flush to come or under way (close waits for it). */
  let last: Promise<void> = Promise.resolve();

  /**
   * Sends the queued events in the order published (one statement is one transaction, whose
   * notifications PostgreSQL delivers in order). An event repeated word for word within it
   * reaches other instances once, which is all a hint to refetch needs.
   */
  async function flush(): Promise<void> {
    const batch = queued;
    queued = [];
    next = undefined;
    for (let start = 0; start < batch.length; start += NOTIFY_BATCH) {
      const part = batch.slice(start, start + NOTIFY_BATCH);
      try {
        await pool.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS sent(payload)', [channel, part.map((e) => e.payload)]);
      } catch (error) {
        // The change behind each event is already committed; failing its request now would
        // only mislead the caller. Other instances' clients catch up when they refetch.
        const topics = [...new Set(part.map((e) => e.topic))].map((t) => `"${t}"`).join(', ');
        log(`events ${topics} could not be sent to other instances`, error);
      }
    }
  }

  /** Queues an event for the next flush, at the end of this turn of the event loop (close waits for it). */
  function send(event: { topic: string; payload: string }): void {
    queued.push(event);
    if (next) return;
    // After the flush before it: batches go out one after another, in order.
    next = Promise.all([last, new Promise<void>((resolve) => setImmediate(resolve))]).then(flush);
    last = next;
  }

  return {
    async publish(event) {
      deliver(event);
      const payload = encodeEnvelope({ origin, event });
      if (payload === undefined) {
        log(`event "${event.topic}" is too big for NOTIFY even without its payload; other instances will not see it`);
        return;
      }
      // Not awaited: a caller publishing its changes one after another still shares a statement.
      send({ topic: event.topic, payload });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      // Events already published still go out: their changes are committed.
      await last;
      closed = true;
      clearTimeout(retryTimer);
      listeners.clear();
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

function defaultLog(message: string, error?: unknown) {
  const reason = error instanceof Error ? `: ${error.message}` : '';
  console.error(`[associa] ${message}${reason}`);
}
