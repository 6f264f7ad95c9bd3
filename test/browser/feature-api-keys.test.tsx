import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/api-keys/element.js';
import '../../src/widgets/api-key-form/element.js';
import { all, button, cleanupFeatures, control, featureFixture, find, link, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const KEYS = [
  { _id: 2, created_at: '2025-03-01T10:00:00Z', name: 'Sítio da associação', role: 'editor', secret_prefix: 'ask_ab12', last_used_at: '2025-03-02T09:30:00Z', revoked_at: null },
  { _id: 1, created_at: '2025-01-01T10:00:00Z', name: 'Contabilidade', role: 'member', secret_prefix: 'ask_zz99', last_used_at: null, revoked_at: '2025-02-01T10:00:00Z' },
];
const list = (items: unknown[]) => ({ body: { data: items, meta: { total: items.length } } });
const SECRET = 'ask_ab12cd34ef56gh78ij90kl12mn34op56';

describe('<associa-api-keys>', () => {
  afterEach(cleanupFeatures);

  it('lists name, role, prefix, last use and state, newest first', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    await f.script({ 'GET /api_secrets': list(KEYS) });
    const element = place('associa-api-keys');
    await find(element, 'tbody tr');
    await expectAccessible(element);
    const rows = all(element, 'tbody tr').map((tr) => [...tr.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent));
    expect(rows[0]![0]).to.equal('Sítio da associação');
    expect(rows[0]![1]).to.equal('Editor');
    expect(rows[0]![2]).to.equal('ask_ab12…');
    expect(rows[0]![3]).to.match(/^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);
    expect(rows[0]![4]).to.equal('Ativa');
    expect(rows[1]!.slice(1, 4)).to.deep.equal(['Sócio', 'ask_zz99…', 'Nunca']);
    expect(rows[1]![4]).to.match(/^Revogada em /);
    const [req] = await f.requests('GET', '/api_secrets');
    expect(req!.query).to.deep.include({ _sort: '-created_at', _limit: '-1' });
    // A revoked key offers no revoke button.
    expect(all(element, 'tbody tr')[1]!.querySelector('button')).to.equal(null);
    expect((await link(element, 'Referência da API')).getAttribute('href')).to.equal(`${f.api}/docs`);
  });

  it('revokes only after confirmation', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    const revoked = { ...KEYS[0], revoked_at: '2025-04-01T10:00:00Z' };
    await f.script({ 'GET /api_secrets': [list(KEYS), list([revoked, KEYS[1]])], 'POST /api_secrets/2/revoke': { body: { data: revoked } } });
    const element = place('associa-api-keys');
    (await button(element, 'Revogar')).click();
    const dialog = await find<HTMLDialogElement>(element, 'dialog[open]');
    expect(dialog.textContent).to.contain('Revogar a chave «Sítio da associação»?');
    // Cancel first: nothing is sent.
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Cancelar')!.click();
    await waitUntil(() => !dialog.open, 'dialog stayed open');
    expect(await f.requests('POST', '/api_secrets/2/revoke')).to.have.length(0);
    (await button(element, 'Revogar')).click();
    await waitUntil(() => dialog.open, 'dialog did not reopen');
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Revogar')!.click();
    await waitForText(element, 'Chave revogada.');
    // The server's revoke action sets the time: the client sends no timestamp.
    expect(await f.requests('POST', '/api_secrets/2/revoke')).to.have.length(1);
    expect(await f.requests('PATCH', '/api_secrets/2')).to.have.length(0);
    await waitUntil(() => all(element, 'tbody button').length === 0, 'the list was not reloaded');
  });

  it('asks for /apiSecrets/new and links each key to its page', async () => {
    const { f, place, logIn, navigations } = featureFixture();
    logIn();
    await f.script({ 'GET /api_secrets': list(KEYS) });
    const element = place('associa-api-keys');
    (await button(element, 'Nova chave')).click();
    (await link(element, 'Contabilidade')).click();
    expect(navigations).to.deep.equal(['/apiSecrets/new', '/apiSecrets/1']);
  });

  it('tells a non-administrator that only administrators manage keys', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(2, 'Rui', 'editor');
    await f.script({ 'GET /api_secrets': { status: 403, body: { message: 'Sem permissão.' } } });
    const element = place('associa-api-keys');
    await waitForText(element, 'Só um administrador pode gerir chaves de API.');
  });

  it('shows an empty state without keys', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    await f.script({ 'GET /api_secrets': list([]) });
    const element = place('associa-api-keys');
    await waitForText(element, 'Ainda não há chaves de API.');
  });
});

describe('<associa-api-key-form>', () => {
  afterEach(cleanupFeatures);

  it('creates a key and shows its secret once, with the warning and a copy button', async () => {
    const { f, place, logIn, navigations } = featureFixture();
    logIn();
    await f.script({ 'POST /api_secrets': { status: 201, body: { data: { ...KEYS[0], _id: 3, name: 'Loja', secret: SECRET } } } });
    const element = place('associa-api-key-form');
    const saved: unknown[] = [];
    element.addEventListener('associa-saved', (e) => saved.push(e.detail));
    type(await control(element, 'Nome'), ' Loja ');
    const role = await control<HTMLSelectElement>(element, 'Perfil');
    role.value = 'editor';
    role.dispatchEvent(new Event('change', { bubbles: true }));
    (await button(element, 'Criar chave')).click();
    await waitForText(element, 'Guarde esta chave agora: não voltará a ser mostrada.');
    expect((await control(element, 'Chave secreta')).value).to.equal(SECRET);
    expect((await f.requests('POST', '/api_secrets'))[0]!.body).to.deep.equal({ name: 'Loja', role: 'editor' });
    expect(saved).to.deep.equal([{ resource: 'api_secrets', id: '3' }]);
    (await button(element, 'Copiar')).click();
    await waitUntil(() => /copiada|copiar/i.test(element.shadowRoot!.querySelector('[data-tone="success"], [data-tone="error"]')?.textContent ?? ''), 'no copy outcome');
    (await button(element, 'Concluído')).click();
    expect(navigations).to.deep.equal(['/developers']);
    await waitUntil(() => !text(element).includes(SECRET) && !all<HTMLInputElement>(element, 'input').some((i) => i.value === SECRET), 'the secret is still shown');
  });

  it('without a router, Concluído shows the new key without its secret', async () => {
    const { f, place, logIn } = featureFixture({ handleNavigation: false });
    logIn();
    const key = { ...KEYS[0], _id: 3, name: 'Loja' };
    await f.script({ 'POST /api_secrets': { status: 201, body: { data: { ...key, secret: SECRET } } }, 'GET /api_secrets/3': { body: { data: key } } });
    const element = place('associa-api-key-form');
    type(await control(element, 'Nome'), 'Loja');
    const role = await control<HTMLSelectElement>(element, 'Perfil');
    role.value = 'member';
    role.dispatchEvent(new Event('change', { bubbles: true }));
    (await button(element, 'Criar chave')).click();
    (await button(element, 'Concluído')).click();
    await waitForText(element, 'Chave de API: Loja');
    expect(text(element)).not.to.contain(SECRET);
    expect(text(element)).not.to.contain('Guarde esta chave agora');
  });

  it('checks name and role before sending, and shows server field errors', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    await f.script({ 'POST /api_secrets': { status: 422, body: { errors: { name: 'Já existe uma chave com este nome.' } } } });
    const element = place('associa-api-key-form');
    (await button(element, 'Criar chave')).click();
    await waitForText(element, 'Indique um nome.');
    await waitForText(element, 'Escolha um perfil.');
    expect(await f.requests('POST', '/api_secrets')).to.have.length(0);
    type(await control(element, 'Nome'), 'Loja');
    const role = await control<HTMLSelectElement>(element, 'Perfil');
    role.value = 'admin';
    role.dispatchEvent(new Event('change', { bubbles: true }));
    (await button(element, 'Criar chave')).click();
    await waitForText(element, 'Já existe uma chave com este nome.');
    expect((await control(element, 'Nome')).getAttribute('aria-invalid')).to.equal('true');
  });

  it('sends an optional expiry as an instant, and refuses one in the past before sending', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    await f.script({ 'POST /api_secrets': { status: 201, body: { data: { ...KEYS[0], _id: 3, name: 'Loja', secret: SECRET } } } });
    const element = place('associa-api-key-form');
    type(await control(element, 'Nome'), 'Loja');
    const role = await control<HTMLSelectElement>(element, 'Perfil');
    role.value = 'member';
    role.dispatchEvent(new Event('change', { bubbles: true }));
    const expires = await control(element, 'Expira em');
    expect(expires.type).to.equal('datetime-local');
    type(expires, '2001-05-01T10:00');
    (await button(element, 'Criar chave')).click();
    await waitForText(element, 'A data de expiração tem de ser posterior ao momento atual.');
    expect(await f.requests('POST', '/api_secrets')).to.have.length(0);
    const next = new Date().getFullYear() + 1;
    type(expires, `${next}-05-01T10:00`);
    (await button(element, 'Criar chave')).click();
    await waitForText(element, 'Guarde esta chave agora: não voltará a ser mostrada.');
    const [post] = await f.requests('POST', '/api_secrets');
    expect(post!.body).to.deep.equal({ name: 'Loja', role: 'member', expires_at: new Date(`${next}-05-01T10:00`).toISOString() });
  });

  it('shows when a key expires, and an expired key as expired, in the form and the list', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    const later = { ...KEYS[0], _id: 4, name: 'Temporária', expires_at: '2999-01-01T10:00:00Z' };
    const expired = { ...KEYS[0], _id: 5, name: 'Antiga', expires_at: '2001-01-01T10:00:00Z' };
    await f.script({ 'GET /api_secrets/5': { body: { data: expired } }, 'GET /api_secrets': list([later, expired]) });
    const form = place('associa-api-key-form', { 'record-id': '5' });
    await waitForText(form, 'Expirada em 01/01/2001');
    expect(text(form)).to.contain('Expira em');
    const element = place('associa-api-keys');
    await find(element, 'tbody tr');
    const states = all(element, 'tbody tr').map((tr) => tr.querySelectorAll('td')[4]!.textContent);
    expect(states[0]).to.match(/^Ativa até 01\/01\/2999/);
    expect(states[1]).to.match(/^Expirada em 01\/01\/2001/);
  });

  it('renames an existing key and never shows a secret', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    await f.script({ 'GET /api_secrets/2': { body: { data: KEYS[0] } }, 'PATCH /api_secrets/2': { body: { data: { ...KEYS[0], name: 'Sítio novo' } } } });
    const element = place('associa-api-key-form', { 'record-id': '2' });
    await waitForText(element, 'Chave de API: Sítio da associação');
    expect(text(element)).not.to.contain('Chave secreta');
    type(await control(element, 'Nome'), 'Sítio novo');
    (await button(element, 'Guardar')).click();
    await waitForText(element, 'Chave guardada.');
    expect((await f.requests('PATCH', '/api_secrets/2'))[0]!.body).to.deep.equal({ name: 'Sítio novo' });
    await waitForText(element, 'Chave de API: Sítio novo');
  });

  it('revokes an existing key after confirmation', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    await f.script({ 'GET /api_secrets/2': { body: { data: KEYS[0] } }, 'POST /api_secrets/2/revoke': { body: { data: { ...KEYS[0], revoked_at: '2025-04-01T10:00:00Z' } } } });
    const element = place('associa-api-key-form', { 'record-id': '2' });
    (await button(element, 'Revogar')).click();
    const dialog = await find<HTMLDialogElement>(element, 'dialog[open]');
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Revogar')!.click();
    await waitForText(element, 'Chave revogada.');
    await waitForText(element, 'Revogada em');
    await waitUntil(() => !all(element, 'button').some((b) => b.textContent === 'Revogar' && !b.closest('dialog')), 'revoke still offered');
  });

  it('says when the key does not exist', async () => {
    const { place, logIn } = featureFixture();
    logIn();
    const element = place('associa-api-key-form', { 'record-id': '404' });
    await waitForText(element, 'Chave de API não encontrada.');
  });
});
