import type { Db } from '../../db/database.js';

/** A Multibanco reference to show the payer. */
export interface IssuedReference {
  entity: string;
  reference: string;
  /** The provider's id of the request (ifthenpay's RequestId); null for local references. */
  providerId: string | null;
  /** Local references: the sub-entity and sequence it was built from (the sequence is never reused while open). */
  subEntity?: string;
  sequence?: number;
}

/** What a callback proves once its key checked out: which request it names and what was paid. */
export interface VerifiedCallback {
  ok: true;
  /** The provider's id of the request, or the entity and reference paid. */
  providerId: string | null;
  entity: string | null;
  reference: string | null;
  /** Amount paid in cents. */
  amount: number;
  /** One per payment event: a redelivery has the same key. */
  dedupeKey: string;
  /** The callback as received, key masked. */
  raw: Record<string, string>;
}
export type CallbackCheck = VerifiedCallback | { ok: false; reason: string; raw: Record<string, string> };

export type ProviderState = 'pending' | 'paid' | 'expired' | 'failed';

/**
 * A payment provider behind one interface. `createReference` runs inside the caller's
 * transaction for local references (the sequence is taken there) and before it for a remote
 * provider (no network call holds a database transaction open): `local` says which.
 */
export interface PaymentProvider {
  readonly name: 'local' | 'ifthenpay';
  readonly local: boolean;
  /** `orderId`: the request's unique id at the provider; `db`: the transaction (local references). */
  createReference(debts: readonly number[], amount: number, expiry: { days: number; at: string }, context: { orderId: string; db: Db }): Promise<IssuedReference>;
  /** Sends the MB WAY push to a Portuguese mobile (9 digits); returns the provider's id of the request. */
  requestMbway(phone: string, amount: number, context: { orderId: string }): Promise<{ providerId: string }>;
  /** Checks a callback's key and reads it; never trusts anything before the key. */
  verifyCallback(request: { query: Record<string, string | undefined> }): CallbackCheck;
  /** The provider's view of a request, or null where it offers none (wait for the callback). */
  status(providerId: string): Promise<ProviderState | null>;
}

/** Provider failures: the request is not stored and staff are told to try again. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
}

/** `ABC-123456` -> `AB••••56`: enough to tell keys apart, not to use one. */
export function maskSecret(value: string): string {
  if (value.length <= 4) return '••••';
  return `${value.slice(0, 2)}••••${value.slice(-2)}`;
}

/** `12.50` / `12,5` / `12` -> cents; null for anything else (no floats on the way). */
export function centsOf(text: string | undefined): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec((text ?? '').trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Cents -> `12.50`, as providers want amounts. */
export const euros = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
