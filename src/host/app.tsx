import { HostProvider } from './context.js';
import { GuardedRouter } from './routing/guarded-router.js';
import { Shell } from './shell/shell.js';
import type { HostState } from './state.js';

/** The host: strict, decoded routing that guards unsaved changes, around the shell. */
export function App({ host }: { host: HostState }) {
  return (
    <HostProvider value={host}>
      <GuardedRouter>
        <Shell />
      </GuardedRouter>
    </HostProvider>
  );
}
