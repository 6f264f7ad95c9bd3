import { expect, waitUntil } from '@open-wc/testing';
import '../../src/widgets/user-password/element.js';
import { button, cleanupFeatures, control, featureFixture, find, link, text, type, waitForText } from './feature-support/elements.js';

const USER = { data: { _id: 12, created_at: '', name: 'João Silva', username: 'joao', role: 'editor' } };

describe('<associa-user-password>', () => {
  afterEach(cleanupFeatures);

  it("sets another user's password and announces associa-saved", async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    await f.script({ 'GET /users/12': { body: USER }, 'PATCH /users/12': { body: USER } });
    const element = place('associa-user-password', { 'user-id': '12' });
    await waitForText(element, 'João Silva (joao)');
    const saved: unknown[] = [];
    element.addEventListener('associa-saved', (e) => saved.push(e.detail));
    type(await control(element, 'Nova palavra-passe'), 'nova-segura-1');
    type(await control(element, 'Confirmar a palavra-passe'), 'nova-segura-1');
    (await button(element, 'Alterar palavra-passe')).click();
    await waitForText(element, 'Palavra-passe alterada.');
    const [patch] = await f.requests('PATCH', '/users/12');
    expect(patch!.body).to.deep.equal({ password: 'nova-segura-1' });
    expect(saved).to.deep.equal([{ resource: 'users', id: '12' }]);
    // Not the caller's own account: no new login.
    expect(await f.requests('POST', '/auth')).to.have.length(0);
    expect((await control(element, 'Nova palavra-passe')).value).to.equal('');
    expect((await link(element, 'Voltar ao utilizador')).getAttribute('href')).to.equal('/utilizadores/12');
  });

  it("shows the server's refusal (an editor on an administrator's account)", async () => {
    const { f, place, logIn } = featureFixture();
    logIn(2, 'Rui', 'editor');
    const message = 'Só um administrador pode alterar ou apagar a conta de um administrador.';
    await f.script({ 'GET /users/12': { body: USER }, 'PATCH /users/12': { status: 403, body: { statusCode: 403, error: 'Forbidden', message } } });
    const element = place('associa-user-password', { 'user-id': '12' });
    type(await control(element, 'Nova palavra-passe'), 'nova-segura-1');
    type(await control(element, 'Confirmar a palavra-passe'), 'nova-segura-1');
    (await button(element, 'Alterar palavra-passe')).click();
    expect((await find(element, '[role="alert"]')).textContent).to.equal(message);
    expect(text(element)).not.to.contain('Palavra-passe alterada.');
  });

  it('checks the length and the confirmation before sending', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    await f.script({ 'GET /users/12': { body: USER } });
    const element = place('associa-user-password', { 'user-id': '12' });
    type(await control(element, 'Nova palavra-passe'), '1234567');
    type(await control(element, 'Confirmar a palavra-passe'), '1234567');
    (await button(element, 'Alterar palavra-passe')).click();
    await waitForText(element, 'A palavra-passe deve ter pelo menos 8 caracteres.');
    type(await control(element, 'Nova palavra-passe'), '12345678');
    type(await control(element, 'Confirmar a palavra-passe'), '12345679');
    (await button(element, 'Alterar palavra-passe')).click();
    await waitForText(element, 'As palavras-passe não coincidem.');
    expect(await f.requests('PATCH', '/users/12')).to.have.length(0);
  });

  it('keeps the session when the user changes their own password', async () => {
    const { f, place, logIn, core } = featureFixture();
    logIn(12, 'João Silva', 'editor');
    const { tokenPair } = await import('./feature-support/elements.js');
    const fresh = tokenPair(12, 'João Silva', 'editor');
    await f.script({ 'GET /users/12': { body: USER }, 'PATCH /users/12': { body: USER }, 'POST /auth': { body: fresh } });
    const element = place('associa-user-password', { 'user-id': '12' });
    type(await control(element, 'Nova palavra-passe'), 'nova-segura-1');
    type(await control(element, 'Confirmar a palavra-passe'), 'nova-segura-1');
    (await button(element, 'Alterar palavra-passe')).click();
    await waitForText(element, 'Palavra-passe alterada.');
    const [login] = await f.requests('POST', '/auth');
    expect(login!.body).to.deep.equal({ username: 'joao', password: 'nova-segura-1' });
    await waitUntil(() => core.tokens.access.value === fresh.access, 'the new tokens were not stored');
  });

  it('says when the user does not exist', async () => {
    const { place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    const element = place('associa-user-password', { 'user-id': '999' });
    await waitForText(element, 'Utilizador não encontrado.');
  });
});
