import { expect, waitUntil } from '@open-wc/testing';
import '../../src/widgets/settings-form/element.js';
import { SETTING_CATALOGUE, settingProblem } from '../../src/widgets/settings-form/catalogue.js';
import { SETTINGS_PAGES, settingsNames } from '../../src/widgets/settings-form/pages.js';
import { defaultSettings } from '../../src/server/resources/reference-data.js';
import { SESSION_MAX_DAYS } from '../../src/server/auth/session-limits.js';
import { all, button, cleanupFeatures, control, featureFixture, find, text, type, waitForText } from './feature-support/elements.js';

const at = '2025-01-01T00:00:00Z';
function settingsBody(values: Record<string, string>) {
  const data = Object.entries(values).map(([name, value], i) => ({ _id: i + 1, name, value, created_at: at }));
  return { body: { data, meta: { total: data.length } } };
}
const INITIAL = { SendMessages: 'false', automatedMemberPayments: 'true', orgEmail: 'geral@exemplo.pt', hasTreasury: 'false' };

describe('<associa-settings-form>', () => {
  afterEach(cleanupFeatures);

  it('shows the named settings in order, flags as switches with pt-PT labels', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    await f.script({ 'GET /settings': settingsBody(INITIAL) });
    const element = place('associa-settings-form', { names: 'SendMessages, automatedMemberPayments' });
    const send = await control(element, 'Envio automático de mensagens');
    const automated = await control(element, 'Mensagens automáticas de pagamento');
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
    await f.script({ 'GET /settings': settingsBody(INITIAL) });
    const element = place('associa-settings-form', { names: 'hasTreasury' });
    (await button(element, 'Guardar')).click();
    await waitForText(element, 'Não há alterações para guardar.');
    expect((await f.log()).filter((r) => r.method === 'PATCH')).to.have.length(0);
  });

  it('is read-only for anyone but an administrator', async () => {
    for (const role of ['editor', 'member']) {
      const { f, place, logIn } = featureFixture();
      logIn(2, 'Rui', role);
      await f.script({ 'GET /settings': settingsBody(INITIAL) });
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
    await f.script({ 'GET /settings': [{ status: 500, body: {} }, settingsBody(INITIAL)] });
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
      'GET /settings': [settingsBody(security), settingsBody({ ...security, sessionIdleDays: '7', auditRetentionDays: '365' })],
      'PATCH /settings/2': { body: { data: { _id: 2, name: 'sessionIdleDays', value: '7', created_at: at } } },
      'PATCH /settings/3': { body: { data: { _id: 3, name: 'auditRetentionDays', value: '365', created_at: at } } },
    });
    const element = place('associa-settings-form', { names: settingsNames('organisation') });
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
    await f.script({ 'GET /settings': settingsBody(INITIAL) });
    const element = place('associa-settings-form', { names: 'hasTreasury', heading: 'Tesouraria' });
    expect((await find(element, 'h2')).textContent).to.equal('Tesouraria');
    await waitUntil(() => element.shadowRoot!.querySelector('input'), 'no input');
  });
});

describe('settings per page', () => {
  it("puts every default setting on exactly one page, except the installation's client and filesDir", () => {
    const placed = Object.values(SETTINGS_PAGES).flat();
    expect(new Set(placed).size, 'a setting is on two pages').to.equal(placed.length);
    const defaults = Object.keys(defaultSettings('association')).filter((n) => n !== 'client' && n !== 'filesDir');
    expect([...placed].sort()).to.deep.equal([...defaults].sort());
  });

  it('has a pt-PT label for every default setting', () => {
    for (const name of Object.keys(defaultSettings('cooperative'))) expect(SETTING_CATALOGUE[name], name).to.exist;
  });

  it("bounds each whole-number setting as the server reads it, its default inside", () => {
    const defaults = defaultSettings('association');
    const bounded = Object.entries(SETTING_CATALOGUE).filter(([, d]) => d.whole);
    expect(bounded.map(([name]) => name).sort()).to.deep.equal(['auditRetentionDays', 'sessionIdleDays']);
    for (const [name, description] of bounded) expect(settingProblem(description, defaults[name]!), name).to.equal(null);
    const idle = SETTING_CATALOGUE.sessionIdleDays!;
    expect(idle.whole!.max).to.equal(SESSION_MAX_DAYS);
    expect(settingProblem(idle, String(SESSION_MAX_DAYS))).to.equal(null);
    for (const bad of ['0', String(SESSION_MAX_DAYS + 1), '7.5', '-3', 'sete', ''])
      expect(settingProblem(idle, bad), bad).to.equal('Indique um número inteiro de 1 a 30.');
    expect(settingProblem(SETTING_CATALOGUE.auditRetentionDays!, '1000000')).to.contain('Indique um número inteiro de 1 a');
  });

  it('gives the host the names attribute of a page', () => {
    expect(settingsNames('organisation')).to.match(/,requireTwoFactorForAdmins,sessionIdleDays,auditRetentionDays$/);
    expect(settingsNames('messages')).to.equal('SendMessages,automatedMemberPayments');
    expect(settingsNames('applications')).to.equal('hasMemberApplication');
  });
});
