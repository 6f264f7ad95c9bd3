// <associa-assembly-manager> (issue 33) against the fault server: under an assembly's form, its
// status in words, the agenda written while the assembly is in preparation (added, changed, put
// in order, deleted, each write sent as the resource's own and the focus moved to what it drew),
// the convocation's preview (last valid day in words, e-mails and letters, the notice) and its
// sending behind a confirmation, the server's refusal shown in its words; once convened, the
// agenda frozen with each vote's result, the letters and the ways to the proof, session and minutes.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/assemblies/manager/element.js';
import { deepActiveElement } from '../../src/widgets/kit/index.js';
import { all, button, cleanupFeatures, control, featureFixture, find, type, waitForText, type FeatureFixture } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';
import type { Reply } from './support/fault.js';

const PATHS = { 'session-path': '/assembleias/:id/sessao', 'minutes-path': '/assembleias/:id/ata', 'proof-path': '/assembleias/:id/prova' };

const DRAFT = { _id: 3, _version: 2, kind: 'ordinaria', title: 'Assembleia geral ordinária de 2026', date: '2026-03-28', time: '15:00', place: 'Sede', status: 'draft', convened_at: null, last_notice_day: null };
const CONVENED = { ...DRAFT, _version: 3, status: 'convened', convened_at: '2026-03-10T09:30:00.000Z', last_notice_day: '2026-03-20' };

const item = (id: number, position: number, title: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  _version: 1,
  assembly: 3,
  position,
  title,
  description: null,
  majority: 'ordinary',
  custom_num: null,
  custom_den: null,
  custom_base: null,
  secret: false,
  vote_status: 'pending',
  votes_for: null,
  votes_against: null,
  abstentions: null,
  voters: null,
  result: null,
  result_text: null,
  deliberation: null,
  ...extra,
});
const ACCOUNTS = item(11, 1, 'Relatório e contas de 2025', { description: 'Apreciação e votação do relatório e contas.' });
const STATUTES = item(12, 2, 'Alteração do artigo 5.º dos estatutos', { majority: 'statutes' });
const agenda = (...items: unknown[]): Reply => ({ body: { data: items, meta: { total: items.length } } });

const PREVIEW = {
  status: 'draft',
  today: '2026-03-01',
  last_notice_day: '2026-03-20',
  notice_days: 8,
  late: false,
  associates: 80,
  voters: 78,
  emails: 70,
  letters: 8,
  agenda_items: 2,
  missing_address: [],
  notice_text: 'Convoco os associados da Associação Exemplo para a assembleia geral ordinária.\n\nOrdem de trabalhos:\n1. Relatório e contas de 2025',
};

let element: HTMLElement;
const $ = <E extends Element = HTMLElement>(selector: string) => element.shadowRoot!.querySelector<E>(selector);
const text = () => (element.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ');
const titles = () => all(element, '[data-item] h3').map((h) => h.textContent);

async function mount(rules: Record<string, Reply | Reply[]>): Promise<FeatureFixture> {
  const fixture = featureFixture();
  await fixture.f.script({
    'GET /assemblies/3': { body: { data: DRAFT } },
    'GET /assembly_items': agenda(ACCOUNTS, STATUTES),
    'GET /assemblies/3/convocation': { body: { data: PREVIEW } },
    ...rules,
  });
  fixture.logIn(1, 'Rui Editor', 'editor');
  element = fixture.place('associa-assembly-manager', { 'assembly-id': '3', ...PATHS });
  await find(element, '[data-assembly-manager]', 'the manager');
  return fixture;
}

/** The confirmation dialog's own button named `name`. */
async function confirm(name: string): Promise<void> {
  await waitUntil(() => $('dialog[open]'), 'no confirmation asked');
  all<HTMLButtonElement>(element, 'dialog[open] button').find((b) => b.textContent?.trim() === name)!.click();
}

afterEach(cleanupFeatures);

describe('<associa-assembly-manager>', () => {
  it('shows an assembly in preparation: its status in words, the agenda in order with each majority, and what sending the convocation would do', async () => {
    const { f } = await mount({});
    await find(element, '[data-item="12"]', 'the agenda');
    expect($('[data-assembly-status]')!.textContent).to.equal('Estado: Em preparação');
    expect(titles()).to.deep.equal(['Ponto 1. Relatório e contas de 2025', 'Ponto 2. Alteração do artigo 5.º dos estatutos']);
    expect($('[data-item="11"] [data-majority]')!.textContent).to.equal('Maioria: Maioria absoluta dos presentes');
    expect($('[data-item="12"] [data-majority]')!.textContent).to.equal('Maioria: Alteração dos estatutos');
    expect(text()).to.contain('Apreciação e votação do relatório e contas.');
    await find(element, '[data-last-day]', 'the preview');
    expect($('[data-last-day]')!.textContent).to.equal('Último dia para enviar a convocatória: sexta-feira, 20 de março de 2026 (8 dias antes da assembleia).');
    expect($('[data-recipients]')!.textContent).to.equal('Recebem a convocatória 78 associados com direito de voto: 70 por e-mail e 8 por carta.');
    expect($('[data-notice-text]')!.textContent).to.contain('Ordem de trabalhos:');
    expect($('[data-late]')).to.equal(null);
    // Not convened: no session, minutes or proof yet.
    expect($('[data-session-link]')).to.equal(null);
    expect($('[data-proof-link]')).to.equal(null);
    const asked = await f.requests('GET', '/assembly_items');
    expect(asked[0]!.query).to.include({ _assembly: '3', _sort: 'position', _limit: '-1' });
    await expectAccessible(element);
  });

  it('adds an item at the end: an election is secret unless told otherwise, and the focus goes to the new item once drawn', async () => {
    const ELECTION = item(13, 3, 'Eleição dos órgãos sociais', { majority: 'election', secret: true });
    const { f } = await mount({
      'GET /assembly_items': [agenda(ACCOUNTS, STATUTES), agenda(ACCOUNTS, STATUTES, ELECTION)],
      'POST /assembly_items': { status: 201, body: { data: ELECTION } },
    });
    (await button(element, 'Acrescentar ponto')).click();
    const title = await control(element, 'Título');
    expect(deepActiveElement()).to.equal(title);
    // Nothing sent without a title.
    (await button(element, 'Acrescentar')).click();
    await waitForText(element, 'Indique o título do ponto.');
    expect(await f.requests('POST', '/assembly_items')).to.have.length(0);
    type(title, 'Eleição dos órgãos sociais');
    const majority = await control<HTMLSelectElement>(element, 'Maioria exigida');
    majority.value = 'election';
    majority.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => $<HTMLInputElement>('[data-item-form] input[type="checkbox"]')!.checked, 'an election was not made secret');
    (await button(element, 'Acrescentar')).click();
    await waitUntil(() => $('[data-item="13"] h3') && deepActiveElement() === $('[data-item="13"] h3'), 'the focus never reached the new item');
    const [sent] = await f.requests('POST', '/assembly_items');
    expect(sent!.body).to.deep.equal({ assembly: 3, position: 3, title: 'Eleição dos órgãos sociais', description: null, majority: 'election', custom_num: null, custom_den: null, custom_base: null, secret: true });
    expect($('[data-item="13"] [data-majority]')!.textContent).to.equal('Maioria: Eleição · Votação secreta');
    expect(text()).to.contain('O ponto «Eleição dos órgãos sociais» foi acrescentado.');
  });

  it('changes an item to a custom majority, checking the fraction first, and shows the server\'s word on a field', async () => {
    const CUSTOM = { ...ACCOUNTS, _version: 2, majority: 'custom', custom_num: 2, custom_den: 3, custom_base: 'present' };
    const { f } = await mount({
      'GET /assembly_items': [agenda(ACCOUNTS, STATUTES), agenda(CUSTOM, STATUTES)],
      'PATCH /assembly_items/11': [{ status: 422, body: { code: 'invalid_record', message: 'Dados inválidos.', errors: { title: 'Já existe um ponto com este título.' } } }, { body: { data: CUSTOM } }],
    });
    (await find<HTMLButtonElement>(element, '[data-item="11"] [data-edit]')).click();
    const majority = await control<HTMLSelectElement>(element, 'Maioria exigida');
    majority.value = 'custom';
    majority.dispatchEvent(new Event('change', { bubbles: true }));
    (await button(element, 'Guardar ponto')).click();
    await waitForText(element, 'Indique a fração');
    expect(await f.requests('PATCH', '/assembly_items/11')).to.have.length(0);
    type(await control(element, 'Numerador'), '2');
    type(await control(element, 'Denominador'), '3');
    (await button(element, 'Guardar ponto')).click();
    await waitForText(element, 'Já existe um ponto com este título.');
    expect((await control(element, 'Título')).getAttribute('aria-invalid')).to.equal('true');
    (await button(element, 'Guardar ponto')).click();
    await waitUntil(() => $('[data-item="11"] h3') && deepActiveElement() === $('[data-item="11"] h3'), 'the focus never came back to the item');
    const sent = await f.requests('PATCH', '/assembly_items/11');
    expect(sent[1]!.body).to.deep.equal({ title: 'Relatório e contas de 2025', description: 'Apreciação e votação do relatório e contas.', majority: 'custom', custom_num: 2, custom_den: 3, custom_base: 'present', secret: false });
    expect($('[data-item="11"] [data-majority]')!.textContent).to.equal('Maioria: pelo menos 2/3 dos presentes');
  });

  it('puts items in order by trading positions (the first waits on a free one: a position is unique), the focus staying with the item moved', async () => {
    const { f } = await mount({
      'GET /assembly_items': [agenda(ACCOUNTS, STATUTES), agenda({ ...STATUTES, position: 1 }, { ...ACCOUNTS, position: 2 })],
      'PATCH /assembly_items/11': [{ body: { data: { ...ACCOUNTS, position: 3 } } }, { body: { data: { ...ACCOUNTS, position: 2 } } }],
      'PATCH /assembly_items/12': { body: { data: { ...STATUTES, position: 1 } } },
    });
    const down = await find<HTMLButtonElement>(element, '[data-item="11"] [data-move="down"]');
    expect(down.getAttribute('aria-label')).to.equal('Descer o ponto «Relatório e contas de 2025»');
    expect($('[data-item="11"] [data-move="up"]')).to.equal(null);
    down.click();
    await waitUntil(() => titles()[1] === 'Ponto 2. Relatório e contas de 2025', 'the list never showed the new order');
    // Last now: it has no "Descer", so its heading holds the focus.
    await waitUntil(() => deepActiveElement() === $('[data-item="11"] h3'), 'the focus did not follow the item');
    const patches = (await f.log()).filter((r) => r.method === 'PATCH').map((r) => [r.path, r.body]);
    expect(patches).to.deep.equal([
      ['/assembly_items/11', { position: 3 }],
      ['/assembly_items/12', { position: 1 }],
      ['/assembly_items/11', { position: 2 }],
    ]);
    expect(text()).to.contain('O ponto «Relatório e contas de 2025» é agora o ponto 2.');
  });

  it('puts the first item back when the second refuses its place, and says why', async () => {
    const { f } = await mount({
      'PATCH /assembly_items/11': { body: { data: ACCOUNTS } },
      'PATCH /assembly_items/12': { status: 409, body: { code: 'conflict', message: 'A ordem de trabalhos já foi convocada: não pode ser alterada.' } },
    });
    (await find<HTMLButtonElement>(element, '[data-item="11"] [data-move="down"]')).click();
    await waitUntil(() => $('[data-agenda-outcome="error"]'), 'the refusal was never shown');
    expect($('[data-agenda-outcome="error"]')!.textContent).to.equal('A ordem de trabalhos já foi convocada: não pode ser alterada.');
    await waitUntil(() => deepActiveElement() === $('[data-agenda-outcome]'), 'the focus did not go to the refusal');
    const patches = (await f.log()).filter((r) => r.method === 'PATCH').map((r) => [r.path, r.body]);
    expect(patches).to.deep.equal([
      ['/assembly_items/11', { position: 3 }],
      ['/assembly_items/12', { position: 1 }],
      ['/assembly_items/11', { position: 1 }],
    ]);
  });

  it('deletes an item after asking, and gives the focus to the next one', async () => {
    const { f } = await mount({
      'GET /assembly_items': [agenda(ACCOUNTS, STATUTES), agenda(STATUTES)],
      'DELETE /assembly_items/11': { status: 204 },
    });
    (await find<HTMLButtonElement>(element, '[data-item="11"] [data-remove]')).click();
    await waitUntil(() => $('dialog[open]'), 'no confirmation asked');
    expect($('dialog[open]')!.textContent).to.contain('Apagar o ponto «Relatório e contas de 2025» da ordem de trabalhos?');
    await confirm('Apagar');
    await waitUntil(() => !$('[data-item="11"]'), 'the item stayed');
    await waitUntil(() => deepActiveElement() === $('[data-item="12"] h3'), 'the focus did not go to the next item');
    expect(await f.requests('DELETE', '/assembly_items/11')).to.have.length(1);
    expect(titles()).to.deep.equal(['Ponto 1. Alteração do artigo 5.º dos estatutos']);
  });

  it("says when the last valid day has passed, and shows the server's refusal of the sending in its words", async () => {
    const refusal = 'A convocatória tinha de ser enviada até 20/03/2026 (8 dias antes da assembleia).';
    const { f } = await mount({
      'GET /assemblies/3/convocation': { body: { data: { ...PREVIEW, late: true } } },
      'POST /assemblies/3/convene': { status: 422, body: { code: 'invalid_record', message: refusal } },
    });
    await find(element, '[data-late]', 'the warning');
    expect($('[data-late]')!.textContent).to.contain('O último dia para enviar a convocatória foi sexta-feira, 20 de março de 2026');
    (await button(element, 'Enviar convocatória')).click();
    await waitUntil(() => $('dialog[open]'), 'no confirmation asked');
    expect($('dialog[open]')!.textContent).to.contain('Vai enviar a convocatória a 78 associados (70 e-mails e 8 cartas para imprimir).');
    await confirm('Enviar convocatória');
    await waitUntil(() => $('[data-convocation-outcome="error"]'), 'the refusal was never shown');
    expect($('[data-convocation-outcome="error"] [role="alert"]')!.textContent).to.equal(refusal);
    await waitUntil(() => deepActiveElement() === $('[data-convocation-outcome]'), 'the focus did not go to the refusal');
    expect(await f.requests('POST', '/assemblies/3/convene')).to.have.length(1);
    expect($('[data-assembly-status]')!.textContent).to.equal('Estado: Em preparação');
  });

  it('names the associates whose letter lacks an address before the sending', async () => {
    await mount({
      'GET /assemblies/3/convocation': { body: { data: { ...PREVIEW, missing_address: [{ member: 9, number: 17, name: 'Luís Sousa', missing: ['código postal', 'localidade'] }] } } },
    });
    await find(element, '[data-missing-addresses]', 'the missing addresses');
    expect($('[data-missing-addresses]')!.textContent).to.equal('Luís Sousa (n.º 17): falta código postal e localidade');
  });

  it('sends the convocation: then the assembly reads Convocada, the agenda is frozen, and the letters, proof, session and minutes are a click away', async () => {
    const { f, navigations } = await mount({
      'GET /assemblies/3': [{ body: { data: DRAFT } }, { body: { data: CONVENED } }],
      'GET /assemblies/3/convocation': [{ body: { data: PREVIEW } }, { body: { data: { ...PREVIEW, status: 'convened' } } }],
      'POST /assemblies/3/convene': { body: { data: CONVENED } },
    });
    (await button(element, 'Enviar convocatória')).click();
    await confirm('Enviar convocatória');
    await waitUntil(() => $('[data-assembly-manager="convened"]'), 'the assembly never read as convened');
    expect($('[data-assembly-status]')!.textContent).to.equal('Estado: Convocada');
    await waitUntil(() => deepActiveElement() === $('[data-convocation-outcome="success"]'), 'the focus did not go to the outcome');
    expect(text()).to.contain('A convocatória foi enviada.');
    expect($('[data-convened-at]')!.textContent).to.equal('Convocatória enviada em 10/03/2026, 09:30.');
    await find(element, '[data-sent-counts]', 'the counts sent');
    expect($('[data-sent-counts]')!.textContent).to.equal('Enviada a 78 associados: 70 por e-mail e 8 por carta.');
    expect($('[data-agenda="frozen"]')).to.not.equal(null);
    expect(all(element, '[data-edit], [data-remove], [data-move], [data-add-item]')).to.have.length(0);
    expect($('[data-letters]')!.textContent).to.equal('Cartas para imprimir (PDF)');
    expect($<HTMLAnchorElement>('[data-proof-link]')!.getAttribute('href')).to.equal('/assembleias/3/prova');
    expect($<HTMLAnchorElement>('[data-session-link]')!.getAttribute('href')).to.equal('/assembleias/3/sessao');
    expect($<HTMLAnchorElement>('[data-minutes-link]')!.getAttribute('href')).to.equal('/assembleias/3/ata');
    $<HTMLAnchorElement>('[data-proof-link]')!.click();
    expect(navigations).to.deep.equal(['/assembleias/3/prova']);
    expect(await f.requests('POST', '/assemblies/3/convene')).to.have.length(1);
    await expectAccessible(element);
  });

  it('shows a convened agenda with each vote as counted and its result in words', async () => {
    const voted = item(11, 1, 'Relatório e contas de 2025', { vote_status: 'closed', votes_for: 41, votes_against: 20, abstentions: 17, result: 'approved', result_text: 'Aprovado por maioria absoluta dos presentes: 41 de 78.', deliberation: 'Aprovadas as contas.' });
    const failed = item(12, 2, 'Alteração do artigo 5.º dos estatutos', { majority: 'statutes', vote_status: 'closed', votes_for: 50, votes_against: 20, abstentions: 8, result: 'rejected', result_text: 'Rejeitado: a alteração dos estatutos exige 3/4 dos presentes (59 de 78); votaram a favor 50.' });
    const open = item(13, 3, 'Eleição dos órgãos sociais', { majority: 'election', secret: true, vote_status: 'open' });
    await mount({ 'GET /assemblies/3': { body: { data: { ...CONVENED, status: 'in_session' } } }, 'GET /assembly_items': agenda(voted, failed, open) });
    await find(element, '[data-item="13"]', 'the agenda');
    expect($('[data-assembly-status]')!.textContent).to.equal('Estado: Em curso');
    expect($('[data-item="11"] [data-votes]')!.textContent).to.equal('A favor: 41 · Contra: 20 · Abstenções: 17');
    expect($('[data-item="11"] [data-item-result="approved"]')!.textContent).to.contain('Aprovado por maioria absoluta dos presentes: 41 de 78.');
    expect($('[data-item="11"]')!.textContent).to.contain('Deliberação: Aprovadas as contas.');
    expect($('[data-item="12"] [data-item-result="rejected"]')!.textContent).to.contain('exige 3/4 dos presentes');
    expect($('[data-item="13"] [data-item-result="open"]')!.textContent).to.equal('Em votação');
    expect(text()).to.contain('A ordem de trabalhos é a que foi convocada');
    await expectAccessible(element);
  });

  it('fits a phone: nothing wider than 375 px', async () => {
    await mount({});
    await find(element, '[data-notice-text]', 'the preview');
    element.parentElement!.style.width = '375px';
    await waitUntil(() => element.getBoundingClientRect().width <= 375, 'never narrowed');
    const wide = all(element, '*').filter((node) => node.getBoundingClientRect().right > element.getBoundingClientRect().left + 376);
    expect(wide.map((node) => node.outerHTML.slice(0, 80))).to.deep.equal([]);
  });
});
