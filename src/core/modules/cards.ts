// Membership cards, as the browser asks for them.
import { signal, type ReadonlySignal } from '@preact/signals-core';
import { ApiError } from '../api-error.js';
import { RESOURCE } from '../contract.js';
import type { Core } from '../core.js';

export type CardVerificationState = 'loading' | 'loaded' | 'not-found';

export interface CardVerification<T = unknown> {
  state: ReadonlySignal<CardVerificationState>;
  card: ReadonlySignal<T | null>;
  verify(code: string): Promise<void>;
}

/** Public card check, GET membership_cards/verify/{code}: a 404 sets the not-found flag (SPEC 8). */
export function createCardVerification<T = unknown>(core: Pick<Core, 'http'>): CardVerification<T> {
  const state = signal<CardVerificationState>('loading');
  const card = signal<T | null>(null);
  return {
    state,
    card,
    async verify(code) {
      state.value = 'loading';
      card.value = null;
      try {
        const res = await core.http.get<{ data?: T }>(`${RESOURCE.membershipCards}/verify/${encodeURIComponent(code)}`);
        card.value = res.data?.data ?? null;
        state.value = 'loaded';
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) state.value = 'not-found';
        else throw e;
      }
    },
  };
}
