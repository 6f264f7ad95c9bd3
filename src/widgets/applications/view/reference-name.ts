import { useEffect } from 'react';
import { useSignalValue } from '../../kit/index.js';
import { useCore } from '../../feature-kit/use-core.js';
import { referenceCache } from '../../shared/reference-cache.js';

/** The name of a referenced record (a category, a country, a user, a member), '' until it is known or when there is none. */
export function useReferenceName(ref: string, id: unknown): string {
  const core = useCore();
  const cache = referenceCache(core);
  const labels = useSignalValue(cache.labels);
  const known = typeof id === 'number' && Number.isFinite(id);
  useEffect(() => {
    if (known) void cache.ensure(ref, [id]).catch(() => undefined);
  }, [cache, ref, id, known]);
  return known ? (labels[ref]?.[String(id)] ?? '') : '';
}
