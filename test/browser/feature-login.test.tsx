import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/login/element.js';
import '../../src/widgets/login-link/element.js';
import { button, cleanupFeatures, control, featureFixture, find, link, text, tokenPair, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

async function fillAndSubmit(element: HTMLElement, username: string, password: string) {
  type(await control(element, 'Nome de utilizador'), username);
  type(await control(element, 'Palavra-passe'), password);
  (await button(element, 'Entrar')).click();
}

describe('<associa-login>', () => {
  afterEach(cleanupFeatures);

  it('logs a member in and asks for /dashboard', async () => {
    const { f, place, navigations, core } = featureFixture();
    await f.script({ 'POST /auth': { body: tokenPair(7, 'Rita Lopes', 'member') } });
    const element = place('associa-login');
    await control(element, 'Nome de utilizador');
    await expectAccessible(element);
    await fillAndSubmit(element, ' rita ', 'segredo-123');
    await waitUntil(() => navigations.length > 0, 'no navigation');
    expect(navigations).to.deep.equal(['/dashboard']);
    const [req] = await f.requests('POST', '/auth');
    expect(req!.body).to.deep.equal({ username: 'rita', password: 'segredo-123' });
    expect(core.session.loggedIn.value).to.equal(true);
  });

  it('logs staff in and asks for /adminHome', async () => {
    for (const role of ['admin', 'editor']) {
      const { f, place, navigations } = featureFixture();
      await f.script({ 'POST /auth': { body: tokenPair(1, 'Ana', role) } });
      const element = place('associa-login');
      await fillAndSubmit(element, 'ana', 'segredo-123');
      await waitUntil(() => navigations.length > 0, `no navigation for ${role}`);
      expect(navigations, role).to.deep.equal(['/adminHome']);
      cleanupFeatures();
    }
  });

  it('on a page without a router, says who is logged in', async () => {
    const { f, place, navigations } = featureFixture({ handleNavigation: false });
    await f.script({ 'POST /auth': { body: tokenPair(7, 'Rita Lopes', 'member') } });
    const element = place('associa-login');
    await fillAndSubmit(element, 'rita', 'segredo-123');
    await waitForText(element, 'Sessão iniciada como Rita Lopes.');
    expect(navigations).to.deep.equal(['/dashboard']);
  });

  it("shows 'Palavra-passe errada.' on 403 and clears it when the user types", async () => {
    const { f, place, navigations } = featureFixture();
    await f.script({ 'POST /auth': { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Palavra-passe errada.' } } });
    const element = place('associa-login');
    await fillAndSubmit(element, 'ana', 'errada');
    const alert = await find(element, '[role="alert"]');
    expect(alert.textContent).to.equal('Palavra-passe errada.');
    expect(navigations).to.deep.equal([]);
    type(await control(element, 'Palavra-passe'), 'outra');
    await waitUntil(() => !element.shadowRoot!.querySelector('[role="alert"]'), 'the error stayed after typing');
  });

  it("shows 'Conta não encontrada.' on 404", async () => {
    const { f, place } = featureFixture();
    await f.script({ 'POST /auth': { status: 404, body: { message: 'Conta não encontrada.' } } });
    const element = place('associa-login');
    await fillAndSubmit(element, 'ninguem', 'x');
    expect((await find(element, '[role="alert"]')).textContent).to.equal('Conta não encontrada.');
  });

  it("shows the server's throttling message on 429", async () => {
    const { f, place } = featureFixture();
    const message = 'Demasiadas tentativas falhadas. Aguarde alguns minutos e tente novamente.';
    await f.script({ 'POST /auth': { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message } } });
    const element = place('associa-login');
    await fillAndSubmit(element, 'ana', 'x');
    expect((await find(element, '[role="alert"]')).textContent).to.equal(message);
  });

  it('on 204 says a login link was e-mailed and does not navigate', async () => {
    const { f, place, navigations, core } = featureFixture();
    await f.script({ 'POST /auth': { status: 204 } });
    const element = place('associa-login');
    await fillAndSubmit(element, 'socio', '');
    expect((await find(element, '[role="status"]')).textContent).to.equal('Enviámos uma ligação de acesso para o seu e-mail.');
    expect(navigations).to.deep.equal([]);
    expect(core.session.loggedIn.value).to.equal(false);
  });

  it('asks for the username before sending anything', async () => {
    const { f, place } = featureFixture();
    const element = place('associa-login');
    (await button(element, 'Entrar')).click();
    await waitForText(element, 'Indique o nome de utilizador.');
    const usernameInput = await control(element, 'Nome de utilizador');
    expect(usernameInput.getAttribute('aria-invalid')).to.equal('true');
    expect(await f.requests('POST', '/auth')).to.have.length(0);
  });

  it('submits with the Enter key', async () => {
    const { f, place, navigations } = featureFixture();
    await f.script({ 'POST /auth': { body: tokenPair(2, 'Rui', 'editor') } });
    const element = place('associa-login');
    type(await control(element, 'Nome de utilizador'), 'rui');
    const password = await control(element, 'Palavra-passe');
    type(password, 'segredo-123');
    password.form!.requestSubmit();
    await waitUntil(() => navigations.length > 0, 'Enter did not submit');
    expect(navigations).to.deep.equal(['/adminHome']);
  });

  it('links to the login-by-link page through associa-navigate', async () => {
    const { place, navigations } = featureFixture();
    const element = place('associa-login');
    const anchor = await link(element, 'Esqueceu-se da palavra-passe? Entrar por ligação');
    expect(anchor.getAttribute('href')).to.equal('/autorizacao/loginporlink');
    anchor.click();
    expect(navigations).to.deep.equal(['/autorizacao/loginporlink']);
    expect(text(element)).to.contain('Iniciar sessão');
  });
});

describe('<associa-login-link>', () => {
  afterEach(cleanupFeatures);

  it('posts the e-mail with recover_password and shows the confirmation', async () => {
    const { f, place } = featureFixture();
    await f.script({ 'POST /auth': { status: 204 } });
    const element = place('associa-login-link');
    type(await control(element, 'E-mail'), ' ana@exemplo.pt ');
    (await button(element, 'Enviar ligação')).click();
    await waitForText(element, 'Se existir uma conta com este e-mail, enviámos uma ligação de acesso.');
    const [req] = await f.requests('POST', '/auth');
    expect(req!.body).to.deep.equal({ email: 'ana@exemplo.pt', recover_password: true });
    expect((await link(element, 'Voltar ao início de sessão')).getAttribute('href')).to.equal('/autorizacao/entrar');
  });

  it('checks the address before sending', async () => {
    const { f, place } = featureFixture();
    const element = place('associa-login-link');
    type(await control(element, 'E-mail'), 'ana-exemplo.pt');
    (await button(element, 'Enviar ligação')).click();
    await waitForText(element, 'Indique um e-mail válido');
    expect(await f.requests('POST', '/auth')).to.have.length(0);
  });

  it("shows the server's message when the request fails", async () => {
    const { f, place } = featureFixture();
    await f.script({ 'POST /auth': { status: 429, body: { message: 'Demasiados pedidos. Aguarde.' } } });
    const element = place('associa-login-link');
    type(await control(element, 'E-mail'), 'ana@exemplo.pt');
    (await button(element, 'Enviar ligação')).click();
    expect((await find(element, '[role="alert"]')).textContent).to.equal('Demasiados pedidos. Aguarde.');
  });
});
