// Membership cards, as the browser asks for them.
import { signal, type ReadonlySignal } from '@preact/signals-core';
import { checkCard, type CardHttp, type VerifiedCard } from './card-check.js';

/**
 * SPEC 4 names loading, loaded and not found; a check refused for going too fast (429) is a
 * state of its own, since the page must say so rather than fail.
 */
export type CardVerificationState = 'loading' | 'loaded' | 'not-found' | 'too-many';

export interface CardVerification<T = VerifiedCard> {
  state: ReadonlySignal<CardVerificationState>;
  card: ReadonlySignal<T | null>;
  /** The server's words for a 429, when it sent them. */
  message: ReadonlySignal<string | null>;
  verify(code: string): Promise<void>;
}

/** Public card check, GET membership_cards/verify/{code}, as signals: a 404 sets the not-found flag (SPEC 8). */
export function createCardVerification<T = VerifiedCard>(core: CardHttp): CardVerification<T> {
  const state = signal<CardVerificationState>('loading');
  const card = signal<T | null>(null);
  const message = signal<string | null>(null);
  // Only the latest check speaks: an earlier answer arriving late is dropped.
  let latest = 0;
  return {
    state,
    card,
    message,
    async verify(code) {
      state.value = 'loading';
      card.value = null;
      message.value = null;
      const mine = ++latest;
      const result = await checkCard(core, code);
      if (mine !== latest) return;
      if (result.kind === 'loaded') card.value = result.card as T;
      if (result.kind === 'too-many') message.value = result.message;
      state.value = result.kind;
    },
  };
}
