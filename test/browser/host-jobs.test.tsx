// The host's jobs page (/tarefas) places the schedule (its element's test: feature-job-schedule)
// above the list of runs. Bare stand-ins show which elements it places.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import { createRoot, type Root } from 'react-dom/client';
import { HostProvider } from '../../src/host/context.js';
import { RoutePage } from '../../src/host/pages/route-page.js';
import { buildRoutes, FALLBACK_TERMINOLOGY, routeNamed } from '../../src/host/routes.js';
import { createHostState } from '../../src/host/state.js';
import { cleanup, testCore } from './support/core.js';
import { tokenPair } from './support/fault.js';

for (const tag of ['associa-resource-list', 'associa-job-schedule']) {
  if (!customElements.get(tag)) customElements.define(tag, class extends HTMLElement {});
}

describe('the jobs page (/tarefas)', () => {
  let container: HTMLElement;
  let root: Root;
  afterEach(() => {
    root.unmount();
    container.remove();
    cleanup();
  });

  it('places the jobs schedule above the list of runs', async () => {
    const { core } = testCore();
    core.tokens.set(tokenPair(1, 'Ana Admin', 'admin'));
    const routes = buildRoutes(FALLBACK_TERMINOLOGY);
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    root.render(
      <HostProvider value={createHostState(core)}>
        <RoutePage route={routeNamed(routes, 'jobs')} params={{}} routes={routes} words={FALLBACK_TERMINOLOGY} />
      </HostProvider>,
    );
    await waitUntil(() => container.querySelector('associa-resource-list') && container.querySelector('associa-job-schedule'), 'the page never placed its elements');
    expect(container.querySelector('h1')!.textContent).to.equal('Tarefas');
    const list = container.querySelector('associa-resource-list')!;
    expect([list.getAttribute('resource'), list.getAttribute('columns'), list.getAttribute('label')]).to.deep.equal(['jobs', 'name,state,attempts,percent,last_error,run_at,finished_at', 'Execuções']);
    const schedule = container.querySelector('associa-job-schedule')!;
    expect(schedule.closest('section')!.getAttribute('aria-label')).to.equal('Agenda das tarefas');
    expect(schedule.closest('section')!.querySelector('h2')!.textContent).to.equal('Agenda das tarefas');
    // The schedule comes first.
    expect(schedule.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
  });
});
