import { changedTopic, type Role } from '../../core/contract.js';
import type { BusEvent, EventBus } from '../realtime/bus.js';
import { REAUTHENTICATE_TOPIC } from '../realtime/topics.js';

/** What every authenticated request needs to know about the account behind its token. */
export interface Account {
  id: number;
  name: string;
  role: Role;
  memberId: number | null;
  active: boolean;
  /** Access tokens signed with another session version are refused. */
  tokenVersion: number;
}

export interface AccountCache {
  /** The account as stored, or undefined when there is none; read from the database when not cached. */
  get(id: number): Promise<Account | undefined>;
  close(): void;
}

export interface AccountCacheOptions {
  /**
   * Longest an account is reused: the bound on staleness if an event never arrives (the
   * PostgreSQL listener was reconnecting, or a write raised none).
   */
  ttlMs: number;
  maxEntries: number;
}

export const ACCOUNT_CACHE_OPTIONS: AccountCacheOptions = { ttlMs: 5_000, maxEntries: 10_000 };

const USERS_CHANGED = changedTopic('users');
const MEMBERS_CHANGED = changedTopic('members');

type Touched = { account: number } | { member: number } | 'all' | undefined;

/** The accounts an event is about: one, those linked to a member, 'all' when it may be any, or none. */
function touchedAccounts(event: BusEvent): Touched {
  const payload = event.payload as { id?: unknown; kind?: unknown; action?: unknown } | null | undefined;
  const id = typeof payload?.id === 'number' ? payload.id : undefined;
  // A change event trimmed to fit NOTIFY names no record.
  if (event.topic === REAUTHENTICATE_TOPIC) return payload?.kind !== 'user' ? undefined : id === undefined ? 'all' : { account: id };
  if (event.topic === USERS_CHANGED) return id === undefined ? 'all' : { account: id };
  // Deleting a member unlinks its accounts in the database (ON DELETE SET NULL) with no users event.
  if (event.topic === MEMBERS_CHANGED && (payload?.action === 'deleted' || id === undefined)) return id === undefined ? 'all' : { member: id };
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
  options: AccountCacheOptions = ACCOUNT_CACHE_OPTIONS,
): AccountCache {
  const entries = new Map<number, { account: Account; at: number }>();
  // Bumped on every drop: a load that saw another generation may hold what was just dropped.
  let generation = 0;
  const unsubscribe = bus.subscribe((event) => {
    const touched = touchedAccounts(event);
    if (touched === undefined) return;
    generation += 1;
    if (touched === 'all') entries.clear();
    else if ('account' in touched) entries.delete(touched.account);
    else for (const [id, entry] of entries) if (entry.account.memberId === touched.member) entries.delete(id);
  });
  return {
    async get(id) {
      const entry = entries.get(id);
      if (entry && now() - entry.at <= options.ttlMs) return entry.account;
      entries.delete(id);
      const started = generation;
      const at = now();
      const account = await load(id);
      if (account && started === generation) {
        if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(id, { account, at });
      }
      return account;
    },
    close: unsubscribe,
  };
}
