// The first-run checklist element (decision 0049): what an administrator of a production start
// sees on the staff home, leaving a step for later and taking it up again (ordinary settings,
// PATCH settings/:id), the test message's answer said in a live region, and nothing at all for
// anyone else or once every step is handled. The states themselves come from the server
// (test/server/setup.test.ts, both engines).
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/home/setup-checklist/element.js';
import type { SetupAnswer } from '../../src/core/setup.js';
import type { SettingsSchemaResponse } from '../../src/core/settings-schema.js';
import { SETTINGS_SCHEMA } from './support/settings-schema.js';
import { all, button, cleanupFeatures, featureFixture, find, text, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const at = '2026-01-01T00:00:00Z';
function settingsBody(values: Record<string, string>) {
  const data = Object.entries(values).map(([name, value], i) => ({ _id: i + 1, name, value, created_at: at }));
  return { body: { data, meta: { total: data.length } } };
}
const SCHEMA: { body: SettingsSchemaResponse } = { body: { data: { settings: SETTINGS_SCHEMA } } };
const SETTINGS = { name: 'Associação', nameArticle: 'a', orgNif: '', orgAddress: '', orgType: 'association', memberSingular: 'Sócio', memberPlural: 'Sócios', associationIban: '', setupSkipped: '', setupConfirmed: '' };

const ANSWER: SetupAnswer = {
  production: true,
  complete: false,
  steps: [
    { key: 'identity', state: 'done', summary: 'Clube do Vale, NIF 501234567.', confirmable: false },
    { key: 'fees', state: 'open', summary: 'Ainda não há quotas definidas para 2026.', confirmable: false },
    { key: 'mail', state: 'open', summary: 'Envie uma mensagem de teste para confirmar que o e-mail sai.', confirmable: true },
    { key: 'payments', state: 'skipped', summary: 'Ainda não há IBAN nem forma de pagamento configurada.', confirmable: false },
    { key: 'members', state: 'open', summary: 'Ainda não há nenhum registo.', confirmable: false },
    { key: 'backups', state: 'open', summary: 'Confirme onde e com que frequência são feitas as cópias de segurança.', confirmable: true },
  ],
  mail: { server: 'smtp.exemplo.pt:587', from: 'noreply@exemplo.pt', sending: false, recipient: 'ana@exemplo.pt' },
  payments: { provider: null, methods: [], transfer: false },
  logo: false,
};
const PATHS = { feeSettings: '/configuracaoQuotas', membersNew: '/socios/novo', membersImport: '/socios/importar', dataSettings: '/configuracao/dados' };

async function mount(answer: SetupAnswer, role = 'admin', attributes: Record<string, string> = {}) {
  const fixture = featureFixture();
  await fixture.f.script({ 'GET /setup': { body: { data: answer } }, 'GET /settings/schema': SCHEMA, 'GET /settings': settingsBody(SETTINGS) });
  fixture.logIn(1, 'Ana Admin', role);
  const element = fixture.place('associa-setup-checklist', { paths: JSON.stringify(PATHS), ...attributes });
  return { ...fixture, element };
}

const states = (element: HTMLElement) => all(element, '[data-step]').map((step) => [step.dataset.step, step.dataset.state]);

describe('<associa-setup-checklist>', () => {
  afterEach(cleanupFeatures);

  it('lists every step with its state and what is there now, opens the first step to do, and is accessible', async () => {
    const { element } = await mount(ANSWER);
    await find(element, '[data-step="backups"]');
    expect(states(element)).to.deep.equal([
      ['identity', 'done'],
      ['fees', 'open'],
      ['mail', 'open'],
      ['payments', 'skipped'],
      ['members', 'open'],
      ['backups', 'open'],
    ]);
    expect((await find(element, '[data-setup-progress]')).textContent).to.equal('2 de 6 passos tratados');
    const open = all<HTMLDetailsElement>(element, 'details').filter((d) => d.open);
    expect(open.map((d) => d.closest<HTMLElement>('[data-step]')!.dataset.step)).to.deep.equal(['fees']);
    expect(text(element)).to.contain('Ainda não há quotas definidas para 2026.');
    // Its links lead to the pages that do the work.
    const fees = await find<HTMLAnchorElement>(element, '[data-step="fees"] [data-link="feeSettings"]');
    expect([fees.textContent, fees.getAttribute('href')]).to.deep.equal(['Definir categorias e valores', '/configuracaoQuotas']);
    for (const details of all<HTMLDetailsElement>(element, 'details')) details.open = true;
    await find(element, '[data-link="membersImport"]');
    expect((await find(element, '[data-step="mail"] dl')).textContent).to.contain('ana@exemplo.pt');
    await expectAccessible(element);
  });

  it('leaves a step for later and takes it up again through the ordinary settings', async () => {
    const { f, element } = await mount(ANSWER);
    await f.script({ 'PATCH /settings/9': { body: { data: { _id: 9, name: 'setupSkipped', value: 'fees', created_at: at } } } });
    (await find<HTMLButtonElement>(element, '[data-step="fees"] [data-skip]')).click();
    await waitUntil(async () => (await f.requests('PATCH', '/settings/9')).length === 1, 'the skip was not saved');
    expect((await f.requests('PATCH', '/settings/9'))[0]!.body).to.deep.equal({ value: 'fees' });

    (await find<HTMLButtonElement>(element, '[data-step="payments"] [data-reopen]')).click();
    await waitUntil(async () => (await f.requests('PATCH', '/settings/9')).length === 2, 'the reopening was not saved');
    // The stored list was empty: reopening takes nothing away and stores it empty.
    expect((await f.requests('PATCH', '/settings/9'))[1]!.body).to.deep.equal({ value: '' });
  });

  it('sends the test message and says what the server answered, in a live region', async () => {
    const { f, element } = await mount(ANSWER);
    await f.script({ 'POST /setup/test_message': { body: { data: { ok: false, message: 'O servidor de e-mail smtp.exemplo.pt:587 recusou a ligação: confirme o endereço e a porta em SMTP_URL.' } } } });
    (await find<HTMLDetailsElement>(element, '[data-step="mail"] details')).open = true;
    (await button(element, 'Enviar mensagem de teste')).click();
    await waitForText(element, 'recusou a ligação');
    const result = await find(element, '[data-test-result]');
    expect(result.dataset.testResult).to.equal('failed');
    expect(result.parentElement!.getAttribute('role')).to.equal('status');
    expect(await f.requests('POST', '/setup/test_message')).to.have.length(1);
  });

  it('shows nothing to an editor, nor once every step is handled, nor in test mode; the settings page shows it always', async () => {
    const editor = await mount(ANSWER, 'editor');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(editor.element.shadowRoot?.querySelector('[data-setup-checklist]') ?? null).to.equal(null);
    expect(await editor.f.requests('GET', '/setup')).to.have.length(0);
    cleanupFeatures();

    const complete = { ...ANSWER, complete: true, steps: ANSWER.steps.map((step) => ({ ...step, state: 'done' as const })) };
    const home = await mount(complete);
    await waitUntil(async () => (await home.f.requests('GET', '/setup')).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(home.element.shadowRoot?.querySelector('[data-setup-checklist]') ?? null).to.equal(null);
    cleanupFeatures();

    const demo = await mount({ ...ANSWER, production: false });
    await waitUntil(async () => (await demo.f.requests('GET', '/setup')).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(demo.element.shadowRoot?.querySelector('[data-setup-checklist]') ?? null).to.equal(null);
    cleanupFeatures();

    const settings = await mount(complete, 'admin', { always: 'true' });
    expect((await find(settings.element, '[data-setup-checklist]')).dataset.setupChecklist).to.equal('complete');
  });
});
