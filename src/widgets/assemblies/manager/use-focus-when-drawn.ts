import { useEffect, useRef } from 'react';

type Target = () => HTMLElement | null | undefined;

/** Renders a request waits for its target before it gives up (the list read again after a write draws it a few renders later). */
const PATIENCE = 20;

/**
 * Moves the focus to what a write draws, once it is drawn: like the kit's useFocusAfterRender,
 * but the target may come some renders later (an agenda item appears when the list is read
 * again after its creation), so each commit looks for it until it is there.
 */
export function useFocusWhenDrawn(): (target: Target) => void {
  const pending = useRef<{ target: Target; left: number } | null>(null);
  useEffect(() => {
    const request = pending.current;
    if (!request) return;
    const element = request.target();
    if (element) {
      pending.current = null;
      element.focus();
    } else if (--request.left <= 0) pending.current = null;
  });
  return (target) => {
    pending.current = { target, left: PATIENCE };
  };
}
