import { changedTopic, type Role } from '../../core/contract.js';
import type { BusEvent, EventBus } from '../realtime/bus.js';
import { createBusCache, type BusCache, type BusCacheOptions, type BusDrop } from './bus-cache.js';
import { BUS_RESYNC_TOPIC, REAUTHENTICATE_TOPIC } from '../realtime/topics.js';

/** What every authenticated request needs to know about the account behind its token. */
export interface Account {
  id: number;
  name: string;
  role: Role;
  memberId: number | null;
  /** Binds a guardian's account to the minors whose guardian e-mail it is (guardianship.ts). */
  username?: string;
  active: boolean;
  /** Access tokens signed with another session version are refused. */
  tokenVersion: number;
}

export type AccountCache = BusCache<number, Account>;

export const ACCOUNT_CACHE_OPTIONS: BusCacheOptions = { ttlMs: 5_000, maxEntries: 10_000 };

const USERS_CHANGED = changedTopic('users');
const MEMBERS_CHANGED = changedTopic('members');

/** The accounts an event is about: one, those linked to a member, 'all' when it may be any, or none. */
function touchedAccounts(event: BusEvent): BusDrop<Account> {
  const payload = event.payload as { id?: unknown; kind?: unknown; action?: unknown } | null | undefined;
  const id = typeof payload?.id === 'number' ? payload.id : undefined;
  // Events missed while the bus listener was down may have been about any account.
  if (event.topic === BUS_RESYNC_TOPIC) return 'all';
  // A change event trimmed to fit NOTIFY names no record.
  if (event.topic === REAUTHENTICATE_TOPIC) return payload?.kind !== 'user' ? undefined : id === undefined ? 'all' : (account) => account.id === id;
  if (event.topic === USERS_CHANGED) return id === undefined ? 'all' : (account) => account.id === id;
  // Deleting a member unlinks its accounts in the database (ON DELETE SET NULL) with no users event.
  if (event.topic === MEMBERS_CHANGED && (payload?.action === 'deleted' || id === undefined)) return id === undefined ? 'all' : (account) => account.memberId === id;
  return undefined;
}

/**
 * Accounts by id, so a request does not read its caller's account from the database each
 * time. Every write to an account (role, active flag, password and session version, member
 * link, deletion) publishes `users changed` or a reauthentication on the bus, which reaches
 * every instance; hearing one drops the account here, as a deleted member drops its accounts. A read that started before a drop is
 * not kept, so an account read just before a change cannot outlive it.
 */
export function createAccountCache(
  bus: EventBus,
  now: () => number,
  load: (id: number) => Promise<Account | undefined>,
  options: BusCacheOptions = ACCOUNT_CACHE_OPTIONS,
): AccountCache {
  return createBusCache(bus, now, load, touchedAccounts, options);
}
