import { useEffect } from 'react';
import { useSignalValue } from '../kit/index.js';
import type { ReferenceCache, ReferenceOption } from '../shared/reference-cache.js';

/** Every record of `ref` as options, read once per page; the current value counts even before they arrive. */
export function useReferenceOptions(cache: ReferenceCache, ref: string | undefined): ReferenceOption[] | undefined {
  const options = useSignalValue(cache.options);
  useEffect(() => {
    if (ref) cache.loadOptions(ref).catch(() => undefined);
  }, [cache, ref]);
  return ref ? options[ref] : undefined;
}

export function ReferenceOptionList({ options, current, labels }: { options: ReferenceOption[] | undefined; current: string; labels: Record<string, string> | undefined }) {
  const list = options ?? [];
  const missing = current !== '' && !list.some((o) => String(o.value) === current);
  return (
    <>
      {missing && <option value={current}>{labels?.[current] ?? `#${current}`}</option>}
      {/* Keyed by place: a list may name one record twice (Portugal first, and in its place). */}
      {list.map((o, i) => (
        <option key={`${i}:${o.value}`} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </>
  );
}
