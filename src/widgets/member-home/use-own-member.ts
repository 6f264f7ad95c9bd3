import { useCallback, useEffect, useState } from 'react';
import { isSilentFailure, type ApiRecord, type Core, type ItemResponse } from '../../core/index.js';

export interface MemberRecord extends ApiRecord {
  number?: number;
  name?: string;
  email?: string | null;
  phone?: string | null;
  nif?: string | null;
  birth_date?: string | null;
  address?: string | null;
  postal_code?: string | null;
  locality?: string | null;
  country?: number | null;
  state?: number | null;
  admission_date?: string | null;
}

export interface OwnMember {
  member: MemberRecord;
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

async function nameOf(read: () => Promise<{ name?: unknown } | null>): Promise<string | null> {
  try {
    const record = await read();
    return typeof record?.name === 'string' ? record.name : null;
  } catch {
    return null;
  }
}

/**
 * The logged-in user's own member record: GET users/{own ID} names it (field `member`), then
 * GET members/{id}. The server lets a member read only these two.
 */
export function useOwnMember(core: Core, userId: number | undefined): { load: OwnMemberLoad; retry(): void } {
  const [load, setLoad] = useState<OwnMemberLoad>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (userId === undefined) {
      setLoad({ state: 'loggedOut' });
      return;
    }
    let current = true;
    setLoad({ state: 'loading' });
    (async () => {
      const user = await core.http.get<ItemResponse<{ member?: unknown }>>(`users/${encodeURIComponent(String(userId))}`);
      const memberId = user.data?.data?.member;
      if (memberId === null || memberId === undefined || memberId === '') return { state: 'notLinked' } as const;
      const member = await core.list<MemberRecord>('members').read(String(memberId));
      if (!member) return { state: 'notLinked' } as const;
      const [stateName, countryName] = await Promise.all([
        member.state ? nameOf(() => core.memberStates.read(member.state!)) : null,
        member.country ? nameOf(() => core.countries.read(member.country!)) : null,
      ]);
      return { state: 'loaded', member, stateName, countryName } as const;
    })().then(
      (result) => current && setLoad(result),
      (e: unknown) => current && !isSilentFailure(e) && setLoad({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [core, userId, round]);
  return { load, retry: useCallback(() => setRound((n) => n + 1), []) };
}
