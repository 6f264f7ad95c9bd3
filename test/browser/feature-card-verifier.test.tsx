import { expect } from '@open-wc/testing';
import '../../src/widgets/card-verifier/element.js';
import { all, button, cleanupFeatures, control, featureFixture, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const CODE = 'ABCDEFGHJKMNP';
const PATH = `/membership_cards/verify/${CODE}`;

const card = (status: string, state: string, validUntil = '2026-12-31', expired = false) => ({
  organisation: 'Associação Recreativa de Teste',
  first_name: 'Beatriz',
  last_name: 'Fonseca',
  number: 127,
  category: 'Efetivo',
  status,
  state,
  valid_until: validUntil,
  expired,
  code: 'ABCD-EFGH-JKMNP',
});

const field = (element: HTMLElement, name: string) => all(element, `dd[data-field="${name}"]`)[0]?.textContent ?? '';
const verdict = (element: HTMLElement) => all(element, '[data-verdict]')[0];

describe('<associa-card-verifier>', () => {
  afterEach(cleanupFeatures);

  it('shows a valid card big, in colour and in words, with who holds it, asking without a session token', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    await f.script({ [`GET ${PATH}`]: { body: { data: card('valid', 'Válido') } } });
    const element = place('associa-card-verifier', { code: 'abcd-efgh-jkmnp' });
    await waitForText(element, 'Válido');
    await expectAccessible(element);
    expect(verdict(element)!.dataset.status).to.equal('valid');
    expect(all(element, '[data-state]')[0]!.textContent).to.equal('Válido');
    expect(text(element)).to.contain('Cartão verdadeiro e em vigor');
    expect(all(element, '[data-name]')[0]!.textContent).to.equal('Beatriz Fonseca');
    expect(text(element)).to.contain('Associação Recreativa de Teste');
    expect(field(element, 'Número')).to.equal('127');
    expect(field(element, 'Categoria')).to.equal('Efetivo');
    expect(field(element, 'Válido até')).to.equal('31/12/2026');
    expect(all(element, '[data-expired]')).to.have.length(0);
    // Big: the verdict's word is at least twice the element's text.
    const state = all(element, '[data-state]')[0]!;
    expect(parseFloat(getComputedStyle(state).fontSize)).to.be.at.least(2 * parseFloat(getComputedStyle(element).fontSize));
    const [request] = await f.requests('GET', PATH);
    expect(request!.headers.authorization).to.equal(undefined);
  });

  it('tells arrears, expired, superseded and invalid apart by words, not colour alone', async () => {
    const cases = [
      ['arrears', 'Quotas em atraso', 'quotas vencidas por pagar'],
      ['expired', 'Expirado', 'já passou a data de validade'],
      ['superseded', 'Substituído', 'foi substituído por um mais recente'],
      ['invalid', 'Inválido', 'foi revogado, ou o sócio'],
    ] as const;
    const colours = new Set<string>();
    for (const [status, state, why] of cases) {
      const { f, place } = featureFixture();
      await f.script({ [`GET ${PATH}`]: { body: { data: card(status, state) } } });
      const element = place('associa-card-verifier', { code: CODE });
      await waitForText(element, why);
      expect(verdict(element)!.dataset.status).to.equal(status);
      expect(all(element, '[data-state]')[0]!.textContent).to.equal(state);
      colours.add(getComputedStyle(all(element, '[data-state]')[0]!.parentElement!).backgroundColor);
      cleanupFeatures();
    }
    expect(colours.size).to.equal(4);
  });

  it('shows a card past its validity as expired, in its own colour, and flags the date in words, accessibly', async () => {
    const { f, place } = featureFixture();
    await f.script({ [`GET ${PATH}`]: { body: { data: card('expired', 'Expirado', '2025-12-31', true) } } });
    const element = place('associa-card-verifier', { code: CODE });
    await waitForText(element, 'Expirado');
    await expectAccessible(element);
    expect(verdict(element)!.dataset.status).to.equal('expired');
    expect(all(element, '[data-state]')[0]!.textContent).to.equal('Expirado');
    const band = getComputedStyle(all(element, '[data-state]')[0]!.parentElement!).backgroundColor;
    expect(field(element, 'Válido até')).to.equal('31/12/2025expirado');
    expect(all(element, '[data-expired]')[0]!.textContent).to.equal('expirado');
    cleanupFeatures();

    // Another verdict first (arrears) still flags a validity already past; a valid card's band is another colour.
    const again = featureFixture();
    await again.f.script({ [`GET ${PATH}`]: { body: { data: card('arrears', 'Quotas em atraso', '2025-12-31', true) } } });
    const arrears = again.place('associa-card-verifier', { code: CODE });
    await waitForText(arrears, 'Quotas em atraso');
    await expectAccessible(arrears);
    expect(all(arrears, '[data-expired]')).to.have.length(1);
    expect(getComputedStyle(all(arrears, '[data-state]')[0]!.parentElement!).backgroundColor).not.to.equal(band);
  });

  it('says "Cartão não encontrado" for an unknown code, and for one that cannot be a code without asking', async () => {
    const { f, place } = featureFixture();
    await f.script({ [`GET ${PATH}`]: { status: 404, body: { message: 'Cartão não encontrado.', code: 'not_found' } } });
    const element = place('associa-card-verifier', { code: CODE });
    await waitForText(element, 'Cartão não encontrado');
    expect(text(element)).to.contain('Confirme o código impresso no cartão');
    expect(all(element, '[data-verdict]')).to.have.length(0);
    const bad = place('associa-card-verifier', { code: 'nope' });
    await waitForText(bad, 'Cartão não encontrado');
    expect(await f.requests('GET', '/membership_cards/verify/nope')).to.have.length(0);
  });

  it('says plainly when checks come too fast (429), and checks again on request', async () => {
    const { f, place } = featureFixture();
    await f.script({
      [`GET ${PATH}`]: [
        { status: 429, body: { message: 'Demasiadas verificações seguidas. Aguarde 40 segundos e tente novamente.', code: 'too_many_requests' } },
        { body: { data: card('valid', 'Válido') } },
      ],
    });
    const element = place('associa-card-verifier', { code: CODE });
    await waitForText(element, 'Demasiadas verificações');
    expect(text(element)).to.contain('Aguarde 40 segundos');
    (await button(element, 'Tentar novamente')).click();
    await waitForText(element, 'Válido');
    expect(await f.requests('GET', PATH)).to.have.length(2);
  });

  it('checks a code typed in, or the QR address a scanner types, and refuses a malformed one with a field error', async () => {
    const { f, place } = featureFixture();
    await f.script({ [`GET ${PATH}`]: { body: { data: card('valid', 'Válido') } } });
    const element = place('associa-card-verifier');
    const input = await control(element, 'Código do cartão');
    type(input, '12');
    (await button(element, 'Verificar')).click();
    await waitForText(element, 'não tem o formato de um cartão');
    expect(await f.requests('GET', PATH)).to.have.length(0);
    type(input, `https://socios.example.org/v/${CODE}`);
    (await button(element, 'Verificar')).click();
    await waitForText(element, 'Beatriz Fonseca');
    expect(await f.requests('GET', PATH)).to.have.length(1);
  });

  it('takes the code from the page address (?codigo=) when it has no attribute', async () => {
    const { f, place } = featureFixture();
    await f.script({ [`GET ${PATH}`]: { body: { data: card('superseded', 'Substituído') } } });
    const before = location.href;
    history.replaceState(null, '', `${location.pathname}?codigo=${CODE}`);
    try {
      const element = place('associa-card-verifier');
      await waitForText(element, 'Substituído');
    } finally {
      history.replaceState(null, '', before);
    }
  });
});
