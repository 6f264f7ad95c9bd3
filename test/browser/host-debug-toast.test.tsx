// SPEC 7: a ws:debug message is a toast for three seconds; SPEC 2: a server panic keeps the
// debug overlay, with OK and Recarregar, until closed. Time moves on the core's clock only.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import { createRoot, type Root } from 'react-dom/client';
import { DEFAULT_TIMINGS } from '../../src/core/index.js';
import { HostProvider } from '../../src/host/context.js';
import { DebugToast } from '../../src/host/shell/debug-toast.js';
import { DebugOverlay } from '../../src/host/shell/overlays.js';
import { createHostState } from '../../src/host/state.js';
import { manualClock } from '../support/manual-clock.js';
import { cleanup, testCore } from './support/core.js';
import { tokenPair } from './support/fault.js';

let container: HTMLElement;
let root: Root;

async function mount() {
  const clock = manualClock();
  const made = testCore({ clock });
  made.core.tokens.set(tokenPair());
  made.core.realtime.start();
  await waitUntil(() => made.core.realtime.connected.value, 'the realtime socket never connected');
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  root.render(
    <HostProvider value={createHostState(made.core)}>
      <DebugOverlay />
      <DebugToast />
    </HostProvider>,
  );
  await waitUntil(() => container.querySelector('[data-toast="debug"]'), 'the shell never rendered');
  return { ...made, clock };
}

const toast = () => container.querySelector('[data-toast="debug"]')!;
const overlay = () => container.querySelector('[data-overlay="debug"]');

describe('server debug messages in the shell', () => {
  afterEach(() => {
    root.unmount();
    container.remove();
    cleanup();
  });

  it('shows a ws:debug message as a 3-second toast, without a dialog', async () => {
    const { f, clock, reloads } = await mount();
    await f.wsSend({ topic: 'debug', payload: 'cache das quotas reconstruída' });
    await waitUntil(() => toast().textContent === 'cache das quotas reconstruída', 'the toast never showed');
    expect(toast().getAttribute('role')).to.equal('status');
    expect(overlay()).to.equal(null);
    expect(container.querySelector('button')).to.equal(null);
    clock.advance(DEFAULT_TIMINGS.debugToastMs - 1);
    await waitUntil(() => toast().textContent === 'cache das quotas reconstruída');
    clock.advance(1);
    await waitUntil(() => toast().textContent === '', 'the toast stayed after 3 s');
    expect(reloads).to.have.length(0);
  });

  it('keeps a server panic in the debug overlay with OK and Recarregar until closed', async () => {
    const { clock, reloads } = await mount();
    window.dispatchEvent(new CustomEvent('ws:panic', { detail: { message: 'panic: índice fora dos limites' } }));
    await waitUntil(() => overlay(), 'the overlay never showed');
    expect(overlay()!.textContent).to.include('panic: índice fora dos limites');
    clock.advance(60_000);
    const button = (name: string) => [...overlay()!.querySelectorAll('button')].find((b) => b.textContent === name)!;
    button('Recarregar').click();
    expect(reloads).to.have.length(1);
    button('OK').click();
    await waitUntil(() => overlay() === null, 'OK did not close the overlay');
  });
});
