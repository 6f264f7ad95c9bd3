import { Router } from 'wouter';
import { HostProvider } from './context.js';
import { useDecodedLocation } from './routing/location.js';
import { NavigateBridge } from './routing/navigate-bridge.js';
import { strictParser } from './routing/paths.js';
import { Shell } from './shell/shell.js';
import type { HostState } from './state.js';

/** The host: strict, decoded routing around the shell. */
export function App({ host }: { host: HostState }) {
  return (
    <HostProvider value={host}>
      <Router hook={useDecodedLocation} parser={strictParser}>
        <NavigateBridge />
        <Shell />
      </Router>
    </HostProvider>
  );
}
