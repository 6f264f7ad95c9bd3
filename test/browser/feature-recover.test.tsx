import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/recover/element.js';
import { button, cleanupFeatures, control, featureFixture, find, link, text, tokenPair, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

describe('<associa-recover>', () => {
  afterEach(cleanupFeatures);

  it('logs in with the code once, sets the new password, continues on the session the server returns and goes home', async () => {
    const { f, place, navigations, core } = featureFixture();
    const first = tokenPair(5, 'Rita Lopes', 'member');
    const second = tokenPair(5, 'Rita Lopes', 'member');
    await f.script({
      'POST /auth': { body: first },
      'PATCH /users/5': { body: { data: { _id: 5, username: 'rita', name: 'Rita Lopes', created_at: '2025-01-01T00:00:00Z', tokens: second } } },
    });
    const element = place('associa-recover', { code: 'abc123' });
    const password = await control(element, 'Nova palavra-passe');
    await expectAccessible(element);
    type(password, 'nova-segura-1');
    type(await control(element, 'Confirmar a palavra-passe'), 'nova-segura-1');
    (await button(element, 'Guardar palavra-passe')).click();
    await waitUntil(() => navigations.length > 0, 'did not go home');
    expect(navigations).to.deep.equal(['/dashboard']);
    const auth = await f.requests('POST', '/auth');
    // Strict mode runs effects twice: the single-use code must still be sent only once.
    expect(auth.map((r) => r.body)).to.deep.equal([{ recoverCode: 'abc123' }]);
    const [patch] = await f.requests('PATCH', '/users/5');
    expect(patch!.body).to.deep.equal({ password: 'nova-segura-1' });
    expect(core.tokens.access.value).to.equal(second.access);
    await waitForText(element, 'Palavra-passe alterada.');
  });

  it('refuses a confirmation that does not match, without sending', async () => {
    const { f, place, navigations } = featureFixture();
    await f.script({ 'POST /auth': { body: tokenPair(5, 'Rita', 'member') } });
    const element = place('associa-recover', { code: 'abc123' });
    type(await control(element, 'Nova palavra-passe'), 'nova-segura-1');
    const confirmation = await control(element, 'Confirmar a palavra-passe');
    type(confirmation, 'nova-segura-2');
    (await button(element, 'Guardar palavra-passe')).click();
    await waitForText(element, 'As palavras-passe não coincidem.');
    expect(confirmation.getAttribute('aria-invalid')).to.equal('true');
    expect(await f.requests('PATCH', '/users/5')).to.have.length(0);
    expect(navigations).to.deep.equal([]);
  });

  it('refuses a password shorter than 8 characters', async () => {
    const { f, place } = featureFixture();
    await f.script({ 'POST /auth': { body: tokenPair(5, 'Rita', 'member') } });
    const element = place('associa-recover', { code: 'abc123' });
    type(await control(element, 'Nova palavra-passe'), 'curta');
    type(await control(element, 'Confirmar a palavra-passe'), 'curta');
    (await button(element, 'Guardar palavra-passe')).click();
    await waitForText(element, 'A palavra-passe deve ter pelo menos 8 caracteres.');
    expect(await f.requests('PATCH', '/users/5')).to.have.length(0);
  });

  it("shows the server's message when it refuses the password", async () => {
    const { f, place, navigations } = featureFixture();
    await f.script({
      'POST /auth': { body: tokenPair(5, 'Rita', 'member') },
      'PATCH /users/5': { status: 403, body: { message: 'Não tem permissão para alterar este registo.' } },
    });
    const element = place('associa-recover', { code: 'abc123' });
    type(await control(element, 'Nova palavra-passe'), 'nova-segura-1');
    type(await control(element, 'Confirmar a palavra-passe'), 'nova-segura-1');
    (await button(element, 'Guardar palavra-passe')).click();
    expect((await find(element, '[role="alert"]')).textContent).to.equal('Não tem permissão para alterar este registo.');
    expect(navigations).to.deep.equal([]);
  });

  it('lets staff continue without a new password, to /adminHome', async () => {
    const { f, place, navigations } = featureFixture();
    await f.script({ 'POST /auth': { body: tokenPair(1, 'Ana', 'admin') } });
    const element = place('associa-recover', { code: 'abc123' });
    (await button(element, 'Continuar sem alterar')).click();
    expect(navigations).to.deep.equal(['/adminHome']);
  });

  it("an invalid or used code shows the server's message and a link to ask for a new one", async () => {
    const { f, place, core } = featureFixture();
    const message = 'A ligação é inválida, já foi usada ou expirou. Peça uma nova.';
    await f.script({ 'POST /auth': { status: 403, body: { statusCode: 403, error: 'Forbidden', message } } });
    const element = place('associa-recover', { code: 'gasto' });
    expect((await find(element, '[role="alert"]')).textContent).to.equal(message);
    const anchor = await link(element, 'Pedir uma nova ligação');
    expect(anchor.getAttribute('href')).to.equal('/autorizacao/loginporlink');
    expect(core.session.loggedIn.value).to.equal(false);
    expect(await f.requests('POST', '/auth')).to.have.length(1);
  });

  it('asks an account with two-factor login for its code before the new password; the session ends the second step', async () => {
    const { f, place, navigations, core } = featureFixture();
    const wrong = 'Código errado. Confirme o código de 6 dígitos da aplicação de autenticação.';
    const pair = tokenPair(3, 'Ana Costa', 'editor');
    await f.script({
      'POST /auth': [
        { body: { secondFactor: 'totp', ticket: 'bilhete-link' } },
        { status: 403, body: { statusCode: 403, error: 'Forbidden', message: wrong } },
        { body: pair },
      ],
      'PATCH /users/3': { body: { data: { _id: 3, username: 'ana', name: 'Ana Costa', created_at: '2025-01-01T00:00:00Z' } } },
    });
    const element = place('associa-recover', { code: 'abc123' });
    await waitForText(element, 'Autenticação em dois passos');
    // No session, and no new password offered, on the link alone.
    expect(core.session.loggedIn.value).to.equal(false);
    expect(text(element)).not.to.contain('Nova palavra-passe');
    expect((await find(element, '[aria-labelledby="recover-title"] #recover-title')).textContent).to.equal('Autenticação em dois passos');

    type(await control(element, 'Código de 6 dígitos'), '111 111');
    (await button(element, 'Confirmar')).click();
    expect((await find(element, '[role="alert"]')).textContent).to.equal(wrong);
    type(await control(element, 'Código de 6 dígitos'), '123 456');
    (await button(element, 'Confirmar')).click();

    type(await control(element, 'Nova palavra-passe'), 'nova-segura-1');
    expect(core.tokens.access.value).to.equal(pair.access);
    type(await control(element, 'Confirmar a palavra-passe'), 'nova-segura-1');
    (await button(element, 'Guardar palavra-passe')).click();
    await waitUntil(() => navigations.length > 0, 'did not go home');
    expect(navigations).to.deep.equal(['/adminHome']);
    const auth = await f.requests('POST', '/auth');
    expect(auth.map((r) => r.body)).to.deep.equal([
      { recoverCode: 'abc123' },
      { ticket: 'bilhete-link', code: '111111' },
      { ticket: 'bilhete-link', code: '123456' },
    ]);
    expect((await f.requests('PATCH', '/users/3'))[0]!.body).to.deep.equal({ password: 'nova-segura-1' });
  });

  it('takes a recovery code in the second step', async () => {
    const { f, place, navigations, core } = featureFixture();
    await f.script({ 'POST /auth': [{ body: { secondFactor: 'totp', ticket: 'bilhete-2' } }, { body: tokenPair(3, 'Ana Costa', 'editor') }] });
    const element = place('associa-recover', { code: 'abc123' });
    (await button(element, 'Usar um código de recuperação')).click();
    type(await control(element, 'Código de recuperação'), 'abcde-fghjk');
    (await button(element, 'Confirmar')).click();
    await control(element, 'Nova palavra-passe');
    expect((await f.requests('POST', '/auth'))[1]!.body).to.deep.equal({ ticket: 'bilhete-2', recoveryCode: 'abcde-fghjk' });
    expect(core.session.loggedIn.value).to.equal(true);
    expect(navigations).to.deep.equal([]);
  });

  it('leaves the second step to ask for a new link, the spent one being of no more use', async () => {
    const { f, place, navigations, core } = featureFixture();
    await f.script({ 'POST /auth': { body: { secondFactor: 'totp', ticket: 'bilhete-3' } } });
    const element = place('associa-recover', { code: 'def456' });
    (await button(element, 'Pedir uma nova ligação')).click();
    expect(navigations).to.deep.equal(['/autorizacao/loginporlink']);
    expect(core.session.loggedIn.value).to.equal(false);
  });

  it('shows A carregar while the code is checked', async () => {
    const { f, place } = featureFixture();
    await f.script({ 'POST /auth': { body: tokenPair(5, 'Rita', 'member'), delayMs: 600 } });
    const element = place('associa-recover', { code: 'abc123' });
    await waitForText(element, 'A carregar');
    await control(element, 'Nova palavra-passe');
  });
});
