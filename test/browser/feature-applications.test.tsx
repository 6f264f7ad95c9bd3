// The staff's application elements against the fault server (issue 13): <associa-application-accept-selected>
// (the rows picked in the list accepted in one request, refusals with the server's reason) and
// <associa-application-decision> (an open application's decision, its files while open, as they
// were once decided, its possible duplicates); and what the applications module's pages place.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import type { PageContext } from '../../src/core/client-module.js';
import '../../src/widgets/applications/accept-selected/element.js';
import '../../src/widgets/applications/decision/element.js';
import { APPLICATIONS_MODULE } from '../../src/widgets/applications/module.js';
import { FALLBACK_TERMINOLOGY } from '../../src/host/routes.js';
import { all, button, cleanupFeatures, control, featureFixture, find, link, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

// The files' element is its own business (its tests): a bare stand-in shows what it is asked for, without its requests.
if (!customElements.get('associa-member-files')) customElements.define('associa-member-files', class extends HTMLElement {});

const MEMBER_PATH = '/socios/:id';
const APPLICATION_PATH = '/candidaturas/:id';

const application = (state: string) => ({ body: { data: { _id: 7, _version: 2, created_at: '2031-05-01T10:00:00Z', updated_at: '2031-05-01T10:00:00Z', name: 'Leonor Sá', email: 'leonor@exemplo.pt', state } } });
const DUPLICATES = {
  body: {
    data: [
      { reason: 'nif', source: 'member', id: 3, name: 'Leonor Sá', number: 12 },
      { reason: 'email', source: 'application', id: 5, name: 'Leonor M. Sá', state: 'rejected' },
    ],
  },
};

const pick = (ids: number[], all = false, resource = 'member_applications') =>
  document.dispatchEvent(new CustomEvent('associa-selection', { detail: { resource, ids, all, query: '' }, bubbles: true, composed: true }));

const dialogButton = (element: HTMLElement, name: string) => all<HTMLButtonElement>(element, 'dialog[open] button').find((b) => b.textContent?.trim() === name);

describe("the applications module's pages", () => {
  const routes = APPLICATIONS_MODULE.routes(FALLBACK_TERMINOLOGY);
  const parts = (name: string) => routes.find((r) => r.name === name)!.page!.parts;
  const page = { params: { id: '7' }, pattern: (name: string) => ({ membersEdit: MEMBER_PATH, memberApplicationsEdit: APPLICATION_PATH })[name] ?? '?' } as unknown as PageContext;
  const attrsOf = (part: (typeof routes)[number]['page'] extends infer P ? P extends { parts: readonly (infer Part)[] } ? Part : never : never) =>
    'attrs' in part ? (typeof part.attrs === 'function' ? part.attrs(page) : part.attrs) : undefined;

  it('places bulk accept above the selectable list, and the decision below a new application’s form', () => {
    // "Nova candidatura" only for callers the server lets create one.
    expect(routes.find((r) => r.name === 'memberApplicationsList')!.page!.action).to.deep.equal({
      route: 'memberApplicationsNew',
      label: 'Nova candidatura',
      when: { resource: 'member_applications', operation: 'create' },
    });
    const [accept, list] = parts('memberApplicationsList');
    expect(accept).to.deep.include({ element: 'associa-application-accept-selected' });
    expect(list).to.deep.include({ list: 'member_applications', edit: 'memberApplicationsEdit', selectable: true, columns: 'name,email,state,created_at,duplicates' });
    // One application's page: its read view (application-view.test.tsx).
    const [newForm, newDecision] = parts('memberApplicationsNew');
    expect(newForm).to.deep.include({ form: 'member_applications', edit: 'memberApplicationsEdit' });
    expect(attrsOf(newDecision!)).to.equal(undefined);
  });
});

describe('<associa-application-accept-selected>', () => {
  afterEach(cleanupFeatures);

  it('accepts the applications picked in the list, and lists what the server refused with its reason', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'POST /member_applications/accept_many': { body: { data: { accepted: [{ id: 3, member: 40 }], refused: [{ id: 4, message: 'A candidatura já foi decidida.' }] } } },
    });
    const element = place('associa-application-accept-selected');
    const none = await button(element, 'Aceitar 0 candidaturas');
    expect(none.disabled).to.equal(true);
    expect(none.title).to.equal('Selecione na lista as candidaturas a aceitar.');
    // Another list's picks are not applications.
    pick([9], false, 'members');
    pick([3, 4]);
    const two = await button(element, 'Aceitar 2 candidaturas');
    expect(two.disabled).to.equal(false);
    await expectAccessible(element);
    two.click();
    await waitForText(element, '1 candidatura aceite.');
    expect(text(element)).to.contain('Candidatura 4: A candidatura já foi decidida.');
    expect((await f.requests('POST', '/member_applications/accept_many')).map((r) => r.body)).to.deep.equal([{ ids: [3, 4] }]);
    // "Every match" is no list of applications to accept one by one.
    pick([], true);
    expect((await button(element, 'Aceitar 0 candidaturas')).disabled).to.equal(true);
  });
});

describe('<associa-application-decision>', () => {
  afterEach(cleanupFeatures);

  it('accepts an open application after asking, links the new member, and then shows its files went to the member', async () => {
    const { f, place, logIn, navigations } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'GET /member_applications/7': [application('email_confirmed'), application('accepted')],
      'GET /member_applications/7/duplicates': DUPLICATES,
      'POST /member_applications/7/accept': { body: { data: { member: 40, number: 120 } } },
    });
    const element = place('associa-application-decision', { 'application-id': '7', 'member-path': MEMBER_PATH, 'application-path': APPLICATION_PATH });
    // Open: its files may change, through the files element.
    const files = await find(element, 'associa-member-files');
    expect([files.getAttribute('resource'), files.getAttribute('record-id'), files.getAttribute('api')]).to.deep.equal(['member_applications', '7', f.api]);
    await waitForText(element, 'Mesmo NIF');
    expect(all(element, '[data-duplicates] li').map((li) => li.textContent)).to.deep.equal(['Mesmo NIF: Leonor Sá (Sócio n.º 12)', 'Mesmo e-mail: Leonor M. Sá (Candidatura, rejected)']);
    (await link(element, 'Leonor M. Sá')).click();
    expect(navigations).to.deep.equal(['/candidaturas/5']);
    await expectAccessible(element);

    (await button(element, 'Aceitar')).click();
    await waitUntil(() => dialogButton(element, 'Aceitar'), 'the confirmation never opened');
    expect(await f.requests('POST', '/member_applications/7/accept')).to.have.length(0);
    dialogButton(element, 'Aceitar')!.click();
    await waitForText(element, 'Candidatura aceite: é agora o sócio n.º 120.');
    const member = await link(element, 'Abrir a ficha do sócio');
    expect(member.getAttribute('href')).to.equal('/socios/40');
    expect(member.hasAttribute('data-new-member')).to.equal(true);
    member.click();
    expect(navigations).to.deep.equal(['/candidaturas/5', '/socios/40']);
    // The record is read again: decided, its files are the member's now and no decision is offered.
    await waitForText(element, 'A fotografia e os documentos da candidatura passaram para a ficha do sócio.');
    expect(element.shadowRoot!.querySelector('associa-member-files')).to.equal(null);
    expect(all(element, '[data-decision] button').filter((b) => !b.closest('dialog'))).to.have.length(0);
  });

  it('asks a reason of at least 3 characters before rejecting, and sends it', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'GET /member_applications/7': [application('submitted'), application('rejected')],
      'GET /member_applications/7/duplicates': { body: { data: [] } },
      'GET /member_applications/7/member_application_photos': { body: { data: [] } },
      'GET /member_applications/7/pdf_documents': { body: { data: [{ _id: 1, url: null, originalName: 'declaracao.pdf' }] } },
      'POST /member_applications/7/reject': { body: { data: null } },
    });
    const element = place('associa-application-decision', { 'application-id': '7', 'member-path': MEMBER_PATH, 'application-path': APPLICATION_PATH });
    await waitForText(element, 'Nenhum sócio nem outra candidatura');
    (await button(element, 'Rejeitar')).click();
    await waitUntil(() => dialogButton(element, 'Rejeitar'), 'the question never opened');
    type(await control<HTMLTextAreaElement>(element, 'Motivo'), 'ok');
    dialogButton(element, 'Rejeitar')!.click();
    await waitForText(element, 'Indique o motivo (pelo menos 3 caracteres).');
    expect(await f.requests('POST', '/member_applications/7/reject')).to.have.length(0);
    type(await control<HTMLTextAreaElement>(element, 'Motivo'), '  Quotas de outra associação por pagar  ');
    dialogButton(element, 'Rejeitar')!.click();
    await waitForText(element, 'Candidatura rejeitada.');
    expect((await f.requests('POST', '/member_applications/7/reject')).map((r) => r.body)).to.deep.equal([{ reason: 'Quotas de outra associação por pagar' }]);
    // Decided and not accepted: its files as they were.
    await waitForText(element, 'declaracao.pdf');
    expect(text(element)).to.contain('Sem fotografia.');
  });

  it('tells the server’s refusal of a decision', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'GET /member_applications/7': application('email_confirmed'),
      'GET /member_applications/7/duplicates': { body: { data: [] } },
      'POST /member_applications/7/withdraw': { status: 409, body: { code: 'conflict', message: 'Esta candidatura já foi decidida.' } },
    });
    const element = place('associa-application-decision', { 'application-id': '7' });
    (await button(element, 'Desistência')).click();
    await waitUntil(() => dialogButton(element, 'Desistência'));
    dialogButton(element, 'Desistência')!.click();
    await waitForText(element, 'Esta candidatura já foi decidida.');
    expect(all(element, '[role="alert"]')[0]!.textContent).to.contain('Esta candidatura já foi decidida.');
  });

  it('says, for a new application, that its files are added once it is saved', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    const element = place('associa-application-decision');
    await waitForText(element, 'Depois de guardar a candidatura, pode juntar-lhe a fotografia e os documentos (PDF) nesta mesma página.');
    expect(await f.log()).to.deep.equal([]);
  });
});
