import { expect } from '@open-wc/testing';
import '../../src/widgets/application-confirmation/element.js';
import { all, button, cleanupFeatures, featureFixture, text, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const CODE = 'Zm9vYmFyYmF6cXV4LXNvbWUtY29kZQ';
const PATH = '/member_applications/verifyEmail';

async function confirm(reply: { status?: number; body: unknown } | { status?: number; body: unknown }[]) {
  const fixture = featureFixture();
  await fixture.f.script({ [`POST ${PATH}`]: reply });
  const element = fixture.place('associa-application-confirmation', { 'verification-code': CODE });
  return { ...fixture, element };
}

const status = (element: HTMLElement) => all(element, '[data-status]')[0]?.dataset.status;

describe('<associa-application-confirmation>', () => {
  afterEach(cleanupFeatures);

  it('confirms the address with the code of the link, without a session token', async () => {
    const { element, f } = await confirm({ body: { data: { status: 'confirmed' } } });
    await waitForText(element, 'Endereço de e-mail confirmado');
    await expectAccessible(element);
    expect(status(element)).to.equal('confirmed');
    expect(text(element)).to.contain('segue agora para apreciação');
    const [post] = await f.requests('POST', PATH);
    expect(post!.body).to.deep.equal({ verificationCode: CODE });
    expect(post!.headers.authorization).to.equal(undefined);
  });

  it('says an address already confirmed needs nothing more', async () => {
    const { element } = await confirm({ body: { data: { status: 'already_confirmed' } } });
    await waitForText(element, 'Endereço de e-mail já confirmado');
    expect(status(element)).to.equal('already_confirmed');
    expect(text(element)).to.contain('não precisa de fazer mais nada');
  });

  it("says an expired link has expired (410), in the server's words", async () => {
    const { element } = await confirm({ status: 410, body: { code: 'verification_expired', message: 'Esta ligação de confirmação expirou. Contacte a associação para receber uma nova.' } });
    await waitForText(element, 'Ligação expirada');
    await expectAccessible(element);
    expect(status(element)).to.equal('expired');
    expect(text(element)).to.contain('Contacte a associação para receber uma nova.');
  });

  it('says an unknown code is not valid (404)', async () => {
    const { element } = await confirm({ status: 404, body: { code: 'verification_unknown', message: 'Esta ligação de confirmação não é válida: confirme que a copiou por inteiro da mensagem que recebeu.' } });
    await waitForText(element, 'Ligação inválida');
    expect(status(element)).to.equal('unknown');
    expect(text(element)).to.contain('copiou por inteiro');
  });

  it('offers to try again when the server cannot be reached, and asks nothing without a code', async () => {
    const { element, f, place } = await confirm([{ status: 500, body: {} }, { body: { data: { status: 'confirmed' } } }]);
    await waitForText(element, 'Não foi possível confirmar o endereço de e-mail');
    (await button(element, 'Tentar novamente')).click();
    await waitForText(element, 'Endereço de e-mail confirmado');
    expect(await f.requests('POST', PATH)).to.have.length(2);
    const bare = place('associa-application-confirmation');
    await waitForText(bare, 'Falta o código de confirmação');
  });
});
