// <associa-hand-over> against the fault server: a new payment link to copy with a ready SMS or
// WhatsApp text, or an e-mail whose link only the member sees.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/collecting/hand-over/element.js';
import { button, cleanupFeatures, featureFixture, find, text, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const LINK = 'https://socios.exemplo.pt/informacaoDePagamento/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const SMS = `Olá Marta, pode ver e pagar as suas quotas de Associação Exemplo em ${LINK} (ligação válida até 01/07/2031).`;
const flat = (element: HTMLElement) => text(element).replace(/\s+/g, ' ');

describe('<associa-hand-over>', () => {
  afterEach(cleanupFeatures);

  it('copies a new link and shows its validity and a ready text for an SMS or WhatsApp', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({ 'POST /payment_links/hand_over': { body: { data: { way: 'copy', url: LINK, expires_at: '2031-07-01T12:00:00.000Z', text: SMS } } } });
    const element = place('associa-hand-over', { 'member-id': '21' });
    expect((await find(element, 'h2')).textContent).to.equal('Entregar forma de pagamento');
    (await button(element, 'Copiar ligação de pagamento')).click();
    await find(element, '[data-hand-over-link]', 'the link');
    expect(flat(element)).to.match(/(Nova ligação|Ligação copiada), válida até 01\/07\/2031/);
    expect(element.shadowRoot!.querySelector<HTMLInputElement>('[data-hand-over-link] input')!.value).to.equal(LINK);
    expect(element.shadowRoot!.querySelector<HTMLTextAreaElement>('[data-hand-over-text]')!.value).to.equal(SMS);
    expect((await f.requests('POST', '/payment_links/hand_over'))[0]!.body).to.deep.equal({ member: 21, way: 'copy' });
    await expectAccessible(element);
  });

  it('e-mails it to the member without ever showing the link, and says why when it cannot', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'POST /payment_links/hand_over': [
        { status: 422, body: { message: 'Dados inválidos.', code: 'validation_failed', errors: { way: 'Este sócio não tem e-mail: copie a ligação e envie-a por SMS ou WhatsApp.' } } },
        { body: { data: { way: 'email', recipient: 'marta@exemplo.pt', message: 12 } } },
      ],
    });
    const element = place('associa-hand-over', { 'member-id': '21' });
    (await button(element, 'Enviar por e-mail')).click();
    await waitForText(element, 'Este sócio não tem e-mail');
    (await button(element, 'Enviar por e-mail')).click();
    await waitForText(element, 'para marta@exemplo.pt');
    expect(flat(element)).to.contain('Só o sócio vê a ligação.');
    expect(flat(element)).not.to.contain('Este sócio não tem e-mail');
    expect(element.shadowRoot!.querySelector('[data-hand-over-link]')).to.equal(null);
    expect((await f.requests('POST', '/payment_links/hand_over')).map((r) => r.body)).to.deep.equal([
      { member: 21, way: 'email' },
      { member: 21, way: 'email' },
    ]);
  });

  it('offers nothing to press without a member', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    const element = place('associa-hand-over');
    expect((await button(element, 'Copiar ligação de pagamento')).disabled).to.equal(true);
    expect((await button(element, 'Enviar por e-mail')).disabled).to.equal(true);
    await waitUntil(() => element.shadowRoot!.querySelector('h2'));
    expect(await f.requests('POST', '/payment_links/hand_over')).to.have.length(0);
  });
});
