import { useCallback, useEffect, useState } from 'react';
import { isSilentFailure, type ApiRecord, type Core } from '../../core/index.js';

export interface UserSummary extends ApiRecord {
  name?: string;
  username?: string;
}

export type UserLoad =
  | { state: 'loading' }
  | { state: 'loaded'; user: UserSummary }
  | { state: 'notFound' }
  | { state: 'failed' };

/** Reads one user (GET users/{id}); 404 means not found. */
export function useUser(core: Core, userId: string | undefined): { load: UserLoad; retry(): void } {
  const [load, setLoad] = useState<UserLoad>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    if (!userId) {
      setLoad({ state: 'notFound' });
      return;
    }
    setLoad({ state: 'loading' });
    core
      .list<UserSummary>('users')
      .read(userId)
      .then(
        (user) => current && setLoad(user ? { state: 'loaded', user } : { state: 'notFound' }),
        (e: unknown) => current && !isSilentFailure(e) && setLoad({ state: 'failed' }),
      );
    return () => {
      current = false;
    };
  }, [core, userId, round]);
  return { load, retry: useCallback(() => setRound((n) => n + 1), []) };
}
