import { useEffect } from 'react';
import { useLocation } from 'wouter';

/**
 * Elements ask the page to navigate with `associa-navigate` (composed, so it reaches the
 * document from any shadow root); the host routes it without a page load and says so
 * with preventDefault().
 */
export function NavigateBridge() {
  const [, navigate] = useLocation();
  useEffect(() => {
    const onNavigate = (event: CustomEvent<{ path: string; replace?: boolean }>) => {
      const path = event.detail?.path;
      if (typeof path !== 'string' || !path.startsWith('/')) return;
      event.preventDefault();
      navigate(path, { replace: event.detail.replace === true });
      window.scrollTo(0, 0);
    };
    document.addEventListener('associa-navigate', onNavigate);
    return () => document.removeEventListener('associa-navigate', onNavigate);
  }, [navigate]);
  return null;
}
