import { expect } from '@open-wc/testing';
import '../../src/widgets/assemblies/public-assembly/element.js';
import { all, button, cleanupFeatures, featureFixture, text, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const PATH = '/public/assemblies/next';

const NEXT = {
  title: 'Assembleia geral ordinária de 2026',
  kind: 'ordinaria',
  date: '2026-03-15',
  time: '21:00',
  place: 'Sede, Rua Direita 1, Lisboa',
  online_link: 'https://reuniao.exemplo.pt/ag',
  agenda: ['Relatório e contas de 2025', 'Alteração dos estatutos', 'Eleição dos órgãos sociais'],
};

describe('<associa-assembly>', () => {
  afterEach(cleanupFeatures);

  it('shows the next assembly: title, kind, date, time, place, online address and the agenda in order, asking without a session', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    await f.script({ [`GET ${PATH}`]: { body: { data: NEXT } } });
    const element = place('associa-assembly');
    await waitForText(element, 'Assembleia geral ordinária de 2026');
    await expectAccessible(element);
    expect(text(element)).to.contain('Assembleia geral ordinária');
    expect(all(element, '[data-date]')[0]!.textContent).to.equal('domingo, 15 de março de 2026');
    expect(all(element, '[data-time]')[0]!.textContent).to.equal('21:00');
    expect(all(element, '[data-place]')[0]!.textContent).to.equal('Sede, Rua Direita 1, Lisboa');
    expect(all<HTMLAnchorElement>(element, '[data-online-link]')[0]!.href).to.equal('https://reuniao.exemplo.pt/ag');
    expect(all(element, '[data-agenda] li').map((li) => li.textContent)).to.deep.equal(NEXT.agenda);
    const [request] = await f.requests('GET', PATH);
    expect(request!.headers.authorization).to.equal(undefined);
  });

  it('leaves out what the assembly does not have (no online meeting)', async () => {
    const { f, place } = featureFixture();
    await f.script({ [`GET ${PATH}`]: { body: { data: { ...NEXT, kind: 'extraordinaria', online_link: null } } } });
    const element = place('associa-assembly');
    await waitForText(element, 'Assembleia geral extraordinária');
    expect(all(element, '[data-online-link]')).to.have.length(0);
    expect(text(element)).not.to.contain('Em linha');
  });

  it('says "Não há assembleias convocadas." when the server has none', async () => {
    const { f, place } = featureFixture();
    await f.script({ [`GET ${PATH}`]: { body: { data: null } } });
    const element = place('associa-assembly');
    await waitForText(element, 'Não há assembleias convocadas.');
    await expectAccessible(element);
    expect(all(element, '[data-assembly]')).to.have.length(0);
  });

  it('says the same when the module is off (404)', async () => {
    const { f, place } = featureFixture();
    await f.script({ [`GET ${PATH}`]: { status: 404, body: { message: 'O módulo de assembleias está desligado.', code: 'not_found' } } });
    const element = place('associa-assembly');
    await waitForText(element, 'Não há assembleias convocadas.');
    expect(all(element, '[data-assembly]')).to.have.length(0);
  });

  it('says plainly when asked too fast (429), and asks again on request', async () => {
    const { f, place } = featureFixture();
    await f.script({
      [`GET ${PATH}`]: [
        { status: 429, body: { message: 'Demasiados pedidos seguidos. Aguarde 30 segundos e tente novamente.', code: 'too_many_requests' } },
        { body: { data: NEXT } },
      ],
    });
    const element = place('associa-assembly');
    await waitForText(element, 'Aguarde 30 segundos');
    (await button(element, 'Tentar novamente')).click();
    await waitForText(element, 'Relatório e contas de 2025');
    expect(await f.requests('GET', PATH)).to.have.length(2);
  });
});
