import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/login/element.js';
import '../../src/widgets/two-factor/element.js';
import { all, button, cleanupFeatures, control, featureFixture, find, text, tokenPair, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0z"/></svg>';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = ['abcde-fghjk', 'bcdef-ghjkm', 'cdefg-hjkmn', 'defgh-jkmnp', 'efghj-kmnpq', 'fghjk-mnpqr', 'ghjkm-npqrs', 'hjkmn-pqrst', 'jkmnp-qrstu', 'kmnpq-rstuv'];
const enrolment = { data: { secret: SECRET, uri: `otpauth://totp/Associa:ana?secret=${SECRET}`, qrSvg: SVG } };

async function logInWithPassword(element: HTMLElement) {
  type(await control(element, 'Nome de utilizador'), 'ana');
  type(await control(element, 'Palavra-passe'), 'segredo-123');
  (await button(element, 'Entrar')).click();
}

/** Goes through the QR code step of an enrolment: checks what it shows and sends `code`. */
async function confirmEnrolment(element: HTMLElement, code: string) {
  const qr = await find<HTMLImageElement>(element, 'img[alt="Código QR para configurar a aplicação de autenticação"]');
  expect(qr.src.startsWith('data:image/svg+xml')).to.equal(true);
  expect(decodeURIComponent(qr.src.slice(qr.src.indexOf(',') + 1))).to.equal(SVG);
  await waitUntil(() => qr.complete && qr.naturalWidth > 0, 'the QR code image did not load');
  expect(text(element)).to.contain('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
  type(await control(element, 'Código de 6 dígitos'), code);
  (await button(element, 'Confirmar')).click();
}

async function expectRecoveryCodes(element: HTMLElement) {
  await waitForText(element, 'Códigos de recuperação');
  const shown = all(element, 'ol li').map((li) => li.textContent);
  expect(shown).to.deep.equal(CODES);
  expect(text(element)).to.contain('Não voltam a ser mostrados.');
}

describe('<associa-login> second step', () => {
  afterEach(cleanupFeatures);

  it('asks for the 6-digit code after the password, shows a wrong code, and logs in with the right one', async () => {
    const { f, place, navigations, core } = featureFixture();
    const wrong = 'Código errado. Confirme o código de 6 dígitos da aplicação de autenticação.';
    await f.script({
      'POST /auth': [
        { body: { secondFactor: 'totp', ticket: 'bilhete-1' } },
        { status: 403, body: { statusCode: 403, error: 'Forbidden', message: wrong } },
        { body: tokenPair(1, 'Ana', 'editor') },
      ],
    });
    const element = place('associa-login');
    await logInWithPassword(element);
    await waitForText(element, 'Autenticação em dois passos');
    await expectAccessible(element);
    expect(core.session.loggedIn.value).to.equal(false);
    const code = await control(element, 'Código de 6 dígitos');
    expect(code.getAttribute('autocomplete')).to.equal('one-time-code');
    expect(code.getAttribute('inputmode')).to.equal('numeric');

    type(code, '111 111');
    (await button(element, 'Confirmar')).click();
    expect((await find(element, '[role="alert"]')).textContent).to.equal(wrong);
    expect(navigations).to.deep.equal([]);

    type(await control(element, 'Código de 6 dígitos'), '123 456');
    (await button(element, 'Confirmar')).click();
    await waitUntil(() => navigations.length > 0, 'no navigation after the code');
    expect(navigations).to.deep.equal(['/adminHome']);
    expect(core.session.loggedIn.value).to.equal(true);
    const requests = await f.requests('POST', '/auth');
    expect(requests.map((r) => r.body)).to.deep.equal([
      { username: 'ana', password: 'segredo-123' },
      { ticket: 'bilhete-1', code: '111111' },
      { ticket: 'bilhete-1', code: '123456' },
    ]);
  });

  it('takes a recovery code instead, and checks the code before sending', async () => {
    const { f, place, navigations } = featureFixture();
    await f.script({ 'POST /auth': [{ body: { secondFactor: 'totp', ticket: 'bilhete-2' } }, { body: tokenPair(1, 'Ana', 'admin') }] });
    const element = place('associa-login');
    await logInWithPassword(element);
    (await button(element, 'Confirmar')).click();
    await waitForText(element, 'Indique o código de 6 dígitos.');
    type(await control(element, 'Código de 6 dígitos'), '12345');
    (await button(element, 'Confirmar')).click();
    await waitForText(element, 'O código deve ter 6 dígitos.');
    expect(await f.requests('POST', '/auth')).to.have.length(1);

    (await button(element, 'Usar um código de recuperação')).click();
    type(await control(element, 'Código de recuperação'), ' abcde-fghjk ');
    (await button(element, 'Confirmar')).click();
    await waitUntil(() => navigations.length > 0, 'no navigation after the recovery code');
    const [, second] = await f.requests('POST', '/auth');
    expect(second!.body).to.deep.equal({ ticket: 'bilhete-2', recoveryCode: 'abcde-fghjk' });
  });

  it('goes back to the password form', async () => {
    const { f, place } = featureFixture();
    await f.script({ 'POST /auth': { body: { secondFactor: 'totp', ticket: 'bilhete-3' } } });
    const element = place('associa-login');
    await logInWithPassword(element);
    (await button(element, 'Voltar ao início de sessão')).click();
    await waitForText(element, 'Iniciar sessão');
    expect((await control(element, 'Palavra-passe')).value).to.equal('');
  });

  it('leads an administrator the organisation requires through enrolment, shows the recovery codes once, then logs in', async () => {
    const { f, place, navigations, core } = featureFixture();
    await f.script({
      'POST /auth': { body: { secondFactor: 'enrol', ticket: 'bilhete-4' } },
      'POST /auth/two-factor/enrol': { body: enrolment },
      'POST /auth/two-factor/confirm': { body: { data: { recoveryCodes: CODES, tokens: tokenPair(1, 'Ana', 'admin') } } },
    });
    const element = place('associa-login');
    await logInWithPassword(element);
    await waitForText(element, 'A sua organização exige a autenticação em dois passos para administradores.');
    await confirmEnrolment(element, '654321');
    await expectRecoveryCodes(element);
    // Not logged in (nor sent anywhere) until the user says the codes are kept.
    expect(core.session.loggedIn.value).to.equal(false);
    expect(navigations).to.deep.equal([]);
    (await button(element, 'Já guardei os códigos')).click();
    await waitUntil(() => navigations.length > 0, 'no navigation after the codes');
    expect(navigations).to.deep.equal(['/adminHome']);
    expect(core.session.loggedIn.value).to.equal(true);
    expect((await f.requests('POST', '/auth/two-factor/enrol'))[0]!.body).to.deep.equal({ ticket: 'bilhete-4' });
    expect((await f.requests('POST', '/auth/two-factor/confirm'))[0]!.body).to.deep.equal({ ticket: 'bilhete-4', code: '654321' });
  });
});

describe('<associa-two-factor>', () => {
  afterEach(cleanupFeatures);

  const off = { data: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false } };
  const on = (left = 10, required = false) => ({ data: { enabled: true, enabledAt: '2026-03-05T10:00:00.000Z', recoveryCodesLeft: left, required } });

  it('turns two-factor login on: QR code, first code, recovery codes', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'editor');
    await f.script({
      'GET /auth/two-factor': [{ body: off }, { body: on() }],
      'POST /auth/two-factor/enrol': { body: enrolment },
      'POST /auth/two-factor/confirm': [
        { status: 403, body: { message: 'Código errado. Confirme o código de 6 dígitos da aplicação de autenticação.' } },
        { body: { data: { recoveryCodes: CODES } } },
      ],
    });
    const element = place('associa-two-factor');
    await waitForText(element, 'A autenticação em dois passos está desativada nesta conta.');
    (await button(element, 'Ativar')).click();
    await confirmEnrolment(element, '000000');
    expect((await find(element, '[role="alert"]')).textContent).to.contain('Código errado');
    type(await control(element, 'Código de 6 dígitos'), '123456');
    (await button(element, 'Confirmar')).click();
    await expectRecoveryCodes(element);
    (await button(element, 'Já guardei os códigos')).click();
    await waitForText(element, 'Autenticação em dois passos ativada.');
    await waitForText(element, 'A autenticação em dois passos está ativa desde 5 de março de 2026.');
    expect(text(element)).to.contain('Restam 10 códigos de recuperação por usar.');
    expect((await f.requests('POST', '/auth/two-factor/enrol'))[0]!.body).to.deep.equal({});
    expect((await f.requests('POST', '/auth/two-factor/confirm')).map((r) => r.body)).to.deep.equal([{ code: '000000' }, { code: '123456' }]);
  });

  it('turns it off with the password, after saying what is missing and what the server refused', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    await f.script({
      'GET /auth/two-factor': [{ body: on(2) }, { body: off }],
      'POST /auth/two-factor/disable': [{ status: 403, body: { message: 'Palavra-passe errada.' } }, { status: 204 }],
    });
    const element = place('associa-two-factor');
    await waitForText(element, 'Restam poucos códigos de recuperação: gere novos.');
    (await button(element, 'Desativar')).click();
    await waitForText(element, 'Confirme com a sua palavra-passe ou com um código da aplicação de autenticação.');
    const submit = () => all<HTMLButtonElement>(element, 'form button[type="submit"]')[0]!.click();
    submit();
    await waitForText(element, 'Indique a sua palavra-passe ou um código de 6 dígitos.');
    type(await control(element, 'Palavra-passe'), 'errada');
    submit();
    expect((await find(element, '[role="alert"]')).textContent).to.equal('Palavra-passe errada.');
    type(await control(element, 'Palavra-passe'), 'segredo-123');
    submit();
    await waitForText(element, 'Autenticação em dois passos desativada.');
    await waitForText(element, 'A autenticação em dois passos está desativada nesta conta.');
    expect((await f.requests('POST', '/auth/two-factor/disable')).map((r) => r.body)).to.deep.equal([{ password: 'errada' }, { password: 'segredo-123' }]);
  });

  it('renews the recovery codes with a code; a required one offers no way to turn it off', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    await f.script({
      'GET /auth/two-factor': { body: on(1, true) },
      'POST /auth/two-factor/recovery-codes': { body: { data: { recoveryCodes: CODES } } },
    });
    const element = place('associa-two-factor');
    await waitForText(element, 'A sua organização exige a autenticação em dois passos para administradores.');
    expect(text(element)).to.contain('Resta 1 código de recuperação por usar.');
    expect(all(element, 'button').map((b) => b.textContent)).to.not.include('Desativar');
    (await button(element, 'Gerar novos códigos de recuperação')).click();
    await waitForText(element, 'Os códigos de recuperação atuais deixam de funcionar.');
    type(await control(element, 'Código de 6 dígitos'), '246810');
    all<HTMLButtonElement>(element, 'form button[type="submit"]')[0]!.click();
    await expectRecoveryCodes(element);
    (await button(element, 'Já guardei os códigos')).click();
    await waitForText(element, 'Novos códigos de recuperação gerados. Os anteriores deixaram de funcionar.');
    expect((await f.requests('POST', '/auth/two-factor/recovery-codes'))[0]!.body).to.deep.equal({ code: '246810' });
  });

  it('shows nothing to a member and asks the server nothing', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(7, 'Rita', 'member');
    const element = place('associa-two-factor');
    await waitUntil(() => element.shadowRoot, 'never rendered');
    // Give it time to (wrongly) ask.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(text(element).trim()).to.equal('');
    expect(await f.log()).to.deep.equal([]);
  });
});
