import { useCallback, useEffect, useState } from 'react';
import { isSilentFailure, LIST_ALL, type Core, type ListResponse } from '../../core/index.js';
import { API_SECRETS, type ApiSecret } from '../feature-kit/api-secrets.js';

export type ApiSecretsLoad = { state: 'loading' } | { state: 'loaded'; items: ApiSecret[] } | { state: 'failed'; error: unknown };

/**
 * Every API key, newest first. Read directly rather than through the core's list store, whose
 * page size and sort are the user's remembered list preferences.
 */
export function useApiSecrets(core: Core) {
  const [load, setLoad] = useState<ApiSecretsLoad>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    core.http
      .get<ListResponse<ApiSecret>>(API_SECRETS, { params: { _page: 1, _limit: LIST_ALL, _sort: '-created_at' } })
      .then(
        (res) => current && setLoad({ state: 'loaded', items: Array.isArray(res.data?.data) ? res.data.data : [] }),
        (error: unknown) => current && !isSilentFailure(error) && setLoad({ state: 'failed', error }),
      );
    return () => {
      current = false;
    };
  }, [core, round]);
  useEffect(() => core.realtime.subscribe(`${API_SECRETS} changed`, () => setRound((n) => n + 1)), [core]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { load, reload };
}
