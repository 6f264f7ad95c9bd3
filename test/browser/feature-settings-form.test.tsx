import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/settings-form/element.js';
import { settingsPagesOf } from '../../src/core/client-module.js';
import { TERMINOLOGY_DEFAULTS } from '../../src/core/contract.js';
import type { SettingsSchemaResponse } from '../../src/core/settings-schema.js';
import { CLIENT_MODULES } from '../../src/widgets/modules.js';
import { SETTINGS_SCHEMA } from './support/settings-schema.js';
import { all, button, cleanupFeatures, control, featureFixture, find, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const at = '2025-01-01T00:00:00Z';
function settingsBody(values: Record<string, string>) {
  const data = Object.entries(values).map(([name, value], i) => ({ _id: i + 1, name, value, created_at: at }));
  return { body: { data, meta: { total: data.length } } };
}
/** What GET /api/settings/schema answers: the server's own declarations, as it serves them. */
const SCHEMA: { body: SettingsSchemaResponse } = { body: { data: { settings: SETTINGS_SCHEMA } } };
const INITIAL = { SendMessages: 'false', automatedMemberPayments: 'true', orgEmail: 'geral@exemplo.pt', hasTreasury: 'false' };

describe('<associa-settings-form>', () => {
  afterEach(cleanupFeatures);

  it('shows the named settings in order, flags as switches with pt-PT labels', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    await f.script({ 'GET /settings/schema': SCHEMA, 'GET /settings': settingsBody(INITIAL) });
    const element = place('associa-settings-form', { names: 'SendMessages, automatedMemberPayments' });
    const send = await control(element, 'Envio automático de mensagens');
    const automated = await control(element, 'Mensagens automáticas de pagamento');
    await expectAccessible(element);
    expect(send.getAttribute('role')).to.equal('switch');
    expect(send.checked).to.equal(false);
    expect(automated.checked).to.equal(true);
    expect(all(element, 'input').map((i) => i.getAttribute('name'))).to.deep.equal(['SendMessages', 'automatedMemberPayments']);
    expect(text(element)).not.to.contain('geral@exemplo.pt');
    const [req] = await f.requests('GET', '/settings');
    expect(req!.query).to.deep.include({ _limit: '-1' });
  });

  it('saves only what changed, reloads and announces associa-saved', async () => {
    const { f, place, logIn, core } = featureFixture();
    logIn(1, 'Ana', 'admin');
    await f.script({
      'GET /settings/schema': SCHEMA,
      'GET /settings': [settingsBody(INITIAL), settingsBody({ ...INITIAL, SendMessages: 'true', orgEmail: 'secretaria@exemplo.pt' })],
      'PATCH /settings/1': { body: { data: { _id: 1, name: 'SendMessages', value: 'true', created_at: at } } },
      'PATCH /settings/3': { body: { data: { _id: 3, name: 'orgEmail', value: 'secretaria@exemplo.pt', created_at: at } } },
    });
    const element = place('associa-settings-form', { names: 'SendMessages,automatedMemberPayments,orgEmail' });
    const saved: unknown[] = [];
    element.addEventListener('associa-saved', (e) => saved.push(e.detail));
    (await control(element, 'Envio automático de mensagens')).click();
    type(await control(element, 'E-mail da organização'), 'secretaria@exemplo.pt');
    (await button(element, 'Guardar')).click();
    await waitForText(element, 'Configurações guardadas.');
    expect((await f.requests('PATCH', '/settings/1'))[0]!.body).to.deep.equal({ value: 'true' });
    expect((await f.requests('PATCH', '/settings/3'))[0]!.body).to.deep.equal({ value: 'secretaria@exemplo.pt' });
    expect(await f.requests('PATCH', '/settings/2')).to.have.length(0);
    expect(saved).to.deep.equal([{ resource: 'settings', id: '1,3' }]);
    expect(core.settings.SendMessages.value).to.equal(true);
    expect((await control(element, 'Envio automático de mensagens')).checked).to.equal(true);
  });

  it("shows the server's field error under its setting", async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    await f.script({
      'GET /settings/schema': SCHEMA,
      'GET /settings': settingsBody(INITIAL),
      'PATCH /settings/3': { status: 422, body: { errors: { value: 'O valor é demasiado longo.' } } },
    });
    const element = place('associa-settings-form', { names: 'orgEmail' });
    const input = await control(element, 'E-mail da organização');
    type(input, 'x@exemplo.pt');
    (await button(element, 'Guardar')).click();
    await waitForText(element, 'O valor é demasiado longo.');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(input.value).to.equal('x@exemplo.pt');
    expect(text(element)).to.contain('Algumas configurações não foram guardadas.');
  });

  it('says when there is nothing to save', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    await f.script({ 'GET /settings/schema': SCHEMA, 'GET /settings': settingsBody(INITIAL) });
    const element = place('associa-settings-form', { names: 'hasTreasury' });
    (await button(element, 'Guardar')).click();
    await waitForText(element, 'Não há alterações para guardar.');
    expect((await f.log()).filter((r) => r.method === 'PATCH')).to.have.length(0);
  });

  it('is read-only for anyone but an administrator', async () => {
    for (const role of ['editor', 'member']) {
      const { f, place, logIn } = featureFixture();
      logIn(2, 'Rui', role);
      await f.script({ 'GET /settings/schema': SCHEMA, 'GET /settings': settingsBody(INITIAL) });
      const element = place('associa-settings-form', { names: 'SendMessages,orgEmail' });
      const send = await control(element, 'Envio automático de mensagens');
      expect(send.disabled, role).to.equal(true);
      expect((await control(element, 'E-mail da organização')).disabled, role).to.equal(true);
      expect(text(element)).to.contain('Só um administrador pode alterar estas configurações.');
      expect(all(element, 'button').map((b) => b.textContent), role).to.deep.equal([]);
      cleanupFeatures();
    }
  });

  it('offers a retry when the settings cannot be read', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    await f.script({ 'GET /settings/schema': SCHEMA, 'GET /settings': [{ status: 500, body: {} }, settingsBody(INITIAL)] });
    const element = place('associa-settings-form', { names: 'hasTreasury' });
    await find(element, '[role="alert"]');
    (await button(element, 'Tentar novamente')).click();
    expect((await control(element, 'Ativar a tesouraria')).checked).to.equal(false);
  });

  it('refuses a number of days out of bounds before sending anything, then saves a good one', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    const security = { requireTwoFactorForAdmins: 'false', sessionIdleDays: '14', auditRetentionDays: '730' };
    await f.script({
      'GET /settings/schema': SCHEMA,
      'GET /settings': [settingsBody(security), settingsBody({ ...security, sessionIdleDays: '7', auditRetentionDays: '365' })],
      'PATCH /settings/2': { body: { data: { _id: 2, name: 'sessionIdleDays', value: '7', created_at: at } } },
      'PATCH /settings/3': { body: { data: { _id: 3, name: 'auditRetentionDays', value: '365', created_at: at } } },
    });
    const element = place('associa-settings-form', { page: 'organisation' });
    const twoFactor = await control(element, 'Exigir autenticação em dois passos aos administradores');
    expect(twoFactor.getAttribute('role')).to.equal('switch');
    const idle = await control(element, 'Terminar sessões inativas ao fim de (dias)');
    expect(idle.value).to.equal('14');
    type(idle, '45');
    type(await control(element, 'Guardar o registo de auditoria durante (dias)'), '365');
    (await button(element, 'Guardar')).click();
    await waitForText(element, 'Indique um número inteiro de 1 a 30.');
    expect(text(element)).to.contain('Nada foi guardado. Corrija os campos assinalados.');
    expect(idle.getAttribute('aria-invalid')).to.equal('true');
    expect((await f.log()).filter((r) => r.method === 'PATCH')).to.have.length(0);
    type(idle, '7');
    (await button(element, 'Guardar')).click();
    await waitForText(element, 'Configurações guardadas.');
    expect((await f.requests('PATCH', '/settings/2'))[0]!.body).to.deep.equal({ value: '7' });
    expect((await f.requests('PATCH', '/settings/3'))[0]!.body).to.deep.equal({ value: '365' });
    expect(text(element)).not.to.contain('Indique um número inteiro');
  });

  it('a heading attribute titles the form', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    await f.script({ 'GET /settings/schema': SCHEMA, 'GET /settings': settingsBody(INITIAL) });
    const element = place('associa-settings-form', { names: 'hasTreasury', heading: 'Tesouraria' });
    expect((await find(element, 'h2')).textContent).to.equal('Tesouraria');
    await waitUntil(() => element.shadowRoot!.querySelector('input'), 'no input');
  });
});

describe('settings from the served schema', () => {
  afterEach(cleanupFeatures);

  it("shows a page's settings in the server's order, with its labels, kinds and options", async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    const members = { orgType: 'association', memberSingular: 'Sócio', memberPlural: 'Sócios', firstQuotaRule: 'prorata', hasTreasury: 'false' };
    await f.script({ 'GET /settings/schema': SCHEMA, 'GET /settings': settingsBody(members) });
    const element = place('associa-settings-form', { page: 'members' });
    const rule = await control<HTMLSelectElement>(element, 'Primeira quota de um novo sócio');
    expect([...rule.options].map((o) => o.textContent)).to.deep.equal(['Proporcional aos meses que faltam', 'Quota completa']);
    expect((await control<HTMLSelectElement>(element, 'Tipo de organização')).value).to.equal('association');
    const shown = all(element, 'input, select').map((i) => i.getAttribute('name'));
    expect(shown).to.deep.equal(['orgType', 'memberSingular', 'memberPlural', 'firstQuotaRule']);
    // The quota's value is set only in the fee schedules: no global "Valor da quota" here.
    expect(element.textContent).not.to.contain('Valor da quota');
    expect((await f.requests('GET', '/settings/schema')).length).to.equal(1);
  });

  it('renders a label, bound and choice it never saw before, straight from the schema', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    const schema: SettingsSchemaResponse = {
      data: {
        settings: [
          { name: 'loanDays', kind: 'integer', label: 'Dias de empréstimo', hint: 'De 2 a 9.', min: 2, max: 9, page: 'cards', readers: 'authenticated' },
          { name: 'shelf', kind: 'enum', label: 'Estante', options: [{ value: 'a', label: 'Estante A' }, { value: 'b', label: 'Estante B' }], page: 'cards', readers: 'authenticated' },
        ],
      },
    };
    await f.script({ 'GET /settings/schema': { body: schema }, 'GET /settings': settingsBody({ shelf: 'a', loanDays: '3', custom_note: 'livre' }) });
    const element = place('associa-settings-form', { page: 'cards' });
    const days = await control(element, 'Dias de empréstimo');
    expect(text(element)).to.contain('De 2 a 9.');
    expect([...(await control<HTMLSelectElement>(element, 'Estante')).options].map((o) => o.textContent)).to.deep.equal(['Estante A', 'Estante B']);
    expect(text(element)).not.to.contain('custom_note');
    type(days, '10');
    (await button(element, 'Guardar')).click();
    await waitForText(element, 'Indique um número inteiro de 2 a 9.');
    expect((await f.log()).filter((r) => r.method === 'PATCH')).to.have.length(0);
  });

  it('offers a retry when the schema cannot be read', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    await f.script({ 'GET /settings/schema': [{ status: 500, body: {} }, SCHEMA], 'GET /settings': settingsBody(INITIAL) });
    const element = place('associa-settings-form', { page: 'treasury' });
    await find(element, '[role="alert"]');
    (await button(element, 'Tentar novamente')).click();
    expect((await control(element, 'Ativar a tesouraria')).checked).to.equal(false);
  });

  it('shows the files directory the server sets as text, not as a control, and saves the others without it', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    const organisation = { name: 'Associação', orgEmail: 'geral@exemplo.pt', filesDir: '/srv/associa/data/files' };
    await f.script({
      'GET /settings/schema': SCHEMA,
      'GET /settings': settingsBody(organisation),
      'PATCH /settings/2': { body: { data: { _id: 2, name: 'orgEmail', value: 'secretaria@exemplo.pt', created_at: at } } },
    });
    const element = place('associa-settings-form', { page: 'organisation' });
    await waitForText(element, '/srv/associa/data/files');
    const shown = await find(element, '[data-setting="filesDir"]');
    expect(shown.getAttribute('role')).to.equal('group');
    expect(shown.querySelector('input, select, textarea')).to.equal(null);
    expect(all(element, 'input, select').map((i) => i.getAttribute('name'))).not.to.include('filesDir');
    expect(shown.textContent).to.contain('Pasta dos ficheiros');
    expect(shown.textContent).to.contain('ASSOCIA_DATA');
    await expectAccessible(element);
    type(await control(element, 'E-mail da organização'), 'secretaria@exemplo.pt');
    (await button(element, 'Guardar')).click();
    await waitForText(element, 'Configurações guardadas.');
    expect((await f.log()).filter((r) => r.method === 'PATCH').map((r) => r.path)).to.deep.equal(['/settings/2']);
  });

  it("shows an administrator's own setting under its name, with a control guessed from its value", async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    await f.script({ 'GET /settings/schema': SCHEMA, 'GET /settings': settingsBody({ custom_flag: 'true', custom_note: 'livre' }) });
    const element = place('associa-settings-form', { names: 'custom_flag,custom_note' });
    expect((await control(element, 'custom_flag')).getAttribute('role')).to.equal('switch');
    expect((await control(element, 'custom_note')).value).to.equal('livre');
  });

  it('has settings on every settings page the client modules place, and none on a page no route shows', () => {
    const placed = settingsPagesOf(CLIENT_MODULES, TERMINOLOGY_DEFAULTS.association);
    const pages = new Set(SETTINGS_SCHEMA.map((s) => s.page));
    expect(placed.length).to.be.greaterThan(5);
    expect(placed.filter((page) => !pages.has(page))).to.deep.equal([]);
    expect([...pages].filter((page) => page !== null && !placed.includes(page))).to.deep.equal([]);
  });
});
