import { useEffect, useRef } from 'react';

type Target = () => HTMLElement | null | undefined;

/**
 * Moves the focus to what a state change draws, once React has committed that render. Asked for
 * beside the state change (`focusAfterRender(() => heading.current)`). A requestAnimationFrame
 * instead may run before the commit when the page is busy (React renders in a task of its own),
 * finds no target yet, and the focus is lost.
 */
export function useFocusAfterRender(): (target: Target) => void {
  const pending = useRef<Target | null>(null);
  useEffect(() => {
    const target = pending.current;
    if (!target) return;
    pending.current = null;
    target()?.focus();
  });
  return (target) => {
    pending.current = target;
  };
}
