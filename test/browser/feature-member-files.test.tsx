// <associa-member-files>: a member's or an application's photo and PDF documents against the
// fault server: shown (the photo fetched with the session's token), a document added with the
// form field naming its owner, one deleted, and everything read again when the server announces
// a change to that record (the applicant's upload, another member of staff), not another's.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/members/files/element.js';
import { all, cleanupFeatures, featureFixture, find, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const pdf = (name: string) => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });

/** What choosing files in the file dialog does. */
function choose(input: HTMLInputElement, files: File[]) {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const documentNames = (element: HTMLElement) => all(element, '[data-document]').map((item) => item.querySelector('button, span')!.textContent);

describe('<associa-member-files>', () => {
  afterEach(cleanupFeatures);

  it("shows a member's photo and documents, adds and deletes documents, and reads them again when the member changes", async () => {
    const { f, core, place, logIn } = featureFixture();
    logIn(2, 'Rui Editor', 'editor');
    const ata = { _id: 1, originalName: 'ata.pdf', url: `${f.api}/files/11/content` };
    const proposta = { _id: 2, originalName: 'proposta.pdf', url: `${f.api}/files/12/content` };
    await f.script({
      'GET /members/42/member_photos': { body: { data: [{ _id: 3, url: `${f.api}/files/9/content` }] } },
      'GET /files/9/content': { body: { image: true } },
      'GET /members/42/pdf_documents': [{ body: { data: [ata] } }, { body: { data: [ata, proposta] } }, { body: { data: [proposta] } }, { body: { data: [] } }],
      'POST /pdf_documents': { status: 201, body: { data: proposta } },
      'DELETE /pdf_documents/1': { status: 204 },
    });
    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
    const element = place('associa-member-files', { resource: 'members', 'record-id': '42' });
    const photo = await find<HTMLImageElement>(element, '[data-photo] img', 'the photo');
    expect(photo.getAttribute('src')).to.match(/^blob:/);
    // The photo's address works only for who asked: fetched with the session's token.
    expect((await f.requests('GET', '/files/9/content'))[0]!.headers.authorization).to.match(/^Bearer /);
    await waitUntil(() => documentNames(element).length === 1, 'the documents never came');
    expect(element.shadowRoot!.querySelector('[data-member-files]')!.getAttribute('data-member-files')).to.equal('42');
    await expectAccessible(element);

    choose(await find<HTMLInputElement>(element, '[data-documents] input[type="file"]', 'the file input'), [pdf('proposta.pdf')]);
    await waitForText(element, '1 documento enviado.');
    await waitUntil(() => documentNames(element).length === 2, 'the list was not read again');
    expect(documentNames(element)).to.deep.equal(['ata.pdf', 'proposta.pdf']);
    const sent = (await f.requests('POST', '/pdf_documents'))[0]!.body as { fields: Record<string, string>; files: string[] };
    expect(sent.fields).to.deep.equal({ memberID: '42' });
    expect(sent.files).to.deep.equal(['proposta.pdf']);

    all<HTMLButtonElement>(element, 'button').find((b) => b.getAttribute('aria-label') === 'Apagar ata.pdf')!.click();
    await waitUntil(() => documentNames(element).join() === 'proposta.pdf', 'the deleted document stayed');
    expect(await f.requests('DELETE', '/pdf_documents/1')).to.have.length(1);

    // Another member's change is not this one's; this member's is read again.
    const reads = async () => (await f.requests('GET', '/members/42/pdf_documents')).length;
    const before = await reads();
    await f.wsSend({ topic: 'members changed', payload: { resource: 'members', action: 'updated', id: 41 } });
    await f.wsSend({ topic: 'members changed', payload: { resource: 'members', action: 'updated', id: 42 } });
    await waitUntil(() => documentNames(element).length === 0, 'the change was not read');
    expect(await reads()).to.equal(before + 1);
  });

  it("names the application as the owner of what is added to an application's files", async () => {
    const { f, place, logIn } = featureFixture();
    logIn(2, 'Rui Editor', 'editor');
    await f.script({
      'GET /member_applications/8/member_application_photos': { body: { data: [] } },
      'GET /member_applications/8/pdf_documents': [{ body: { data: [] } }, { body: { data: [{ _id: 5, originalName: 'declaracao.pdf', url: null }] } }],
      'POST /pdf_documents': { status: 201, body: { data: { _id: 5, originalName: 'declaracao.pdf' } } },
    });
    const element = place('associa-member-files', { resource: 'member_applications', 'record-id': '8' });
    await find(element, '[data-application-files="8"]', 'the application files');
    await waitForText(element, 'Sem documentos.');
    expect(element.shadowRoot!.querySelector('[data-photo] img')).to.equal(null);
    choose(await find<HTMLInputElement>(element, '[data-documents] input[type="file"]', 'the file input'), [pdf('declaracao.pdf')]);
    await waitUntil(() => documentNames(element).join() === 'declaracao.pdf', 'the document never showed');
    expect(((await f.requests('POST', '/pdf_documents'))[0]!.body as { fields: Record<string, string> }).fields).to.deep.equal({ memberApplicationID: '8' });
  });

  it('shows nothing and asks nothing without knowing whose files', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(2, 'Rui Editor', 'editor');
    const unknown = place('associa-member-files', { resource: 'payments', 'record-id': '8' });
    const nobody = place('associa-member-files', { resource: 'members' });
    await waitUntil(() => unknown.shadowRoot && nobody.shadowRoot, 'the elements never rendered');
    // An answer the elements would have had time to ask for.
    await f.script({});
    expect(unknown.shadowRoot!.querySelector('[data-photo]')).to.equal(null);
    expect(nobody.shadowRoot!.querySelector('[data-photo]')).to.equal(null);
    expect((await f.log()).filter((request) => request.method !== 'WS-OPEN')).to.deep.equal([]);
  });
});
