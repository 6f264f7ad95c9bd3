import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/assemblies/minutes/element.js';
import '../../src/widgets/member-home/element.js';
import { all, button, cleanupFeatures, control, featureFixture, link, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const ASSEMBLY = {
  _id: 4,
  created_at: '2026-02-01T10:00:00Z',
  _version: 3,
  title: 'Assembleia geral de contas',
  kind: 'ordinaria',
  date: '2026-03-15',
  time: '21:00',
  status: 'in_session',
  minutes_text: null,
  minutes_final_at: null,
};
const DRAFT = 'Ata n.º __\n\nAssembleia geral de contas\n\nPresenças: estiveram presentes 12 e representados 1.';
/** The confirm dialog once it is open. */
async function openDialog(element: HTMLElement): Promise<HTMLDialogElement> {
  await waitUntil(() => all(element, 'dialog[open]').length > 0, 'the confirm dialog never opened');
  return all<HTMLDialogElement>(element, 'dialog[open]')[0]!;
}

const confirmIn = (dialog: HTMLDialogElement, name: string) => [...dialog.querySelectorAll('button')].find((b) => b.textContent === name)!.click();

const HASH = 'a3f1c0ffee'.repeat(6) + 'abcd';

describe('<associa-assembly-minutes>', () => {
  afterEach(cleanupFeatures);

  it('generates the draft, saves the edited text, and makes it final after confirming: number and hash shown', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    await f.script({ 'GET /assemblies/4': { body: { data: ASSEMBLY } } });
    const element = place('associa-assembly-minutes', { 'assembly-id': '4', 'back-path': '/assembleias/:id' });
    await waitForText(element, 'Gerar rascunho');
    expect((await link(element, 'Voltar à assembleia')).getAttribute('href')).to.equal('/assembleias/4');
    await expectAccessible(element);

    const drafted = { ...ASSEMBLY, _version: 4, minutes_text: DRAFT };
    await f.script({ 'POST /assemblies/4/draft_minutes': { body: { data: drafted } }, 'GET /assemblies/4': { body: { data: drafted } } });
    (await button(element, 'Gerar rascunho')).click();
    await waitForText(element, 'Rascunho gerado a partir da assembleia.');
    const area = await control<HTMLTextAreaElement>(element, 'Texto da ata');
    await waitUntil(() => area.value === DRAFT, 'the draft never reached the text field');
    expect((await f.requests('POST', '/assemblies/4/draft_minutes')).length).to.equal(1);

    const edited = `${DRAFT}\nDeclaração de voto em anexo.`;
    type(area, edited);
    await waitForText(element, 'Guarde primeiro as alterações ao texto.');
    expect((await button(element, 'Tornar a ata final')).disabled).to.equal(true);
    const saved = { ...drafted, _version: 5, minutes_text: edited };
    await f.script({ 'PATCH /assemblies/4': { body: { data: saved } }, 'GET /assemblies/4': { body: { data: saved } } });
    (await button(element, 'Guardar texto')).click();
    await waitForText(element, 'Texto da ata guardado.');
    const [patch] = await f.requests('PATCH', '/assemblies/4');
    expect(patch!.body).to.deep.equal({ minutes_text: edited });

    const final = { ...saved, _version: 6, status: 'closed', minutes_text: edited.replace('Ata n.º __', 'Ata n.º 1/2026'), minutes_number: 1, minutes_year: 2026, minutes_final_at: '2026-03-16T10:00:00.000Z', minutes_sha256: HASH, minutes_published: true };
    await f.script({ 'POST /assemblies/4/finalize_minutes': { body: { data: final } }, 'GET /assemblies/4': { body: { data: final } } });
    await waitUntil(() => !all<HTMLButtonElement>(element, 'button').find((b) => b.textContent === 'Tornar a ata final')!.disabled, 'finalize never enabled');
    (await button(element, 'Tornar a ata final')).click();
    const dialog = await openDialog(element);
    expect(dialog.textContent).to.contain('Depois disto o texto não pode ser alterado.');
    expect(await f.requests('POST', '/assemblies/4/finalize_minutes')).to.have.length(0);
    confirmIn(dialog, 'Tornar a ata final');
    await waitForText(element, 'Ata n.º 1/2026 guardada.');
    expect(all(element, '[data-minutes-number]')[0]!.textContent).to.equal('Ata n.º 1/2026');
    expect(all(element, '[data-minutes-sha256]')[0]!.textContent).to.equal(HASH);
    expect(text(element)).to.contain('Abrir o PDF');
    expect(all<HTMLTextAreaElement>(element, 'textarea')[0]!.readOnly).to.equal(true);
    expect(all(element, 'button').some((b) => b.textContent === 'Guardar texto')).to.equal(false);
    await expectAccessible(element);
  });

  it("shows the server's refusal in words", async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    const drafted = { ...ASSEMBLY, minutes_text: DRAFT };
    await f.script({
      'GET /assemblies/4': { body: { data: drafted } },
      'POST /assemblies/4/finalize_minutes': { status: 409, body: { message: 'A ata já foi aprovada e guardada: não pode mudar.', code: 'conflict' } },
    });
    const element = place('associa-assembly-minutes', { 'assembly-id': '4' });
    await waitForText(element, 'Gerar de novo');
    (await button(element, 'Tornar a ata final')).click();
    confirmIn(await openDialog(element), 'Tornar a ata final');
    await waitForText(element, 'A ata já foi aprovada e guardada');
  });
});

const MEMBER = { _id: 31, created_at: '2024-02-01T10:00:00Z', number: 128, name: 'Rita Lopes', state: null, country: null };

describe("the member home's assemblies", () => {
  afterEach(cleanupFeatures);

  it('shows the convened assemblies with their agenda and notice, and the minutes only where published', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(7, 'Rita Lopes', 'member');
    await f.script({
      'GET /users/7': { body: { data: { _id: 7, created_at: '', member: 31 } } },
      'GET /members/31': { body: { data: MEMBER } },
      'GET /settings': { body: { data: [{ _id: 1, created_at: '', name: 'hasAssemblies', value: 'true' }], meta: { total: 1 } } },
      'GET /own/assemblies': {
        body: {
          data: [
            { _id: 9, title: 'Assembleia extraordinária', kind: 'extraordinaria', date: '2026-06-20', time: '18:30', place: null, online_link: 'https://reuniao.exemplo.pt/ag', status: 'convened', agenda: ['Alteração dos estatutos'], notice_text: 'Convoco os associados…', minutes: false },
            { _id: 4, title: 'Assembleia geral de contas', kind: 'ordinaria', date: '2026-03-15', time: '21:00', place: 'Sede', online_link: null, status: 'closed', agenda: ['Relatório e contas', 'Eleições'], notice_text: null, minutes: true },
          ],
        },
      },
    });
    const element = place('associa-member-home');
    await waitForText(element, 'Assembleia extraordinária');
    await expectAccessible(element);
    const items = all(element, '[data-own-assembly]');
    expect(items.map((item) => item.dataset.ownAssembly)).to.deep.equal(['9', '4']);
    expect(items[0]!.textContent).to.contain('Extraordinária · Convocada');
    expect(items[0]!.textContent).to.contain('20/06/2026');
    expect([...items[0]!.querySelectorAll('[data-agenda] li')].map((li) => li.textContent)).to.deep.equal(['Alteração dos estatutos']);
    expect(items[0]!.querySelector('[data-notice]')!.textContent).to.contain('Convoco os associados');
    expect(items[0]!.querySelector('[data-minutes-pdf]')).to.equal(null);
    expect(items[1]!.textContent).to.contain('Ordinária · Encerrada');
    expect(items[1]!.querySelector('[data-minutes-pdf]')!.getAttribute('aria-label')).to.equal('Ata da assembleia Assembleia geral de contas (PDF)');
  });

  it('shows nothing of assemblies while the module is off', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(7, 'Rita Lopes', 'member');
    await f.script({
      'GET /users/7': { body: { data: { _id: 7, created_at: '', member: 31 } } },
      'GET /members/31': { body: { data: MEMBER } },
      'GET /settings': { body: { data: [{ _id: 1, created_at: '', name: 'hasAssemblies', value: 'false' }], meta: { total: 1 } } },
    });
    const element = place('associa-member-home');
    await waitForText(element, 'Sócio n.º 128');
    // The settings answered and the page drawn after them: a section that would ask has asked by now.
    await waitUntil(async () => (await f.requests('GET', '/settings')).length > 0, 'the settings were never read');
    await new Promise(requestAnimationFrame);
    expect(all(element, '[data-own="assemblies"]')).to.have.length(0);
    expect(await f.requests('GET', '/own/assemblies')).to.have.length(0);
  });
});
