import { useCallback } from 'react';
import { RESOURCE, type Core, type Member, type User } from '../../core/index.js';
import { useRecord } from '../kit/index.js';

export interface OwnMember {
  member: Member;
  /** Names of the referenced member state and country, when they could be read. */
  stateName: string | null;
  countryName: string | null;
}

export type OwnMemberLoad =
  | { state: 'loading' }
  | { state: 'loggedOut' }
  | { state: 'notLinked' }
  | { state: 'failed' }
  | ({ state: 'loaded' } & OwnMember);

/** The name of a referenced record; null when there is none or it cannot be read. */
function useReferenceName(core: Core, resource: string, id: number | null | undefined): { name: string | null; settled: boolean } {
  const view = useRecord<{ name?: unknown }>(core.queries, resource, id);
  if (view.status === 'loading') return { name: null, settled: false };
  return { name: view.status === 'loaded' && typeof view.record?.name === 'string' ? view.record.name : null, settled: true };
}

const present = (id: unknown): id is string | number => (typeof id === 'string' && id !== '') || typeof id === 'number';

/**
 * The logged-in user's own member record: GET users/{own ID} names it (field `member`), then
 * GET members/{id}. The server lets a member read only these two. A guardian's session acting
 * for a minor (`acting`, the token's claim) shows the minor instead.
 */
export function useOwnMember(core: Core, userId: number | undefined, acting?: number): { load: OwnMemberLoad; retry(): void } {
  const user = useRecord<User>(core.queries, RESOURCE.users, userId);
  const memberId = user.status === 'loaded' ? (acting ?? user.record?.member) : undefined;
  const member = useRecord<Member>(core.queries, RESOURCE.members, present(memberId) ? memberId : null);
  const record = member.status === 'loaded' ? member.record : undefined;
  const state = useReferenceName(core, RESOURCE.memberStates, record?.state);
  const country = useReferenceName(core, RESOURCE.countries, record?.country);
  const retry = useCallback(() => {
    user.refresh();
    member.refresh();
  }, [user.refresh, member.refresh]);

  let load: OwnMemberLoad;
  if (userId === undefined) load = { state: 'loggedOut' };
  else if (user.status === 'failed' || user.status === 'notFound' || member.status === 'failed') load = { state: 'failed' };
  else if (user.status !== 'loaded') load = { state: 'loading' };
  else if (!present(memberId) || member.status === 'notFound' || (member.status === 'loaded' && !record)) load = { state: 'notLinked' };
  else if (!record || !state.settled || !country.settled) load = { state: 'loading' };
  else load = { state: 'loaded', member: record, stateName: state.name, countryName: country.name };
  return { load, retry };
}
