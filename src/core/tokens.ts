import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { AccessClaims, TokenPair } from './contract.js';
import { REFRESH_GRACE_S, STORAGE_KEYS } from './constants.js';
import { decodeJwtPayload } from './jwt.js';

/** The stored access and refresh tokens, mirrored in signals. */
export interface Tokens {
  access: ReadonlySignal<string | null>;
  refresh: ReadonlySignal<string | null>;
  claims: ReadonlySignal<AccessClaims | null>;
  loggedIn: ReadonlySignal<boolean>;
  set(pair: TokenPair): void;
  clear(): void;
}

export interface TokenKeys {
  access: string;
  refresh: string;
}

/**
 * Plain keys for the app that owns the page's storage; keys suffixed with the API base
 * otherwise, so one server's token is never sent to another.
 */
export function tokenKeys(api: string | null): TokenKeys {
  if (api === null) return { access: STORAGE_KEYS.access, refresh: STORAGE_KEYS.refresh };
  return { access: `${STORAGE_KEYS.access}@${api}`, refresh: `${STORAGE_KEYS.refresh}@${api}` };
}

export function createTokens(storage: Storage, keys: TokenKeys): Tokens {
  const access = signal(storage.getItem(keys.access));
  const refresh = signal(storage.getItem(keys.refresh));
  const claims = computed(() => decodeJwtPayload<AccessClaims>(access.value));
  return {
    access,
    refresh,
    claims,
    loggedIn: computed(() => access.value !== null && access.value !== ''),
    set(pair) {
      storage.setItem(keys.access, pair.access);
      storage.setItem(keys.refresh, pair.refresh);
      access.value = pair.access;
      refresh.value = pair.refresh;
    },
    clear() {
      storage.removeItem(keys.access);
      storage.removeItem(keys.refresh);
      access.value = null;
      refresh.value = null;
    },
  };
}

/**
 * True when the refresh token expires within the grace period (SPEC 4).
 * A token whose expiry cannot be read is left alone: the server will refuse it if it is bad.
 */
export function refreshExpiresSoon(refreshToken: string | null, nowSeconds: number, graceSeconds = REFRESH_GRACE_S): boolean {
  if (!refreshToken) return false;
  const exp = decodeJwtPayload<{ exp?: unknown }>(refreshToken)?.exp;
  if (typeof exp !== 'number') return false;
  return exp - nowSeconds < graceSeconds;
}
