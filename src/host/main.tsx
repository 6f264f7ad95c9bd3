import { createRoot } from 'react-dom/client';
import { StyleSheetManager } from 'styled-components';
import { DEFAULT_API, getCore } from '../core/index.js';
import { adoptStyles } from '../widgets/kit/index.js';
import { App } from './app.js';
import { createHostState, type HostState } from './state.js';

/** Error reporting is on where the page says so: <meta name="associa-sentry-dsn" content="..."> */
function sentryDsn(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="associa-sentry-dsn"]')?.content || null;
}

const core = getCore(DEFAULT_API);

// SPEC 4 startup order: preparation, routing and state, error reporting, mounting, socket.
void core.start<HostState>({
  prepare: () => core.loadHealth(),
  createRouting: () => createHostStateOnce(),
  mount(host) {
    const root = document.getElementById('root');
    if (!root) throw new Error('The host page has no #root');
    // The host's rules reach the page through a sheet the document adopts: the back office's
    // own policy allows no inline <style> (src/server/edges/security.ts).
    const styles = adoptStyles(document);
    createRoot(root).render(
      <StyleSheetManager target={styles.target} disableCSSOMInjection>
        <App host={host} />
      </StyleSheetManager>,
    );
  },
  sentryDsn: sentryDsn(),
});

let state: HostState | undefined;
function createHostStateOnce(): HostState {
  return (state ??= createHostState(core));
}
