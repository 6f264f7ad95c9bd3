import { LIST_ALL, RESOURCE, type Core } from '../../core/index.js';
import { useQuery } from '../kit/index.js';
import type { ApiSecret } from '../feature-kit/api-secrets.js';

export type ApiSecretsLoad = { state: 'loading' } | { state: 'loaded'; items: ApiSecret[] } | { state: 'failed'; error: unknown };

/**
 * Every API key, newest first. A query of its own rather than the core's list store, whose
 * page size and sort are the user's remembered list preferences; read again on key changes.
 */
const ALL_NEWEST_FIRST = { path: RESOURCE.apiSecrets, params: { _page: 1, _limit: LIST_ALL, _sort: '-created_at' } };

export function useApiSecrets(core: Core) {
  const query = useQuery<ApiSecret[]>(core.queries, ALL_NEWEST_FIRST);
  let load: ApiSecretsLoad;
  if (query.status === 'loaded') load = { state: 'loaded', items: Array.isArray(query.data) ? query.data : [] };
  else if (query.status === 'failed' || query.status === 'notFound') load = { state: 'failed', error: query.error };
  else load = { state: 'loading' };
  return { load, reload: query.refresh };
}
