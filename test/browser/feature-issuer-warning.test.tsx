// <associa-issuer-warning>, against the fault server: while the organisation's NIF or address
// is empty, staff read what is missing and a link to where they are filled in; once both are
// there, nothing shows.
import { expect, nextFrame } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/treasury/issuer/element.js';
import { cleanupFeatures, featureFixture, link, text, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const settings = (values: Record<string, string>) => ({
  body: { data: Object.entries({ hasTreasury: 'true', name: 'Associação Cultural do Vale', ...values }).map(([name, value], i) => ({ _id: i + 1, name, value })), meta: { total: 3 } },
});

describe('<associa-issuer-warning>', () => {
  afterEach(cleanupFeatures);

  it('names what the receipts will lack, as a warning that links to the organisation settings', async () => {
    const { f, place, logIn, navigations } = featureFixture();
    logIn(1, 'Ana Conceição', 'admin');
    await f.script({ 'GET /settings': settings({ orgNif: '', orgAddress: '' }) });
    const element = place('associa-issuer-warning', { 'settings-path': '/utilizadores' });
    await waitForText(element, 'Faltam o NIF e a morada da organização.');
    expect(text(element)).to.contain('Um recibo emitido sem eles fica assim para sempre');
    expect(element.shadowRoot!.querySelector('[data-tone="warning"]')).to.not.equal(null);
    (await link(element, 'Abrir a configuração da organização')).click();
    expect(navigations).to.deep.equal(['/utilizadores']);
    await expectAccessible(element);
  });

  it('names the address alone when only it is missing, and shows nothing once both are filled in', async () => {
    const first = featureFixture();
    first.logIn(1, 'Ana Conceição', 'admin');
    await first.f.script({ 'GET /settings': settings({ orgNif: '507241835', orgAddress: '' }) });
    const missing = first.place('associa-issuer-warning');
    await waitForText(missing, 'Falta a morada da organização.');
    cleanupFeatures();

    const second = featureFixture();
    second.logIn(1, 'Ana Conceição', 'admin');
    await second.f.script({ 'GET /settings': settings({ orgNif: '507241835', orgAddress: 'Rua da Liberdade, 45, 3500-123 Viseu' }) });
    const filled = second.place('associa-issuer-warning');
    await waitUntil(() => second.core.settings.loaded.value, 'the settings never loaded');
    await nextFrame();
    expect(text(filled)).to.equal('');
  });
});
