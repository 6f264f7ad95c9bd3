// <associa-member-erasure> (issue 34, part 5) against the fault server: an administrator sees
// what an erasure removes and what it keeps (why, until when), answers an open request, confirms
// by typing the member's number (the button stays off until it matches), and then the record of
// the erasure; a refusal (the member has not left) says why and offers no erasure.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/privacy/erasure/element.js';
import { button, cleanupFeatures, control, featureFixture, find, type, waitForText, type FeatureFixture } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';
import type { Reply } from './support/fault.js';

const PREVIEW = {
  member: { _id: 42, number: 17, erased_at: null, left_on: '2026-10-01' },
  refusal: null,
  erased: [
    { key: 'member', label: 'Ficha do sócio: nome (passa a «Titular apagado»), NIF, contactos', count: 1 },
    { key: 'files', label: 'Fotografia e documentos digitalizados', count: 2 },
    { key: 'messages', label: 'Mensagens enviadas ao sócio', count: 5 },
  ],
  kept: [
    { key: 'fiscal_documents', label: 'Recibos e outros documentos fiscais', reason: 'Documentos fiscais: conservação obrigatória durante 10 anos (CIVA, art. 52.º; CIRC, art. 123.º).', until: '2036-12-31', count: 3 },
    { key: 'membership', label: 'Número de sócio, estado, categoria e datas', reason: 'Os documentos fiscais referem o número.', until: null, count: 1 },
  ],
  erasure: null,
  requests: [{ _id: 9, received_on: '2026-11-20', due_on: '2026-12-20', requester_name: 'Ana Lopes' }],
};

const ERASED = {
  ...PREVIEW,
  member: { ...PREVIEW.member, erased_at: '2026-11-28T10:00:00.000Z' },
  erased: [],
  erasure: { erased_at: '2026-11-28T10:00:00.000Z', reason: 'pedido', request: 9, actor_name: 'Rita Admin' },
  requests: [],
};

let element: HTMLElement;
const $ = <E extends Element = HTMLElement>(selector: string) => element.shadowRoot!.querySelector<E>(selector);

async function mount(preview: Reply | Reply[], role = 'admin', extra: Record<string, Reply | Reply[]> = {}): Promise<FeatureFixture> {
  const fixture = featureFixture();
  await fixture.f.script({ 'GET /members/42/erasure': preview, ...extra });
  fixture.logIn(1, 'Rita Admin', role);
  element = fixture.place('associa-member-erasure', { 'member-id': '42', 'request-path': '/privacidade/pedidos/:id' });
  return fixture;
}

afterEach(cleanupFeatures);

describe('<associa-member-erasure>', () => {
  it('previews what goes and what stays, then erases once the member’s number is typed, answering the request', async () => {
    const { f } = await mount([{ body: { data: PREVIEW } }, { body: { data: ERASED } }], 'admin', {
      'POST /members/42/erase': { body: { data: { member: 42, erased_at: '2026-11-28T10:00:00.000Z', erased: PREVIEW.erased } } },
    });
    (await button(element, 'Apagar dados pessoais')).click();
    await find(element, '[data-erasure-preview]');
    expect($('[data-erased="files"]')!.textContent).to.contain('(2 registos)');
    expect($('[data-kept="fiscal_documents"]')!.textContent).to.contain('até 31/12/2036');
    expect($('[data-kept="fiscal_documents"]')!.textContent).to.contain('CIVA');
    expect($('[data-kept="membership"]')!.textContent).to.contain('sem prazo');
    await expectAccessible(element);

    const submit = await button(element, 'Apagar definitivamente');
    expect(submit.disabled).to.equal(true);
    const confirm = await control(element, 'Para confirmar, escreva o número do sócio (17)');
    type(confirm, '71');
    expect(submit.disabled).to.equal(true);
    const choice = await control<HTMLSelectElement>(element, 'Pedido de apagamento a que responde');
    choice.value = '9';
    choice.dispatchEvent(new Event('change', { bubbles: true }));
    type(confirm, '17');
    await waitUntil(() => !submit.disabled, 'the erasure was never offered once the number matched');
    expect(await f.requests('POST', '/members/42/erase')).to.have.length(0);
    submit.click();
    await waitForText(element, 'Dados pessoais apagados em 28/11/2026.');
    const [sent] = await f.requests('POST', '/members/42/erase');
    expect(sent!.body).to.deep.equal({ confirm_number: 17, request: 9 });
    expect(element.shadowRoot!.textContent).to.contain('Apagados por Rita Admin.');
    expect($('[data-erasure-request]')!.textContent).to.equal('ver o pedido');
    expect($('[data-erasure-start]')).to.equal(null);
  });

  it('shows the server’s refusal and offers no erasure while the member has not left', async () => {
    await mount({ body: { data: { ...PREVIEW, refusal: 'O sócio está no estado «Ativo». Mude primeiro o estado para um estado de saída (por exemplo, Desistente).' } } });
    (await button(element, 'Apagar dados pessoais')).click();
    await waitForText(element, 'Ainda não é possível apagar: O sócio está no estado «Ativo».');
    expect($('[data-erasure-submit]')).to.equal(null);
  });

  it('shows the server’s word on a wrong confirmation and keeps the form', async () => {
    await mount({ body: { data: PREVIEW } }, 'admin', {
      'POST /members/42/erase': { status: 422, body: { message: 'Dados inválidos.', errors: { confirm_number: 'Para confirmar, escreva o número do sócio (17).' } } },
    });
    (await button(element, 'Apagar dados pessoais')).click();
    type(await control(element, 'Para confirmar, escreva o número do sócio (17)'), '17');
    const submit = await button(element, 'Apagar definitivamente');
    await waitUntil(() => !submit.disabled, 'never enabled');
    submit.click();
    await waitUntil(() => $('[data-erasure-preview]')?.textContent?.includes('Dados inválidos') || $('[data-erasure-preview]')?.textContent?.includes('escreva o número'), 'the refusal was never shown');
    expect($('[data-erasure-preview]')).to.not.equal(null);
  });

  it('shows nothing to an editor while the member is not erased', async () => {
    await mount({ body: { data: PREVIEW } }, 'editor');
    await find(element, '[data-member-erasure="none"]', 'the answer');
    expect(element.shadowRoot!.textContent ?? '').to.not.contain('Apagar');
    expect($('button')).to.equal(null);
  });
});
