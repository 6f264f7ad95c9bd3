import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/user-password/element.js';
import { fakeJwt, now, tokenPair } from './support/fault.js';
import { button, cleanupFeatures, control, featureFixture, find, link, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const USER = { data: { _id: 12, created_at: '', name: 'João Silva', username: 'joao', role: 'editor' } };

describe('<associa-user-password>', () => {
  afterEach(cleanupFeatures);

  it("sets another user's password without asking for a current one, and announces associa-saved", async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    await f.script({ 'GET /users/12': { body: USER }, 'PATCH /users/12': { body: USER } });
    const element = place('associa-user-password', { 'user-id': '12' });
    await waitForText(element, 'João Silva (joao)');
    await expectAccessible(element);
    expect(text(element)).not.to.contain('Palavra-passe atual');
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

  it("asks for one's own current password, sends it, and keeps the session on the pair the server returns", async () => {
    const { f, place, logIn, core } = featureFixture();
    logIn(12, 'João Silva', 'editor');
    const fresh = tokenPair(12, 'João Silva', 'editor');
    await f.script({ 'GET /users/12': { body: USER }, 'PATCH /users/12': { body: { data: { ...USER.data, tokens: fresh } } } });
    const element = place('associa-user-password', { 'user-id': '12' });
    const current = await control(element, 'Palavra-passe atual');
    expect(current.getAttribute('autocomplete')).to.equal('current-password');
    type(current, 'a-antiga-senha');
    type(await control(element, 'Nova palavra-passe'), 'nova-segura-1');
    type(await control(element, 'Confirmar a palavra-passe'), 'nova-segura-1');
    (await button(element, 'Alterar palavra-passe')).click();
    await waitForText(element, 'Palavra-passe alterada.');
    const [patch] = await f.requests('PATCH', '/users/12');
    expect(patch!.body).to.deep.equal({ password: 'nova-segura-1', current_password: 'a-antiga-senha' });
    await waitUntil(() => core.tokens.access.value === fresh.access, 'the new tokens were not stored');
    expect(core.tokens.refresh.value).to.equal(fresh.refresh);
    // No second login: the returned pair is this session.
    expect(await f.requests('POST', '/auth')).to.have.length(0);
    expect((await control(element, 'Palavra-passe atual')).value).to.equal('');
  });

  it('shows a wrong current password at its field and keeps the session as it was', async () => {
    const { f, place, logIn, core } = featureFixture();
    logIn(12, 'João Silva', 'editor');
    const before = core.tokens.access.value;
    const message = 'A palavra-passe atual está errada.';
    await f.script({
      'GET /users/12': { body: USER },
      'PATCH /users/12': { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: 'O registo tem erros de validação.', errors: { current_password: message } } },
    });
    const element = place('associa-user-password', { 'user-id': '12' });
    type(await control(element, 'Palavra-passe atual'), 'errada');
    type(await control(element, 'Nova palavra-passe'), 'nova-segura-1');
    type(await control(element, 'Confirmar a palavra-passe'), 'nova-segura-1');
    (await button(element, 'Alterar palavra-passe')).click();
    await waitForText(element, message);
    const current = await control(element, 'Palavra-passe atual');
    await waitUntil(() => current.getAttribute('aria-invalid') === 'true', 'the field is not marked invalid');
    expect(text(element)).not.to.contain('Palavra-passe alterada.');
    expect(core.tokens.access.value).to.equal(before);
  });

  it('does not ask for the current password just after a recovery link, nor for another account', async () => {
    const { f, place, core } = featureFixture();
    const recovered = {
      access: fakeJwt({ ID: 12, Name: 'João Silva', Role: 'editor', amr: 'code', iat: now() - 60, exp: now() + 840 }),
      refresh: tokenPair(12).refresh,
    };
    core.tokens.set(recovered);
    await f.script({ 'GET /users/12': { body: USER }, 'PATCH /users/12': { body: USER } });
    const element = place('associa-user-password', { 'user-id': '12' });
    await control(element, 'Nova palavra-passe');
    expect(text(element)).not.to.contain('Palavra-passe atual');
    type(await control(element, 'Nova palavra-passe'), 'nova-segura-1');
    type(await control(element, 'Confirmar a palavra-passe'), 'nova-segura-1');
    (await button(element, 'Alterar palavra-passe')).click();
    await waitForText(element, 'Palavra-passe alterada.');
    expect((await f.requests('PATCH', '/users/12'))[0]!.body).to.deep.equal({ password: 'nova-segura-1' });

    // A recovery session older than the window asks like any other.
    const stale = featureFixture();
    stale.core.tokens.set({ ...recovered, access: fakeJwt({ ID: 12, Name: 'João Silva', Role: 'editor', amr: 'code', iat: now() - 16 * 60, exp: now() + 60 }) });
    await stale.f.script({ 'GET /users/12': { body: USER } });
    await control(stale.place('associa-user-password', { 'user-id': '12' }), 'Palavra-passe atual');
  });

  it('says when the user does not exist', async () => {
    const { place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    const element = place('associa-user-password', { 'user-id': '999' });
    await waitForText(element, 'Utilizador não encontrado.');
  });
});
