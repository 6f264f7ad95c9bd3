// An application's page as a read view (issue 30): what the applicant wrote as text, the consent
// as a date and a text (never its hash), the duplicates beside the applicant's data and linked,
// the decision and, once decided, who decided and when; and the accept regression: after
// Aceitar the page reads the record again and never says someone else changed it.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import type { PageContext } from '../../src/core/client-module.js';
import '../../src/widgets/applications/view/element.js';
import { APPLICATIONS_MODULE } from '../../src/widgets/applications/module.js';
import { FALLBACK_TERMINOLOGY } from '../../src/host/routes.js';
import { all, cleanupFeatures, featureFixture, find, link, text, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

// The files' element is its own business (its tests): a bare stand-in shows what it is asked for, without its requests.
if (!customElements.get('associa-member-files')) customElements.define('associa-member-files', class extends HTMLElement {});

const MEMBER_PATH = '/socios/:id';
const APPLICATION_PATH = '/candidaturas/:id';
const EDIT_PATH = '/candidaturas/:id/editar';

const application = (state: string, extra: Record<string, unknown> = {}) => ({
  body: {
    data: {
      _id: 7, _version: 2, created_at: '2031-05-01T10:00:00Z', updated_at: '2031-05-01T10:00:00Z',
      name: 'Leonor Sá', email: 'leonor@exemplo.pt', phone: '912345678', nif: '123456789', birth_date: '1990-05-17',
      address: 'Rua das Flores, 12', postal_code: '1000-001', locality: 'Lisboa', country: 1, fee_category: 3, proposer_number: 15,
      consent_version: '3b568d043df7c048', consent_at: '2031-05-01T10:00:00Z', guardian_name: null, guardian_consent: false,
      state, email_confirmed_at: '2031-05-01T11:30:00Z', decided_at: null, decided_by: null, reject_reason: null, member: null, duplicates: 1,
      ...extra,
    },
  },
});
const CONSENT = { body: { data: { acceptedAt: '2031-05-01T10:00:00Z', text: 'Autorizo a associação a tratar os meus dados.', current: true, since: '2031-01-15T09:00:00Z' } } };
const DUPLICATES = {
  body: {
    data: [
      { reason: 'nif', source: 'member', id: 3, name: 'Leonor Sá', number: 12, email: 'leonor.sa@outro.pt', nif: '123456789', birth_date: '1990-05-17', phone: null, locality: 'Porto' },
      { reason: 'name_birth', source: 'member', id: 3, name: 'Leonor Sá', number: 12, email: 'leonor.sa@outro.pt', nif: '123456789', birth_date: '1990-05-17', phone: null, locality: 'Porto' },
      { reason: 'email', source: 'application', id: 5, name: 'Leonor M. Sá', state: 'rejected', email: 'LEONOR@exemplo.pt', nif: null, birth_date: null, phone: null, locality: null },
    ],
  },
};
const REFERENCES = {
  'GET /countries': { body: { data: [{ _id: 1, name: 'Portugal' }], meta: { total: 1 } } },
  'GET /fee_categories': { body: { data: [{ _id: 3, name: 'Efetivo' }], meta: { total: 1 } } },
  'GET /users': { body: { data: [{ _id: 1, name: 'Rui Editor', username: 'rui' }], meta: { total: 1 } } },
  'GET /members': { body: { data: [{ _id: 40, name: 'Leonor Sá' }], meta: { total: 1 } } },
};

async function mount(rules: Record<string, unknown>) {
  const fixture = featureFixture();
  fixture.logIn(1, 'Rui Editor', 'editor');
  await fixture.f.script({ ...REFERENCES, 'GET /member_applications/7/consent': CONSENT, 'GET /member_applications/7/duplicates': DUPLICATES, ...(rules as Record<string, never>) });
  const element = fixture.place('associa-application', { 'application-id': '7', 'member-path': MEMBER_PATH, 'application-path': APPLICATION_PATH, 'edit-path': EDIT_PATH });
  return { ...fixture, element };
}

/** Term → value of one part's facts, as a person reads them. */
const facts = (element: HTMLElement, part: string) =>
  Object.fromEntries(all(element, `[data-part="${part}"] dt`).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
const dialogButton = (element: HTMLElement, name: string) => all<HTMLButtonElement>(element, 'dialog[open] button').find((b) => b.textContent?.trim() === name);
const visibleButton = (element: HTMLElement, name: string) => all<HTMLButtonElement>(element, 'button').find((b) => b.textContent?.trim() === name && !b.closest('dialog'));

afterEach(cleanupFeatures);

describe("an application's page (/candidaturas/{id})", () => {
  const routes = APPLICATIONS_MODULE.routes(FALLBACK_TERMINOLOGY);
  const page = { params: { id: '7' }, pattern: (name: string) => ({ membersEdit: MEMBER_PATH, memberApplicationsEdit: APPLICATION_PATH, memberApplicationsCorrect: EDIT_PATH })[name] ?? '?' } as unknown as PageContext;

  it('places the read view alone; the generic form is on the correction page, with the way back', () => {
    const [view, ...rest] = routes.find((r) => r.name === 'memberApplicationsEdit')!.page!.parts;
    expect(rest).to.have.length(0);
    expect(view && 'element' in view && view.element).to.equal('associa-application');
    const attrs = view && 'element' in view ? view.attrs : undefined;
    expect(typeof attrs === 'function' ? attrs(page) : attrs).to.deep.equal({ 'application-id': '7', 'member-path': MEMBER_PATH, 'application-path': APPLICATION_PATH, 'edit-path': EDIT_PATH });
    const correct = routes.find((r) => r.name === 'memberApplicationsCorrect')!;
    expect(correct.path).to.equal(EDIT_PATH);
    const [form, back] = correct.page!.parts;
    expect(form).to.deep.include({ form: 'member_applications', attrs: { 'no-delete': 'true' } });
    expect(back).to.deep.include({ link: 'memberApplicationsEdit', label: 'Voltar à candidatura' });
  });
});

describe('<associa-application>', () => {
  it('shows what the applicant wrote as text, grouped, with the consent as a date and a text, never a hash or a bare count', async () => {
    const { element } = await mount({ 'GET /member_applications/7': application('email_confirmed') });
    await waitForText(element, 'Efetivo');
    await waitForText(element, 'Portugal');
    expect(facts(element, 'applicant')).to.deep.equal({
      Nome: 'Leonor Sá', 'E-mail': 'leonor@exemplo.pt', Telefone: '912345678', NIF: '123456789', 'Data de nascimento': '17/05/1990',
      Morada: 'Rua das Flores, 121000-001 LisboaPortugal',
    });
    expect(facts(element, 'request')).to.deep.equal({ 'Categoria de quota pretendida': 'Efetivo', 'Proposto pelo sócio': 'n.º 15' });
    expect((await find(element, '[data-summary]')).textContent).to.contain('E-mail confirmado').and.contain('Recebida em 01/05/2031, 11:00, e-mail confirmado em 01/05/2031, 12:30');
    expect((await find(element, '[data-consent-at]')).textContent).to.equal('Consentimento aceite em 01/05/2031, 11:00');
    const consentText = await find<HTMLDetailsElement>(element, 'details[data-consent-text]');
    expect(consentText.querySelector('summary')!.textContent).to.equal('Texto aceite: o texto em vigor desde 15/01/2031');
    expect(consentText.querySelector('blockquote')!.textContent).to.equal('Autorizo a associação a tratar os meus dados.');
    expect(text(element)).not.to.contain('3b568d043df7c048');
    expect(text(element)).not.to.contain('Possível duplicado');
    // Read as text: no inputs, disabled or not (the reject reason waits in its closed dialog).
    expect(all(element, 'input, textarea, select').filter((c) => !c.closest('dialog'))).to.have.length(0);
    // Open: its files may change (the files element), its data may be corrected on its own page.
    const files = await find(element, '[data-part="files"] associa-member-files');
    expect([files.getAttribute('resource'), files.getAttribute('record-id')]).to.deep.equal(['member_applications', '7']);
    expect((await link(element, 'Corrigir dados')).getAttribute('href')).to.equal('/candidaturas/7/editar');
    await expectAccessible(element);
  });

  it('shows each probable duplicate once, beside the applicant, with why it matched, the equal values marked, and a link to it', async () => {
    const { element, navigations } = await mount({ 'GET /member_applications/7': application('email_confirmed') });
    await find(element, '[data-twin="member-3"]');
    expect(all(element, '[data-twin]').map((t) => t.getAttribute('data-twin'))).to.deep.equal(['member-3', 'application-5']);
    const member = await find<HTMLTableElement>(element, '[data-twin="member-3"]');
    expect(member.querySelector('caption')!.textContent).to.equal('Leonor Sá, sócio n.º 12 (Mesmo NIF; Mesmo nome e data de nascimento)');
    const rows = [...member.tBodies[0]!.rows].map((r) => [...r.cells].map((c) => c.textContent));
    expect(rows).to.deep.equal([
      ['Nome', 'Leonor Sá', 'Leonor Sáigual'],
      ['E-mail', 'leonor@exemplo.pt', 'leonor.sa@outro.pt'],
      ['NIF', '123456789', '123456789igual'],
      ['Data de nascimento', '17/05/1990', '17/05/1990igual'],
      ['Telefone', '912345678', '—'],
      ['Localidade', 'Lisboa', 'Porto'],
    ]);
    const other = await find<HTMLTableElement>(element, '[data-twin="application-5"]');
    expect(other.querySelector('caption')!.textContent).to.equal('Leonor M. Sá, candidatura recusada (Mesmo e-mail)');
    (await link(element, 'Leonor Sá, sócio n.º 12')).click();
    (await link(element, 'Leonor M. Sá, candidatura recusada')).click();
    expect(navigations).to.deep.equal(['/socios/3', '/candidaturas/5']);
  });

  it('after Aceitar reads the record again: decided, by whom and when, linked to the new member, never "changed by someone else"', async () => {
    const accepted = application('accepted', { decided_at: '2031-05-02T09:15:00Z', decided_by: 1, member: 40, _version: 3 });
    const { element, f } = await mount({
      'GET /member_applications/7': [application('email_confirmed'), accepted],
      'POST /member_applications/7/accept': { body: { data: { member: 40, number: 120 } } },
    });
    (await waitUntil(() => visibleButton(element, 'Aceitar'), 'no Aceitar'), visibleButton(element, 'Aceitar'))!.click();
    await waitUntil(() => dialogButton(element, 'Aceitar'), 'the confirmation never opened');
    dialogButton(element, 'Aceitar')!.click();
    await waitForText(element, 'Candidatura aceite: é agora o sócio n.º 120.');
    // The decider's and the member's names are read apart (references): wait for both.
    await waitUntil(() => facts(element, 'decision')['Decidida por'] === 'Rui Editor' && facts(element, 'decision')['Sócio'] === 'Leonor Sá', 'the decision was never read back');
    expect(facts(element, 'decision')).to.deep.equal({ Estado: 'Aceite', 'Decidida em': '02/05/2031, 10:15', 'Decidida por': 'Rui Editor', Sócio: 'Leonor Sá' });
    expect(text(element)).not.to.contain('alterado por outra pessoa');
    expect((await find(element, '[data-state]')).textContent).to.equal('Aceite');
    // Decided: no decision offered, no correction, its files are the member's.
    expect(visibleButton(element, 'Aceitar')).to.equal(undefined);
    expect(all(element, 'a').some((a) => a.textContent === 'Corrigir dados')).to.equal(false);
    expect(text(element)).to.contain('passaram para a ficha do sócio');
    // One accept, and nothing written with the version read before it.
    expect(await f.requests('POST', '/member_applications/7/accept')).to.have.length(1);
    expect((await f.log()).filter((r) => r.method === 'PUT' || r.method === 'PATCH')).to.deep.equal([]);
    expect((await f.requests('GET', '/member_applications/7')).length).to.be.at.least(2);
    await expectAccessible(element);
  });

  it('shows a rejected application’s reason, and says when the consent text accepted is no longer known', async () => {
    const { element } = await mount({
      'GET /member_applications/7': application('rejected', { decided_at: '2031-05-02T09:15:00Z', decided_by: 1, reject_reason: 'Não reside no concelho.' }),
      'GET /member_applications/7/consent': { body: { data: { acceptedAt: '2031-05-01T10:00:00Z', text: null, current: false, since: null } } },
      'GET /member_applications/7/member_application_photos': { body: { data: [] } },
      'GET /member_applications/7/pdf_documents': { body: { data: [] } },
    });
    await waitForText(element, 'Não reside no concelho.');
    expect(facts(element, 'decision')).to.include({ Estado: 'Recusada', 'Motivo da recusa': 'Não reside no concelho.' });
    await waitForText(element, 'O texto aceite foi entretanto alterado e a versão anterior já não está guardada.');
    await waitForText(element, 'Sem fotografia.');
  });
});
