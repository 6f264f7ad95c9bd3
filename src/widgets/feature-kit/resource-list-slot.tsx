// The generic list inside another element's shadow root: a domain element (direct-debit batches,
// the reminders' log) shows its records with <associa-resource-list> rather than a list of its own.
import { createElement, useEffect } from 'react';
import { DEFAULT_API } from '../../core/index.js';
import { useApiBase } from '../kit/index.js';

/** Attributes of <associa-resource-list>, kebab-case as it documents them; booleans as 'true'. */
export type ResourceListAttributes = { resource: string } & Record<string, string | undefined>;

/**
 * Places <associa-resource-list> with this element's `api`, loading its module on first use:
 * a dynamic import of the list's own entry, so the build fetches elements/associa-resource-list.js
 * (the same file the host loads; defining it twice keeps the first) and no element carries the
 * list in its own bytes.
 */
export function ResourceListSlot(attrs: ResourceListAttributes) {
  const api = useApiBase();
  useEffect(() => {
    if (!customElements.get('associa-resource-list')) void import('../resource-list/element.js');
  }, []);
  const defined = Object.fromEntries(Object.entries(attrs).filter(([, value]) => value !== undefined));
  return createElement('associa-resource-list', { ...defined, api: api ?? DEFAULT_API });
}
