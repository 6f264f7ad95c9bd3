import { useCallback, useEffect, useRef } from 'react';
import { useElementEvents } from '../kit/index.js';

/**
 * Tells the page whenever `dirty` changes, with an `associa-dirty` event. The returned function
 * reports at once, for the moments an effect would be too late (a save, before `associa-saved`
 * makes the page navigate).
 */
export function useDirtyReport(dirty: boolean): (dirty: boolean) => void {
  const dispatch = useElementEvents();
  const sent = useRef(false);
  const report = useCallback(
    (next: boolean) => {
      if (sent.current === next) return;
      sent.current = next;
      dispatch('associa-dirty', { dirty: next });
    },
    [dispatch],
  );
  useEffect(() => report(dirty), [dirty, report]);
  // Unmounted: nothing is left unsaved here.
  useEffect(() => () => report(false), [report]);
  return report;
}
