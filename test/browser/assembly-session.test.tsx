// <associa-assembly-session> (issue 33) against the fault server: a card scanned at the door adds
// a row and the quorum panel's numbers change; a check-in made in another browser, announced over
// realtime, reads the panel again; a vote counted by hand, typed and closed shows the result the
// server worded, approved or rejected; "Abrir sessão" while the assembly is only convened.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import { setViewport } from '@web/test-runner-commands';
import '../../src/widgets/assemblies/session/element.js';
import { deepActiveElement } from '../../src/widgets/kit/index.js';
import { all, button, cleanupFeatures, control, featureFixture, link, type, waitForText, type FeatureFixture } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';
import type { Reply } from './support/fault.js';

const ASSEMBLY = { _id: 5, kind: 'ordinaria', title: 'Assembleia geral ordinária de 2026', date: '2026-03-28', time: '21:00', place: 'Sede', online_link: null, status: 'in_session', second_call_minutes: 30, opened_at: '2026-03-28T21:00:00.000Z' };

const counts = (present: number, represented: number, extra: Record<string, unknown> = {}) => {
  const counted = present + represented;
  const required = 40;
  return {
    associates: 80,
    eligible: 78,
    present,
    represented,
    counted,
    call: 'first',
    secondCallAt: '2026-03-28T21:30:00.000Z',
    quorum: { met: counted >= required, required, missing: Math.max(0, required - counted), text: `Não há quórum na primeira convocatória (pelo menos metade dos 78 com direito a voto, 40): ${counted} com direito a voto presentes ou representados.` },
    ...extra,
  };
};

const attendee = (position: number, member: number, via: string, extra: Record<string, unknown> = {}) => ({
  _id: 200 + position,
  assembly: 5,
  member,
  position,
  at: `2026-03-28T21:0${position}:00.000Z`,
  via,
  card_code: via === 'card' ? '0123456789ABC' : null,
  represented_by: null,
  has_vote: true,
  recorded_by: 1,
  ...extra,
});

const ITEM = {
  _id: 31,
  assembly: 5,
  position: 1,
  title: 'Aprovação do relatório e contas de 2025',
  description: null,
  majority: 'ordinary',
  secret: false,
  vote_status: 'pending',
  votes_for: null,
  votes_against: null,
  abstentions: null,
  voters: null,
  result: null,
  result_text: null,
};

const MEMBERS = { body: { data: [{ _id: 1, number: 12, name: 'Ana Silva' }, { _id: 2, number: 15, name: 'Rui Costa' }], meta: { total: 2 } } };
const list = (rows: unknown[]) => ({ body: { data: rows, meta: { total: rows.length } } });

let element: HTMLElement;
const text = () => (element.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ');
const $ = <E extends Element = HTMLElement>(selector: string) => element.shadowRoot!.querySelector<E>(selector);
const count = (name: string) => $(`[data-count="${name}"]`)?.textContent;

async function mount(routes: Record<string, Reply | Reply[]>): Promise<FeatureFixture> {
  const fixture = featureFixture();
  await fixture.f.script({
    'GET /assemblies/5': { body: { data: ASSEMBLY } },
    'GET /assemblies/5/quorum': { body: { data: counts(0, 0) } },
    'GET /assemblies/5/assembly_attendance': list([]),
    'GET /assemblies/5/assembly_items': list([ITEM]),
    'GET /members': MEMBERS,
    'GET /settings': list([]),
    ...routes,
  });
  fixture.logIn(1, 'Rui Editor', 'editor');
  element = fixture.place('associa-assembly-session', { 'assembly-id': '5' });
  await waitUntil(() => count('present') !== undefined && $('[data-scan-form] input') && $('[data-item]'), 'the session never rendered', { timeout: 4000 });
  return fixture;
}

/** What a keyboard-wedge scanner does: types the QR's content into the focused field, then Enter. */
function scan(value: string) {
  const input = deepActiveElement() as HTMLInputElement;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.form!.requestSubmit();
}

afterEach(cleanupFeatures);

describe('<associa-assembly-session>', () => {
  it('checks in a scanned card: a new row on top, the quorum panel counts it, a repeat says since when', async () => {
    const { f } = await mount({});
    expect(deepActiveElement()).to.equal($('[data-scan-form] input'));
    expect($('[data-quorum-met]')!.textContent).to.equal('Sem quórum: faltam 40');
    expect(text()).to.contain('Primeira convocatória');
    expect(text()).to.contain('A segunda convocatória começa às 21:30.');
    const ana = attendee(1, 1, 'card');
    const answer = { ...ana, name: 'Ana Silva', number: 12, represented_by_name: null, counts: counts(1, 0) };
    // What the server holds once the card is read; the same card again answers the row it had.
    await f.script({
      'POST /assemblies/5/check_in': [{ body: { data: { ...answer, repeated: false } } }, { body: { data: { ...answer, repeated: true } } }],
      'GET /assemblies/5/quorum': { body: { data: counts(1, 0) } },
      'GET /assemblies/5/assembly_attendance': list([ana]),
    });
    scan('https://socios.example.org/v/0123456789ABC');
    await waitUntil(() => $('tr[data-attendee="1"]'), 'the row never appeared');
    await waitUntil(() => count('present') === '1', 'the panel never counted the check-in');
    expect(count('counted')).to.equal('1');
    expect($('[data-quorum-met]')!.textContent).to.equal('Sem quórum: faltam 39');
    const row = $('tr[data-attendee="1"]')!;
    await waitUntil(() => row.textContent?.includes('Ana Silva'), 'the row never named the associate');
    expect(row.querySelector('[data-via-text]')!.textContent).to.equal('cartão');
    await waitForText(element, 'Registado: Ana Silva (n.º 12).');
    expect((await f.requests('POST', '/assemblies/5/check_in'))[0]!.body).to.deep.equal({ input: 'https://socios.example.org/v/0123456789ABC' });
    // The field kept the focus for the next card.
    expect(deepActiveElement()).to.equal($('[data-scan-form] input'));
    scan('0123456789ABC');
    await waitForText(element, 'Ana Silva (n.º 12): já registado às 21:01.');
    expect($('[data-outcome] [data-tone="warning"]')).to.not.equal(null);
    expect(all(element, 'tbody tr')).to.have.length(1);
    await expectAccessible(element);
  });

  it('says a refusal in the server\'s words, adding no one', async () => {
    const { f } = await mount({});
    await f.script({ 'POST /assemblies/5/check_in': { status: 422, body: { message: 'Vera Saiu não é associado: o seu estado é «Desistente».' } } });
    scan('ZZZZ-ZZZZ-ZZZZZ');
    await waitForText(element, 'Vera Saiu não é associado: o seu estado é «Desistente».');
    expect($('[data-outcome] [data-tone="error"]')).to.not.equal(null);
    expect(count('present')).to.equal('0');
    expect(all(element, 'tbody tr')).to.have.length(0);
  });

  it('reads the panel again when a check-in made in another browser is announced', async () => {
    const { f, core } = await mount({});
    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
    await f.script({
      'GET /assemblies/5/quorum': { body: { data: counts(39, 1, { call: 'second', quorum: { met: true, required: 1, missing: 0, text: 'Segunda convocatória: com qualquer número.' } }) } },
      'GET /assemblies/5/assembly_attendance': list([attendee(2, 2, 'proxy', { represented_by: 1 }), attendee(1, 1, 'name')]),
    });
    await f.wsSend({ topic: 'assembly_attendance changed', payload: { resource: 'assembly_attendance', action: 'created', id: 202 } });
    await waitUntil(() => count('present') === '39', 'the realtime change never refreshed the panel');
    expect(count('represented')).to.equal('1');
    expect(count('counted')).to.equal('40');
    expect($('[data-quorum-met]')!.textContent).to.equal('Há quórum');
    // Read out as one sentence (aria-live), not as bare numbers.
    expect($('[data-quorum-summary]')!.textContent).to.equal('39 presentes, 1 representado, 40 com direito a voto. Há quórum.');
    expect($('[data-quorum-summary]')!.getAttribute('aria-live')).to.equal('polite');
    expect($('[data-call]')!.dataset.call).to.equal('second');
    expect(text()).to.contain('Segunda convocatória');
    await waitUntil(() => $('tr[data-attendee="2"] [data-via-text]')?.textContent === 'representado por Ana Silva', 'the representation was never named');
    // Newest first.
    expect(all(element, 'tbody tr').map((r) => r.dataset.attendee)).to.deep.equal(['2', '1']);
  });

  it('opens a vote, takes the hand count typed and closes it with the result worded by the server', async () => {
    const { f } = await mount({});
    const opened = { ...ITEM, vote_status: 'open' };
    await f.script({ 'POST /assembly_items/31/open_vote': { body: { data: opened } }, 'GET /assemblies/5/assembly_items': list([opened]) });
    (await button(element, 'Abrir votação')).click();
    await waitUntil(() => $('[data-hand-count]'), 'the vote never opened');
    type(await control(element, 'A favor'), '41');
    type(await control(element, 'Contra'), '30');
    type(await control(element, 'Abstenções'), '7');
    const closed = { ...ITEM, vote_status: 'closed', votes_for: 41, votes_against: 30, abstentions: 7, voters: 78, result: 'approved', result_text: 'Aprovado por maioria absoluta dos presentes: 41 de 78.' };
    await f.script({
      'POST /assembly_items/31/record_votes': { body: { data: { ...opened, votes_for: 41, votes_against: 30, abstentions: 7 } } },
      'POST /assembly_items/31/close_vote': { body: { data: closed } },
      'GET /assemblies/5/assembly_items': list([closed]),
    });
    (await button(element, 'Encerrar votação')).click();
    await waitUntil(() => $('[data-result]'), 'the result never showed');
    expect($('[data-result]')!.textContent).to.equal('Aprovado por maioria absoluta dos presentes: 41 de 78.');
    expect($('[data-result]')!.dataset.result).to.equal('approved');
    expect($('[data-tally]')!.textContent).to.equal('A favor: 41 · Contra: 30 · Abstenções: 7');
    expect((await f.requests('POST', '/assembly_items/31/record_votes'))[0]!.body).to.deep.equal({ votes_for: 41, votes_against: 30, abstentions: 7 });
    expect(await f.requests('POST', '/assembly_items/31/close_vote')).to.have.length(1);
    await expectAccessible(element);
  });

  it('refuses a count that is not a whole number, sending nothing', async () => {
    const opened = { ...ITEM, vote_status: 'open' };
    const { f } = await mount({ 'GET /assemblies/5/assembly_items': list([opened]) });
    type(await control(element, 'A favor'), 'quarenta');
    type(await control(element, 'Contra'), '3');
    (await button(element, 'Encerrar votação')).click();
    await waitForText(element, 'Indique um número inteiro, zero ou mais.');
    expect(await f.requests('POST', '/assembly_items/31/record_votes')).to.have.length(0);
    expect(await f.requests('POST', '/assembly_items/31/close_vote')).to.have.length(0);
  });

  it('offers "Abrir sessão" while the assembly is convened, and then the door', async () => {
    const fixture = featureFixture();
    const { f } = fixture;
    await f.script({
      'GET /assemblies/5': [{ body: { data: { ...ASSEMBLY, status: 'convened' } } }],
      'GET /assemblies/5/quorum': { body: { data: counts(0, 0) } },
      'GET /assemblies/5/assembly_attendance': list([]),
      'GET /assemblies/5/assembly_items': list([ITEM]),
      'GET /settings': list([]),
    });
    fixture.logIn(1, 'Rui Editor', 'editor');
    element = fixture.place('associa-assembly-session', { 'assembly-id': '5', 'assembly-path': '/assembleias/:id', 'minutes-path': '/assembleias/:id/ata' });
    await waitForText(element, 'A assembleia está convocada.');
    expect($('[data-scan-form]')).to.equal(null);
    expect(all(element, 'a').map((a) => a.textContent)).to.deep.equal(['Voltar à assembleia']);
    await f.script({ 'POST /assemblies/5/open_session': { body: { data: ASSEMBLY } }, 'GET /assemblies/5': { body: { data: ASSEMBLY } } });
    (await button(element, 'Abrir sessão')).click();
    await waitUntil(() => $('[data-scan-form] input'), 'the door never opened');
    expect(await f.requests('POST', '/assemblies/5/open_session')).to.have.length(1);
    (await link(element, 'Ata da assembleia')).click();
    expect(fixture.navigations).to.deep.equal(['/assembleias/5/ata']);
  });
  it('takes cards read into for, against and abstain in turn, a representative\'s card counting twice', async () => {
    const opened = { ...ITEM, vote_status: 'open' };
    const { f } = await mount({ 'GET /assemblies/5/assembly_items': list([opened]) });
    (await button(element, 'Leitura de cartões')).click();
    const field = await control(element, 'Cartão do votante');
    await f.script({
      'POST /assembly_items/31/cast': [
        { body: { data: { ballots: [{ member: 1, cast_by: 1, choice: 'for' }, { member: 2, cast_by: 1, choice: 'for' }], totals: { votes_for: 2, votes_against: 0, abstentions: 0, voters: 2 } } } },
        { body: { data: { ballots: [{ member: 3, cast_by: 3, choice: 'against' }], totals: { votes_for: 2, votes_against: 1, abstentions: 0, voters: 3 } } } },
        { status: 409, body: { message: 'Ana Silva já votou neste ponto (A favor): cada associado vota uma vez.' } },
      ],
    });
    field.focus();
    scan('0123456789ABC');
    await waitForText(element, '2 votos registados (com os representados): a favor.');
    expect($('[data-tally]')!.textContent).to.equal('A favor: 2 · Contra: 0 · Abstenções: 0');
    (await button(element, 'Contra')).click();
    field.focus();
    scan('DEFGHJKMNPQRS');
    await waitForText(element, 'Voto registado: contra.');
    expect($('[data-tally]')!.textContent).to.equal('A favor: 2 · Contra: 1 · Abstenções: 0');
    field.focus();
    scan('0123456789ABC');
    await waitForText(element, 'Ana Silva já votou neste ponto (A favor): cada associado vota uma vez.');
    expect((await f.requests('POST', '/assembly_items/31/cast')).map((r) => r.body)).to.deep.equal([
      { input: '0123456789ABC', choice: 'for' },
      { input: 'DEFGHJKMNPQRS', choice: 'against' },
      { input: '0123456789ABC', choice: 'against' },
    ]);
    await expectAccessible(element);
  });

  it('keeps a secret vote to its totals: no card reading offered', async () => {
    await mount({ 'GET /assemblies/5/assembly_items': list([{ ...ITEM, majority: 'election', secret: true, vote_status: 'open' }]) });
    await waitUntil(() => $('[data-hand-count]'), 'the hand count never showed');
    expect(text()).to.contain('Voto secreto: só se registam os totais.');
    expect(all(element, 'button').some((b) => b.textContent === 'Leitura de cartões')).to.equal(false);
  });

  it('records a representation when the settings allow it, naming the one present who represents', async () => {
    const ana = attendee(1, 1, 'card');
    const { f } = await mount({
      'GET /settings': { body: { data: [{ _id: 1, name: 'assemblyProxies', value: 'true' }, { _id: 2, name: 'assemblyProxyMax', value: '2' }], meta: { total: 2 } } },
      'GET /assemblies/5/assembly_attendance': list([ana]),
      'GET /assemblies/5/quorum': { body: { data: counts(1, 0) } },
    });
    const representedBy = await control<HTMLSelectElement>(element, 'Representado por');
    await waitUntil(() => [...representedBy.options].some((o) => o.textContent === 'Ana Silva'), 'Ana was never offered as a representative');
    expect(text()).to.contain('Cada associado presente pode representar até 2 outros.');
    representedBy.value = '1';
    representedBy.dispatchEvent(new Event('change', { bubbles: true }));
    const rui = attendee(2, 2, 'proxy', { represented_by: 1 });
    await f.script({
      'GET /members': [{ body: { data: [{ _id: 2, number: 15, name: 'Rui Costa' }], meta: { total: 1 } }, match: { _search: 'Rui' } }, MEMBERS],
      'POST /assemblies/5/check_in': { body: { data: { ...rui, name: 'Rui Costa', number: 15, represented_by_name: 'Ana Silva', repeated: false, counts: counts(1, 1) } } },
      'GET /assemblies/5/assembly_attendance': list([rui, ana]),
    });
    type(await control(element, 'Escolha o sócio'), 'Rui');
    (await button(element, 'N.º 15 — Rui Costa')).click();
    await waitForText(element, 'Registado: Rui Costa (n.º 15).');
    expect((await f.requests('POST', '/assemblies/5/check_in'))[0]!.body).to.deep.equal({ member: 2, represented_by: 1 });
    await waitUntil(() => count('represented') === '1', 'the panel never counted the representation');
    await waitUntil(() => $('tr[data-attendee="2"] [data-via-text]')?.textContent === 'representado por Ana Silva', 'the representation was never shown');
  });

  it('removes an attendee on request, with the counts the server answers', async () => {
    const ana = attendee(1, 1, 'name');
    const { f } = await mount({ 'GET /assemblies/5/assembly_attendance': list([ana]), 'GET /assemblies/5/quorum': { body: { data: counts(1, 0) } } });
    await f.script({
      'POST /assemblies/5/check_out': { body: { data: { counts: counts(0, 0) } } },
      'GET /assemblies/5/assembly_attendance': list([]),
    });
    const remove = await waitUntil(() => all<HTMLButtonElement>(element, 'button').find((b) => b.getAttribute('aria-label') === 'Retirar Ana Silva das presenças'), 'no remove button named for Ana', { timeout: 4000 }).then(() =>
      all<HTMLButtonElement>(element, 'button').find((b) => b.getAttribute('aria-label') === 'Retirar Ana Silva das presenças')!,
    );
    remove.click();
    await waitForText(element, 'Ana Silva foi retirado das presenças.');
    await waitUntil(() => count('present') === '0', 'the panel never took the counts');
    expect((await f.requests('POST', '/assemblies/5/check_out'))[0]!.body).to.deep.equal({ member: 1 });
  });

  it('fits a phone (375 px): nothing scrolled sideways, the attendance as cards', async () => {
    await setViewport({ width: 375, height: 812 });
    try {
      await mount({ 'GET /assemblies/5/assembly_attendance': list([attendee(1, 1, 'card')]), 'GET /assemblies/5/quorum': { body: { data: counts(1, 0) } } });
      await waitUntil(() => $('tr[data-attendee="1"]'), 'the row never appeared');
      expect(getComputedStyle($('tr[data-attendee="1"]')!).display, 'a row is a card').to.equal('block');
      expect(document.documentElement.scrollWidth).to.be.at.most(375);
      for (const part of all(element, 'section, header')) expect(part.getBoundingClientRect().right, part.localName).to.be.at.most(375);
      await expectAccessible(element);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });
});
