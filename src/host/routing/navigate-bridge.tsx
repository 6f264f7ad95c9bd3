import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * Elements ask the page to navigate with `associa-navigate` (composed, so it reaches the
 * document from any shadow root); the host routes it without a page load and says so
 * with preventDefault(). The new page starts at the top, once the navigation happens (it may
 * wait for the user to agree to leave unsaved changes, or never happen).
 */
export function NavigateBridge() {
  const [location, navigate] = useLocation();
  const scrollOnArrival = useRef(false);
  useEffect(() => {
    const onNavigate = (event: CustomEvent<{ path: string; replace?: boolean; state?: Record<string, unknown> }>) => {
      const path = event.detail?.path;
      if (typeof path !== 'string' || !path.startsWith('/')) return;
      event.preventDefault();
      scrollOnArrival.current = true;
      navigate(path, { replace: event.detail.replace === true, state: event.detail.state });
    };
    document.addEventListener('associa-navigate', onNavigate);
    return () => document.removeEventListener('associa-navigate', onNavigate);
  }, [navigate]);
  useEffect(() => {
    if (!scrollOnArrival.current) return;
    scrollOnArrival.current = false;
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}
