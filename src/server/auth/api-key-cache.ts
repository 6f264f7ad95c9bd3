import { changedTopic, type Role } from '../../core/contract.js';
import type { BusEvent, EventBus } from '../realtime/bus.js';
import { BUS_RESYNC_TOPIC, REAUTHENTICATE_TOPIC } from '../realtime/topics.js';
import { createBusCache, type BusCache, type BusCacheOptions, type BusDrop } from './bus-cache.js';
import { ACCOUNT_CACHE_OPTIONS } from './account-cache.js';

/** What a request made with an API key needs to know about the key. */
export interface ApiKey {
  id: number;
  name: string;
  role: Role;
  revoked: boolean;
  expiresAt: number | undefined;
  /** Kept up to date in the cache by the caller that writes it, so it is written once a minute, not per request. */
  lastUsedAt: number;
}

/** Keys by the hash of their secret. */
export type ApiKeyCache = BusCache<string, ApiKey>;

const KEYS_CHANGED = changedTopic('api_secrets');

/** Revocation, deletion and role changes name the key; a resync may hide any of them. */
function touchedKeys(event: BusEvent): BusDrop<ApiKey> {
  if (event.topic === BUS_RESYNC_TOPIC) return 'all';
  if (event.topic !== REAUTHENTICATE_TOPIC && event.topic !== KEYS_CHANGED) return undefined;
  const payload = event.payload as { id?: unknown; kind?: unknown } | null | undefined;
  if (event.topic === REAUTHENTICATE_TOPIC && payload?.kind !== 'apiKey') return undefined;
  const id = typeof payload?.id === 'number' ? payload.id : undefined;
  return id === undefined ? 'all' : (key) => key.id === id;
}

export function createApiKeyCache(
  bus: EventBus,
  now: () => number,
  load: (secretHash: string) => Promise<ApiKey | undefined>,
  options: BusCacheOptions = ACCOUNT_CACHE_OPTIONS,
): ApiKeyCache {
  return createBusCache(bus, now, load, touchedKeys, options);
}
