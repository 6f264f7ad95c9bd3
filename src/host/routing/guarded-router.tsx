import { useEffect, useState, type ReactNode } from 'react';
import { Router } from 'wouter';
import { createGuardedHistory } from './guarded-history.js';
import { NavigateBridge } from './navigate-bridge.js';
import { strictParser } from './paths.js';
import { UnsavedChangesDialog } from './unsaved-dialog.js';
import { createUnsavedChanges } from './unsaved-changes.js';

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
      <UnsavedChangesDialog unsaved={unsaved} />
    </Router>
  );
}
