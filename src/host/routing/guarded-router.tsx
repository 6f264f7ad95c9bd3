import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Router } from 'wouter';
import { useValue } from '../context.js';
import { createGuardedHistory } from './guarded-history.js';
import { NavigateBridge } from './navigate-bridge.js';
import { strictParser } from './paths.js';
import { createUnsavedChanges, type UnsavedChanges } from './unsaved-changes.js';

// The question comes in its own chunk the first time it is asked: most visits never leave
// unsaved changes, and the host's first page stays small.
const UnsavedChangesDialog = lazy(async () => ({ default: (await import('./unsaved-dialog.js')).UnsavedChangesDialog }));

/** Placed once first asked, and kept: closing it then returns the focus as the dialog does. */
function UnsavedQuestion({ unsaved }: { unsaved: UnsavedChanges }) {
  const asking = useValue(unsaved.asking);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (asking) setAsked(true);
  }, [asking]);
  if (!asking && !asked) return null;
  return (
    <Suspense fallback={null}>
      <UnsavedChangesDialog unsaved={unsaved} />
    </Suspense>
  );
}

/**
 * The host's router: strict, decoded paths; elements' `associa-navigate` routed in place; and
 * no in-app navigation (links, redirects, back and forward) leaves unsaved changes without asking.
 */
export function GuardedRouter({ children }: { children: ReactNode }) {
  const [unsaved] = useState(() => createUnsavedChanges(document));
  const [history] = useState(() => createGuardedHistory(unsaved, window));
  useEffect(
    () => () => {
      history.dispose();
      unsaved.dispose();
    },
    [history, unsaved],
  );
  return (
    <Router hook={history.hook} parser={strictParser}>
      <NavigateBridge />
      {children}
      <UnsavedQuestion unsaved={unsaved} />
    </Router>
  );
}
