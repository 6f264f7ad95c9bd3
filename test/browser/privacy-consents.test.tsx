// The consent register in the browser against the fault server: the member home's
// "Consentimentos" section (loaded after the summary), where a member withdraws and gives
// consents, and "Enviar mensagem aos sócios", which says before sending how many receive the
// message and how many are left out and why.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/member-home/element.js';
import '../../src/widgets/privacy/broadcast/element.js';
import '../../src/widgets/application-form/element.js';
import '../../src/widgets/privacy/consents/element.js';
import { all, button, cleanupFeatures, control, featureFixture, find, link, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const flat = (element: HTMLElement) => text(element).replace(/\s+/g, ' ');

const purpose = (key: string, name: string, basis = 'consentimento', version = 1) => ({ _id: key.length, key, name, description: `Texto de ${name}.`, basis, version });
const consents = (newsletter: 'granted' | 'withdrawn' | null) => ({
  body: {
    data: {
      member: 31,
      purposes: [
        { purpose: purpose('quotas', 'Quotas e vida associativa', 'contrato'), asks: false, state: null, granted_at: null, withdrawn_at: null, source: null, text_version: null },
        {
          purpose: purpose('newsletter', 'Newsletter'),
          asks: true,
          state: newsletter,
          granted_at: '2026-01-10T10:00:00Z',
          withdrawn_at: newsletter === 'withdrawn' ? '2026-11-28T10:00:00Z' : null,
          source: newsletter === 'withdrawn' ? 'area_socio' : 'formulario',
          text_version: 1,
        },
        { purpose: purpose('fotografias', 'Fotografias no sítio da associação'), asks: true, state: null, granted_at: null, withdrawn_at: null, source: null, text_version: null },
      ],
    },
  },
});

function choose(select: HTMLSelectElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('member home: Consentimentos', () => {
  afterEach(cleanupFeatures);

  it('shows what the member agreed to and lets them withdraw and give consent', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(7, 'Rita Lopes', 'member');
    await f.script({
      'GET /users/7': { body: { data: { _id: 7, created_at: '', member: 31, username: 'rita' } } },
      'GET /members/31': { body: { data: { _id: 31, created_at: '', number: 128, name: 'Rita Lopes', email: 'rita@exemplo.pt' } } },
      'GET /members/31/consents': [consents('granted'), consents('withdrawn')],
      'POST /members/31/consents': [consents('withdrawn'), consents('withdrawn')],
    });
    const element = place('associa-member-home');
    // The section is a part of the member home's shadow root: read it, and find its buttons, there.
    const section = await find(element, '[data-own="consents"]', 'the consents section');
    const said = () => (section.textContent ?? '').replace(/\s+/g, ' ');
    const shows = (expected: string) => waitUntil(() => said().includes(expected), `"${expected}" never shown in the section: ${said()}`, { timeout: 4000 });
    const press = (purposeKey: string, name: string) => {
      const found = [...section.querySelectorAll<HTMLButtonElement>(`[data-purpose="${purposeKey}"] button`)].find((b) => b.textContent?.trim() === name);
      if (!found) throw new Error(`no button "${name}" for ${purposeKey}: ${said()}`);
      found.click();
    };
    await shows('Consentimento dado. Desde 10/01/2026 (formulário de candidatura).');
    expect(said()).to.contain('Consentimentos');
    // A purpose of the contract applies to every member: nothing to give or withdraw.
    const quotas = section.querySelector('[data-purpose="quotas"]')!;
    expect(quotas.textContent).to.contain('Não depende de consentimento');
    expect(quotas.querySelector('button')).to.equal(null);
    await expectAccessible(element);

    press('newsletter', 'Retirar consentimento');
    await shows('Consentimento para «Newsletter» retirado.');
    expect((await f.requests('POST', '/members/31/consents'))[0]!.body).to.deep.equal({ purpose: 'newsletter', granted: false });
    // Read again after the change: the withdrawal and its date.
    await shows('Consentimento retirado. Desde 28/11/2026 (área de sócio).');

    press('fotografias', 'Dar consentimento');
    await waitUntil(async () => (await f.requests('POST', '/members/31/consents')).length === 2, 'the consent was not sent');
    expect((await f.requests('POST', '/members/31/consents'))[1]!.body).to.deep.equal({ purpose: 'fotografias', granted: true });
  });
});

describe('<associa-member-broadcast>', () => {
  afterEach(cleanupFeatures);

  it('says how many receive the message and who is left out and why, then sends it', async () => {
    const { f, place, logIn, navigations } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    const counted = { members: 102, to_send: 70, queued: null, dry_run: true, job: null, left_out: { no_consent: 30, no_email: 2, ended: 0 } };
    await f.script({
      'GET /consent_purposes': { body: { data: [purpose('newsletter', 'Newsletter'), purpose('quotas', 'Quotas e vida associativa', 'contrato')], meta: { total: 2 } } },
      'GET /member_states': { body: { data: [{ _id: 1, name: 'Ativo' }, { _id: 4, name: 'Desistente' }], meta: { total: 2 } } },
      'GET /fee_categories': { body: { data: [{ _id: 2, name: 'Efetivo' }], meta: { total: 1 } } },
      'POST /members/broadcast': [{ body: { data: counted } }, { body: { data: { ...counted, dry_run: false, queued: 70 } } }],
    });
    const element = place('associa-member-broadcast', { 'messages-path': '/mensagens' });
    await waitUntil(async () => (await control<HTMLSelectElement>(element, 'Finalidade')).options.length === 3, 'the purposes were not offered');
    choose(await control<HTMLSelectElement>(element, 'Finalidade'), 'newsletter');
    await waitUntil(async () => (await control<HTMLSelectElement>(element, 'Estado')).options.length === 3, 'the states were not offered');
    choose(await control<HTMLSelectElement>(element, 'Estado'), '1');
    type(await control(element, 'Assunto'), 'Notícias de dezembro');
    type(await control<HTMLTextAreaElement>(element, 'Mensagem'), 'Olá {nome}, eis as notícias.');
    (await button(element, 'Ver quantos a recebem')).click();
    await waitForText(element, 'Serão enviadas 70 mensagens. 30 sócios ficam de fora por não terem dado consentimento para «Newsletter»; 2 não têm e-mail.');
    const [dry] = await f.requests('POST', '/members/broadcast');
    const asked = dry!.body as Record<string, unknown>;
    expect(asked).to.include({ purpose: 'newsletter', subject: 'Notícias de dezembro', body: 'Olá {nome}, eis as notícias.', query: '_state=1', dry_run: true });
    expect(String(asked.batch_key)).to.match(/^[A-Za-z0-9_-]{8,64}$/);
    await expectAccessible(element);

    (await button(element, 'Enviar')).click();
    await waitForText(element, '70 mensagens colocadas na fila de envio.');
    const [, sent] = await f.requests('POST', '/members/broadcast');
    // The same batch as counted: sent twice, it is queued once.
    expect(sent!.body).to.include({ batch_key: asked.batch_key, dry_run: false });
    (await link(element, 'Ver as mensagens')).click();
    expect(navigations).to.deep.equal(['/mensagens']);
  });

  it('shows the server’s reasons when it refuses', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'GET /consent_purposes': { body: { data: [purpose('newsletter', 'Newsletter')], meta: { total: 1 } } },
      'GET /member_states': { body: { data: [], meta: { total: 0 } } },
      'GET /fee_categories': { body: { data: [], meta: { total: 0 } } },
      'POST /members/broadcast': { status: 422, body: { message: 'Dados inválidos.', errors: { subject: 'O assunto é demasiado curto.' } } },
    });
    const element = place('associa-member-broadcast');
    await waitUntil(async () => (await control<HTMLSelectElement>(element, 'Finalidade')).options.length === 2);
    choose(await control<HTMLSelectElement>(element, 'Finalidade'), 'newsletter');
    type(await control(element, 'Assunto'), 'x');
    type(await control<HTMLTextAreaElement>(element, 'Mensagem'), 'Olá.');
    (await button(element, 'Ver quantos a recebem')).click();
    await waitForText(element, 'O assunto é demasiado curto.');
  });
});

describe('<associa-application-form>: consent purposes', () => {
  afterEach(cleanupFeatures);

  it('asks each purpose apart, optional, and sends the ticked ones with the version of the text shown', async () => {
    const field = (name: string, type: string, label: string) => ({ name, type, inputType: type === 'email' ? 'email' : 'text', label, validation: {}, group: 'Candidato', sortable: false, filterable: false, searchable: false, readOnly: false });
    const form = {
      formToken: 'form-token-1',
      fields: [
        { name: 'name', required: true },
        { name: 'email', required: true },
      ],
      consentText: 'Autorizo o tratamento dos meus dados pessoais para a gestão da minha inscrição.',
      consentVersion: 'v-abc123',
      minorAge: 18,
      proposerRequired: false,
      feeCategories: [],
      consentPurposes: [
        { key: 'newsletter', name: 'Newsletter', description: 'Aceito receber a newsletter.', version: 2 },
        { key: 'fotografias', name: 'Fotografias no sítio da associação', description: 'Aceito fotografias no sítio.', version: 1 },
      ],
    };
    const { f, place } = featureFixture();
    await f.script({
      'GET /member_applications/form': { body: { data: form } },
      'GET /explainer': { body: { data: { member_applications: { label: 'Candidaturas', fields: [field('name', 'string', 'Nome'), field('email', 'email', 'E-mail')] } } } },
      'POST /member_applications': { status: 201, body: { data: { id: 41, uploadToken: '41.999.sig' } } },
    });
    const element = place('associa-application-form');
    await waitForText(element, 'Enviar candidatura');
    expect(flat(element)).to.contain('Newsletter Aceito receber a newsletter.');
    type(await control(element, 'Nome'), 'Marta Silva');
    type(await control(element, 'E-mail'), 'marta@example.org');
    all<HTMLInputElement>(element, 'input[name="consent"]')[0]!.click();
    const newsletter = all<HTMLInputElement>(element, 'input[name="consent-newsletter"]')[0]!;
    // Optional: the form is sent whether or not a purpose is ticked.
    expect(newsletter.required).to.equal(false);
    newsletter.click();
    await expectAccessible(element);
    (await button(element, 'Enviar candidatura')).click();
    await waitUntil(async () => (await f.requests('POST', '/member_applications')).length === 1, 'the application was not sent');
    const [post] = await f.requests('POST', '/member_applications');
    expect((post!.body as Record<string, unknown>).consents).to.deep.equal({ newsletter: 2 });
  });
});

describe('<associa-member-consents>', () => {
  afterEach(cleanupFeatures);

  it("records a withdrawal handed in on paper on the member's page", async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({ 'GET /members/31/consents': [consents('granted'), consents('withdrawn')], 'POST /members/31/consents': consents('withdrawn') });
    const element = place('associa-member-consents', { 'member-id': '31' });
    await waitForText(element, 'Registe aqui um consentimento ou uma retirada entregue em papel.');
    await waitForText(element, 'Consentimento dado. Desde 10/01/2026 (formulário de candidatura).');
    await expectAccessible(element);
    (await button(element, 'Registar retirada')).click();
    await waitForText(element, 'Consentimento para «Newsletter» retirado.');
    expect((await f.requests('POST', '/members/31/consents'))[0]!.body).to.deep.equal({ purpose: 'newsletter', granted: false });
    // Fotografias was never answered: staff may record a paper consent.
    await button(element, 'Registar consentimento em papel');
  });
});
