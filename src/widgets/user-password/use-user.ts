import { RESOURCE, type Core, type User } from '../../core/index.js';
import { useRecord } from '../kit/index.js';

export type UserLoad =
  | { state: 'loading' }
  | { state: 'loaded'; user: User }
  | { state: 'notFound' }
  | { state: 'failed' };

/** Reads one user (GET users/{id}); 404, or no id, means not found. */
export function useUser(core: Core, userId: string | undefined): { load: UserLoad; retry(): void } {
  const query = useRecord<User>(core.queries, RESOURCE.users, userId);
  let load: UserLoad;
  if (query.status === 'idle' || query.status === 'notFound' || (query.status === 'loaded' && !query.record)) load = { state: 'notFound' };
  else if (query.status === 'loaded') load = { state: 'loaded', user: query.record! };
  else if (query.status === 'failed') load = { state: 'failed' };
  else load = { state: 'loading' };
  return { load, retry: query.refresh };
}
