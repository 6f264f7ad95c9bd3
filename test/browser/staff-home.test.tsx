// The staff home (/inicio): first in the main menu, it places <associa-staff-overview>, whose
// figures (GET /api/overview) each open the list they count with that list's filters, so the
// list shows the same number. The figures themselves are checked against the lists on both
// engines in test/server/overview.test.ts; here, what staff see and where a figure leads.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { HostProvider } from '../../src/host/context.js';
import { PlacedPage } from '../../src/host/pages/placed.js';
import { buildRoutes, FALLBACK_TERMINOLOGY, matchRoute } from '../../src/host/routes.js';
import { MainMenu } from '../../src/host/shell/main-menu.js';
import { createHostState } from '../../src/host/state.js';
import '../../src/widgets/home/overview/element.js';
import type { StaffOverviewAnswer } from '../../src/core/index.js';
import { formatMoney } from '../../src/widgets/shared/money.js';
import { all, cleanupFeatures, featureFixture, find, waitForText, type FeatureFixture } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';
import { cleanup, testCore } from './support/core.js';
import { tokenPair } from './support/fault.js';

const LISTS = { member_applications: '/candidaturas', member_balances: '/quotas/dividas', payments: '/quotas/pagamentos', messages: '/mensagens', jobs: '/tarefas' };

const ANSWER: StaffOverviewAnswer = {
  today: '2026-11-28',
  figures: [
    { key: 'applications', label: 'Candidaturas à espera de decisão', count: 3, exact: true, amount: null, aside: null, list: { resource: 'member_applications', constraints: { pending: 'sim' } } },
    { key: 'arrears', label: 'Sócios em atraso', count: 1234, exact: true, amount: { label: 'Total em dívida', cents: 2552450 }, aside: null, list: { resource: 'member_balances', constraints: { standing: 'em_atraso' } } },
    {
      key: 'payments',
      label: 'Pagamentos deste mês',
      count: 41,
      exact: true,
      amount: { label: 'Recebido', cents: 883404 },
      aside: 'dos quais 1 anulado',
      list: { resource: 'payments', constraints: { date_gte: '2026-11-01', date_lte: '2026-11-30' } },
    },
    { key: 'messages-failed', label: 'Mensagens que falharam', count: 0, exact: true, amount: null, aside: null, list: { resource: 'messages', constraints: { status: 'failed' } } },
  ],
};

let element: HTMLElement;

async function mount(answer: StaffOverviewAnswer | { status: number }): Promise<FeatureFixture> {
  const fixture = featureFixture();
  const empty = { body: { data: [], meta: { total: 0 } } };
  await fixture.f.script({
    'GET /overview': 'status' in answer ? { status: answer.status, body: { message: 'Erro interno.' } } : { body: { data: answer } },
    // The lists a figure gives its filters read their first page at once.
    'GET /payments': empty,
    'GET /member_balances': empty,
  });
  fixture.logIn(1, 'Ana Admin', 'admin');
  element = fixture.place('associa-staff-overview', { lists: JSON.stringify(LISTS) });
  return fixture;
}

/** Each figure as staff read it: its number, what it counts, its money and its note. */
const figures = () =>
  all(element, '[data-figure]').map((card) => ({
    key: card.dataset.figure,
    count: card.querySelector('[data-count]')!.textContent,
    text: card.textContent,
    href: card.querySelector('a')!.getAttribute('href'),
  }));

describe('<associa-staff-overview>', () => {
  afterEach(cleanupFeatures);

  it('shows each figure with its money in pt-PT euros, as a link to the list it counts', async () => {
    await mount(ANSWER);
    await find(element, '[data-figure="messages-failed"]');
    const shown = figures();
    expect(shown.map((f) => [f.key, f.count, f.href])).to.deep.equal([
      ['applications', '3', '/candidaturas'],
      ['arrears', new Intl.NumberFormat('pt-PT').format(1234), '/quotas/dividas'],
      ['payments', '41', '/quotas/pagamentos'],
      ['messages-failed', '0', '/mensagens'],
    ]);
    expect(shown[1]!.text).to.equal(`${new Intl.NumberFormat('pt-PT').format(1234)}Sócios em atrasoTotal em dívida: ${formatMoney(2552450)}`);
    expect(shown[2]!.text).to.equal(`41Pagamentos deste mêsRecebido: ${formatMoney(883404)}dos quais 1 anulado`);
    // The link's name is the number and what it counts.
    const link = all<HTMLAnchorElement>(element, '[data-figure="applications"] a')[0]!;
    expect(link.textContent).to.equal('3Candidaturas à espera de decisão');
    await expectAccessible(element);
  });

  it('opens the list with the figure’s filters, so the list counts the same rows', async () => {
    const { core, navigations } = await mount(ANSWER);
    // A search typed on the list earlier does not narrow what the figure opens.
    await core.list('payments').setQuery({ search: 'Ana', constraints: { method: 'numerario' } });
    (await find<HTMLAnchorElement>(element, '[data-figure="payments"] a')).click();
    expect(navigations).to.deep.equal(['/quotas/pagamentos']);
    const query = core.list('payments').query.value;
    expect([query.search, query.constraints, query.page]).to.deep.equal(['', { date_gte: '2026-11-01', date_lte: '2026-11-30' }, 1]);

    (await find<HTMLAnchorElement>(element, '[data-figure="arrears"] a')).click();
    expect(navigations.at(-1)).to.equal('/quotas/dividas');
    expect(core.list('member_balances').query.value.constraints).to.deep.equal({ standing: 'em_atraso' });
  });

  it('leaves out a figure whose list has no page here, and reads the figures again when what they count changes', async () => {
    const { f, core } = await mount({ ...ANSWER, figures: [...ANSWER.figures, { key: 'jobs', label: 'Tarefas em curso', count: 1, exact: true, amount: null, aside: null, list: { resource: 'unknown', constraints: {} } }] });
    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
    await find(element, '[data-figure="payments"]');
    expect(figures().map((f) => f.key)).to.not.include('jobs');
    await f.script({ 'GET /overview': { body: { data: { ...ANSWER, figures: [{ ...ANSWER.figures[2]!, count: 42, aside: null }] } } } });
    await f.wsSend({ topic: 'payments changed', payload: { resource: 'payments', action: 'created', id: 9 } });
    await waitUntil(() => element.shadowRoot?.querySelector('[data-figure="payments"] [data-count]')?.textContent === '42', 'the figures were not read again');
    expect(figures().map((f) => f.key)).to.deep.equal(['payments']);
  });

  it('says when the list only estimates its total, and when the figures cannot be read', async () => {
    await mount({ ...ANSWER, figures: [{ ...ANSWER.figures[2]!, count: 12000, exact: false }] });
    await waitForText(element, `cerca de ${new Intl.NumberFormat('pt-PT').format(12000)}`);
    cleanupFeatures();
    await mount({ status: 500 });
    await waitForText(element, 'Não foi possível carregar os números de hoje.');
  });
});

describe('the staff home page (/inicio)', () => {
  let container: HTMLElement | undefined;
  let root: Root | undefined;
  afterEach(() => {
    root?.unmount();
    container?.remove();
    root = container = undefined;
    cleanup();
  });

  async function render(path: string, body: (host: ReturnType<typeof createHostState>) => ReactNode) {
    const { core, f } = testCore();
    await f.script({ 'GET /explainer': { body: { data: {} } } });
    core.tokens.set(tokenPair(1, 'Ana Admin', 'admin'));
    await core.explainer.load();
    const host = createHostState(core);
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    root.render(
      <Router hook={memoryLocation({ path }).hook}>
        <HostProvider value={host}>{body(host)}</HostProvider>
      </Router>,
    );
  }

  it('is the first entry of the main menu, "Início", current on its page', async () => {
    await render('/inicio', () => <MainMenu current="/inicio" />);
    await waitUntil(() => container!.querySelector('[data-menu]'), 'no menu');
    const first = container!.querySelector<HTMLAnchorElement>('nav li:first-child a')!;
    expect([first.dataset.menu, first.textContent, first.getAttribute('href'), first.getAttribute('aria-current')]).to.deep.equal(['home', 'Início', '/inicio', 'page']);
  });

  it('places the overview with the page of each list a figure counts; /adminHome still goes to the member list (SPEC 2)', async () => {
    const routes = buildRoutes(FALLBACK_TERMINOLOGY);
    const match = matchRoute(routes, '/inicio')!;
    expect([match.route.name, match.route.title]).to.deep.equal(['staffHome', 'Início']);
    expect(match.route.access).to.deep.equal(['admin', 'editor']);
    expect(matchRoute(routes, '/adminHome')!.route.redirect).to.equal('membersList');
    await render('/inicio', (host) => <PlacedPage route={match.route} params={match.params} routes={host.routes.value} words={FALLBACK_TERMINOLOGY} spec={match.route.page!} />);
    await waitUntil(() => container!.querySelector('associa-staff-overview'), 'the page never placed the overview');
    const lists = JSON.parse(container!.querySelector('associa-staff-overview')!.getAttribute('lists')!) as Record<string, string>;
    expect(lists).to.deep.equal({ member_applications: '/candidaturas', member_balances: '/quotas/dividas', payments: '/quotas/pagamentos', messages: '/mensagens', jobs: '/tarefas' });
  });
});
