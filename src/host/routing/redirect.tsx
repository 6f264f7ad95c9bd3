import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** Replaces the address (no history entry), like wouter's <Redirect replace>. */
export function Replace({ to }: { to: string }) {
  const [, navigate] = useLocation();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}
