import { useEffect } from 'react';
import type { ExplainerField, ListItem } from '../../core/index.js';
import { useSignalValue } from '../kit/index.js';
import type { ReferenceCache } from '../shared/reference-cache.js';

/** Names of the records the visible reference columns point to, read as rows arrive. */
export function useReferenceLabels(cache: ReferenceCache, columns: readonly ExplainerField[], rows: readonly ListItem[]) {
  const labels = useSignalValue(cache.labels);
  useEffect(() => {
    for (const field of columns) {
      if (!field.ref) continue;
      const ids = rows.flatMap((row) => {
        const value = row[field.name];
        return (Array.isArray(value) ? value : [value]).filter((id): id is number => typeof id === 'number');
      });
      // A name that cannot be read shows as its id: the list itself still works.
      cache.ensure(field.ref, ids).catch(() => undefined);
    }
  }, [cache, columns, rows]);
  return labels;
}
