import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay, lisbonYear } from '../../src/core/days.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';

// An assembly's session on the real server: attendance (cards, names, representation; each
// associate counted once), the counts and quorum as they change, and the votes with each item's
// majority. The convocation is another part's: the tests mark their assemblies convened directly.

let server: ResourceTestServer;
let admin: string;
let staff: string;
let active: number;
let left: number;
let category: number;
let year: number;
let cutoff: string;
const today = () => lisbonDay(server.ctx.now());

const post = (url: string, body: unknown = {}, token = staff) => server.json('POST', url, token, body);
/** What a refusal says: its message, or (a 422) its field's message. */
const why = (answer: { body: { message?: string; errors?: Record<string, string> } }) => answer.body.message ?? Object.values(answer.body.errors ?? {})[0];
const setting = async (name: string, value: string) => expect((await server.putSetting(admin, name, value)).status).toBe(200);

/** An associate admitted before the cut-off, exempt from dues (in full rights) unless told. */
async function associate(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const created = await post('/api/members', { name, state: active, admission_date: '2020-01-01', fee_category: category, dues_exempt: true, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return Number(created.body.data._id);
}

/** The card of an associate who pays dues (a card lasts as long as the dues paid): this year's quota paid on the cut-off date. */
async function cardHolder(name: string): Promise<{ member: number; code: string }> {
  // Admitted on the cut-off date, a newcomer: their first quota is raised at once.
  const member = await associate(name, { dues_exempt: false, admission_date: cutoff });
  expect((await post('/api/payments/record', { member, date: cutoff, amount: 2400, method: 'numerario' })).status).toBe(200);
  return { member, code: await cardOf(member) };
}

async function cardOf(member: number): Promise<string> {
  const issued = await post('/api/membership_cards/issue', { member });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return String(issued.body.data.code);
}

/** Lisbon's wall clock now, HH:MM. */
const lisbonTime = () => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Lisbon', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(server.ctx.now()));

interface ItemSpec {
  title: string;
  majority: string;
  secret?: boolean;
}

/** An assembly now, with its agenda, convened (as the convocation part leaves it) and its session open. */
async function session(items: readonly ItemSpec[] = [], open = true): Promise<{ id: number; items: number[] }> {
  const created = await post('/api/assemblies', { kind: 'ordinaria', title: 'Assembleia geral', date: today(), time: lisbonTime(), place: 'Sede', second_call_minutes: 30 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = Number(created.body.data._id);
  const ids: number[] = [];
  for (const [index, item] of items.entries()) {
    const answer = await post('/api/assembly_items', { assembly: id, position: index + 1, title: item.title, majority: item.majority, secret: item.secret ?? false });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    ids.push(Number(answer.body.data._id));
  }
  await server.database.db.updateTable('assemblies').set({ status: 'convened', cutoff_date: cutoff }).where('_id', '=', id).execute();
  if (open) expect((await post(`/api/assemblies/${id}/open_session`)).status).toBe(200);
  return { id, items: ids };
}

const checkIn = (assembly: number, body: Record<string, unknown>, token = staff) => post(`/api/assemblies/${assembly}/check_in`, body, token);

/** A server of its own for each group of tests: the counts depend on who the associates are. */
function ownServer(): void {
  beforeAll(async () => {
    server = await startResourceServer();
    admin = (await server.as('admin')).token;
    staff = (await server.as('editor')).token;
    active = await server.stateId('Ativo');
    left = await server.stateId('Desistente');
    year = lisbonYear(server.ctx.now());
    cutoff = `${year}-01-01`;
    category = Number((await post('/api/fee_categories', { name: 'Efetivo' })).body.data._id);
    expect((await post('/api/fee_schedules', { year, category, amount: 2400, periodicity: 'annual', due_day: 1 })).status).toBe(201);
    await setting('hasAssemblies', 'true');
  });
  afterAll(async () => {
    await server?.close();
  });
}

describe('attendance', () => {
  ownServer();

  it('counts each associate once: a second card, by name after a scan, and a representation that becomes presence', async () => {
    await setting('assemblyProxies', 'true');
    const { member: ana, code: anaCard } = await cardHolder('Ana Presente');
    const anaNewCard = await cardOf(ana);
    const bruno = await associate('Bruno Presente');
    const carla = await associate('Carla Representada');
    const { id } = await session();

    const first = await checkIn(id, { input: `http://associa.test/v/${anaCard}` });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ member: ana, name: 'Ana Presente', via: 'card', position: 1, has_vote: true, repeated: false });
    // Her reissued card, then her name: the same row, nothing added.
    expect((await checkIn(id, { input: anaNewCard })).body.data).toMatchObject({ _id: first.body.data._id, repeated: true });
    expect((await checkIn(id, { member: ana })).body.data).toMatchObject({ _id: first.body.data._id, via: 'card', repeated: true });

    const byName = await checkIn(id, { member: bruno });
    expect(byName.body.data).toMatchObject({ via: 'name', position: 2, repeated: false });
    const proxy = await checkIn(id, { member: carla, represented_by: bruno });
    expect(proxy.status, JSON.stringify(proxy.body)).toBe(200);
    expect(proxy.body.data).toMatchObject({ via: 'proxy', represented_by: bruno, represented_by_name: 'Bruno Presente', repeated: false });
    expect(proxy.body.data.counts).toMatchObject({ present: 2, represented: 1, counted: 3 });
    // She came after all: her own presence ends the representation, still one row.
    const herself = await checkIn(id, { member: carla });
    expect(herself.body.data).toMatchObject({ _id: proxy.body.data._id, via: 'name', represented_by: null, repeated: false });
    expect(herself.body.data.counts).toMatchObject({ present: 3, represented: 0, counted: 3 });
    const rows = await server.database.db.selectFrom('assembly_attendance').select('member').where('assembly', '=', id).execute();
    expect(rows.map((r) => Number(r.member)).sort()).toEqual([ana, bruno, carla].sort());
  });

  it('refuses representation when the statutes do not allow it, beyond the maximum, and of someone absent or without a vote', async () => {
    const [rita, rui, sara, tiago] = [await associate('Rita Rep'), await associate('Rui Rep'), await associate('Sara Rep'), await associate('Tiago Rep')];
    const owing = await associate('Ulisses Devedor', { dues_exempt: false });
    const debt = await post('/api/unsettled_payments/raise', { member: owing, kind: 'other', year: 2025, amount: 1500, due_date: '2025-06-30', description: 'Quota 2025' });
    expect(debt.status, JSON.stringify(debt.body)).toBe(200);
    const { id } = await session();
    expect((await checkIn(id, { member: rita })).status).toBe(200);

    await setting('assemblyProxies', 'false');
    const off = await checkIn(id, { member: rui, represented_by: rita });
    expect(off.status).toBe(422);
    expect(why(off)).toMatch(/não admitem representação/);

    await setting('assemblyProxies', 'true');
    await setting('assemblyProxyMax', '1');
    expect((await checkIn(id, { member: rui, represented_by: rita })).status).toBe(200);
    const beyond = await checkIn(id, { member: sara, represented_by: rita });
    expect(beyond.status).toBe(422);
    expect(why(beyond)).toBe('Rita Rep já representa 1 associado: cada associado pode representar no máximo 1 associado.');
    const absent = await checkIn(id, { member: sara, represented_by: tiago });
    expect(absent.status).toBe(422);
    expect(why(absent)).toMatch(/^Tiago Rep não está presente/);
    const noVote = await checkIn(id, { member: owing, represented_by: rita });
    expect(noVote.status).toBe(422);
    expect(why(noVote)).toMatch(/^Ulisses Devedor não tem direito de voto/);
    // In person, without a vote: counted as present, not in the quorum.
    expect((await checkIn(id, { member: owing })).body.data).toMatchObject({ has_vote: false, counts: { present: 2, represented: 1, counted: 2 } });
    const rows = await server.database.db.selectFrom('assembly_attendance').select('member').where('assembly', '=', id).execute();
    expect(rows).toHaveLength(3);
  });

  it('refuses who is not an associate, naming why, and any check-in outside the session', async () => {
    const { member: gone, code: goneCard } = await cardHolder('Vera Saiu');
    const late = await associate('Xavier Recente', { admission_date: today() });
    expect((await server.json('PATCH', `/api/members/${gone}`, staff, { state: left })).status).toBe(200);
    const { id } = await session([], false);
    const closed = await checkIn(id, { member: late });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('A sessão da assembleia ainda não foi aberta.');
    expect((await post(`/api/assemblies/${id}/open_session`)).status).toBe(200);
    expect((await post(`/api/assemblies/${id}/open_session`)).status).toBe(409);

    const byCard = await checkIn(id, { input: goneCard });
    expect(byCard.status).toBe(422);
    expect(why(byCard)).toBe('Vera Saiu não é associado: o seu estado é «Desistente».');
    const after = await checkIn(id, { member: late });
    expect(after.status).toBe(422);
    const dmy = (iso: string) => iso.split('-').reverse().join('/');
    expect(why(after)).toBe(`Xavier Recente não era associado na data de referência (${dmy(cutoff)}): foi admitido em ${dmy(today())}.`);
    expect((await checkIn(id, { input: 'ZZZZ-ZZZZ-ZZZZZ' })).status).toBe(422);
    expect((await checkIn(id, {})).status).toBe(422);
    expect(await server.database.db.selectFrom('assembly_attendance').select('_id').where('assembly', '=', id).execute()).toEqual([]);
  });

  it('checks out a mistaken check-in, never a representative before whom they represent', async () => {
    await setting('assemblyProxies', 'true');
    const [zé, yara] = [await associate('Zé Engano'), await associate('Yara Representada')];
    const { id } = await session();
    await checkIn(id, { member: zé });
    await checkIn(id, { member: yara, represented_by: zé });
    const refused = await post(`/api/assemblies/${id}/check_out`, { member: zé });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Zé Engano representa Yara Representada: anule primeiro essa representação.');
    expect((await post(`/api/assemblies/${id}/check_out`, { member: yara })).body.data.counts).toMatchObject({ present: 1, represented: 0 });
    expect((await post(`/api/assemblies/${id}/check_out`, { member: zé })).body.data.counts).toMatchObject({ present: 0, counted: 0 });
    expect((await post(`/api/assemblies/${id}/check_out`, { member: zé })).status).toBe(422);
  });
});

describe('quorum and votes', () => {
  ownServer();
  // Seven associates with a vote and one without (a debt due before the cut-off): eight associates.
  let voting: number[];
  let eliasHolder: { member: number; code: string };
  let owing: number;
  beforeAll(async () => {
    voting = [];
    for (const name of ['Abel', 'Beatriz', 'Celso', 'Dora']) voting.push(await associate(`${name} Votante`));
    eliasHolder = await cardHolder('Elias Votante');
    voting.push(eliasHolder.member);
    for (const name of ['Fátima', 'Gil']) voting.push(await associate(`${name} Votante`));
    owing = await associate('Hugo Devedor', { dues_exempt: false });
    expect((await post('/api/unsettled_payments/raise', { member: owing, kind: 'other', year: 2025, amount: 1500, due_date: '2025-06-30', description: 'Quota 2025' })).status).toBe(200);
  });

  it('counts the quorum of the first call as associates arrive, and switches to the second call at its time', async () => {
    const { id } = await session();
    const quorum = async () => (await server.json('GET', `/api/assemblies/${id}/quorum`, staff)).body.data;
    expect(await quorum()).toMatchObject({ associates: 8, eligible: 7, counted: 0, call: 'first', quorum: { met: false, missing: 4 } });
    for (const member of voting.slice(0, 3)) await checkIn(id, { member });
    // Present without a vote: present, not counted.
    const hugo = await checkIn(id, { member: owing });
    expect(hugo.body.data.counts).toMatchObject({ present: 4, counted: 3, call: 'first', quorum: { met: false, missing: 1 } });
    expect((await checkIn(id, { member: voting[3] })).body.data.counts).toMatchObject({ counted: 4, quorum: { met: true, missing: 0 } });

    const thin = await session();
    await checkIn(thin.id, { member: voting[0] });
    expect((await server.json('GET', `/api/assemblies/${thin.id}/quorum`, staff)).body.data).toMatchObject({ call: 'first', quorum: { met: false, missing: 3 } });
    server.advance(31 * 60_000);
    // Half an hour on, the sessions' tokens have expired.
    staff = (await server.as('editor')).token;
    admin = (await server.as('admin')).token;
    // Half an hour later, "com qualquer número".
    expect((await server.json('GET', `/api/assemblies/${thin.id}/quorum`, staff)).body.data).toMatchObject({ call: 'second', quorum: { met: true, missing: 0 } });
  });

  it("applies each item's majority when the vote closes: of the present, 3/4 of the present, 3/4 of all associates", async () => {
    const items: ItemSpec[] = [
      { title: 'Relatório e contas', majority: 'ordinary' },
      { title: 'Alteração do artigo 5.º', majority: 'statutes' },
      { title: 'Alteração do artigo 9.º', majority: 'statutes' },
      { title: 'Dissolução', majority: 'dissolution' },
    ];
    const { id, items: ids } = await session(items);
    const [accounts, article5, article9, dissolution] = ids as [number, number, number, number];
    for (const member of voting.slice(0, 4)) await checkIn(id, { member });
    await checkIn(id, { member: owing });
    const vote = async (item: number, votes_for: number, votes_against: number, abstentions: number) => {
      expect((await post(`/api/assembly_items/${item}/open_vote`)).status).toBe(200);
      const typed = await post(`/api/assembly_items/${item}/record_votes`, { votes_for, votes_against, abstentions });
      expect(typed.status, JSON.stringify(typed.body)).toBe(200);
      const closed = await post(`/api/assembly_items/${item}/close_vote`);
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      return closed.body.data;
    };

    expect((await post(`/api/assembly_items/${accounts}/close_vote`)).status).toBe(409);
    expect((await post(`/api/assembly_items/${accounts}/open_vote`)).status).toBe(200);
    const another = await post(`/api/assembly_items/${article5}/open_vote`);
    expect(another.status).toBe(409);
    expect(another.body.message).toMatch(/^O ponto 1 \(«Relatório e contas»\) ainda está em votação/);
    expect((await post(`/api/assembly_items/${accounts}/close_vote`)).status).toBe(409);
    // Five votes with four present with a vote (Hugo has none).
    const tooMany = await post(`/api/assembly_items/${accounts}/record_votes`, { votes_for: 4, votes_against: 1, abstentions: 0 });
    expect(tooMany.status).toBe(422);
    expect(why(tooMany)).toBe('Os votos somam 5, mais do que os 4 associados presentes ou representados com direito de voto.');
    expect((await post(`/api/assembly_items/${accounts}/record_votes`, { votes_for: 3, votes_against: 1, abstentions: 0 })).status).toBe(200);
    const approved = (await post(`/api/assembly_items/${accounts}/close_vote`)).body.data;
    expect(approved).toMatchObject({ vote_status: 'closed', votes_for: 3, votes_against: 1, abstentions: 0, voters: 4, result: 'approved' });
    expect(approved.result_text).toMatch(/^Aprovado/);
    expect((await post(`/api/assembly_items/${accounts}/open_vote`)).status).toBe(409);

    // 2 of 4 present is not 3/4; 3 of 4 is.
    const failed = await vote(article5, 2, 2, 0);
    expect(failed).toMatchObject({ result: 'rejected', votes_for: 2 });
    expect(failed.result_text).toMatch(/^Rejeitado.*3\/4/);
    expect(await vote(article9, 3, 0, 1)).toMatchObject({ result: 'approved' });
    // Unanimous among the present, yet 4 of 8 associates is short of 3/4 of all of them.
    const dissolved = await vote(dissolution, 4, 0, 0);
    expect(dissolved).toMatchObject({ result: 'rejected', votes_for: 4 });
    expect(dissolved.result_text).toMatch(/^Rejeitado/);
  });

  it('counts a scanned vote once per associate, the representative for two, and never scans a secret vote', async () => {
    await setting('assemblyProxies', 'true');
    const [dora, , fatima, gil] = voting.slice(3, 7) as [number, number, number, number];
    const { member: elias, code: eliasCard } = eliasHolder;
    const { id, items: [budget, election] } = await session([
      { title: 'Orçamento', majority: 'ordinary' },
      { title: 'Eleição dos órgãos sociais', majority: 'election', secret: true },
    ]);
    await checkIn(id, { input: eliasCard });
    await checkIn(id, { member: fatima, represented_by: elias });
    await checkIn(id, { member: gil });
    expect((await post(`/api/assembly_items/${budget}/open_vote`)).status).toBe(200);

    const two = await post(`/api/assembly_items/${budget}/cast`, { input: eliasCard, choice: 'for' });
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    expect(two.body.data.ballots.map((b: { member: number; cast_by: number }) => [b.member, b.cast_by])).toEqual([
      [elias, elias],
      [fatima, elias],
    ]);
    expect(two.body.data.totals).toEqual({ votes_for: 2, votes_against: 0, abstentions: 0, voters: 2 });
    const again = await post(`/api/assembly_items/${budget}/cast`, { input: eliasCard, choice: 'against' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Elias Votante já votou neste ponto (A favor): cada associado vota uma vez.');
    // Dora, represented since Elias voted: his next reading counts her vote alone.
    await setting('assemblyProxyMax', '2');
    expect((await checkIn(id, { member: dora, represented_by: elias })).status).toBe(200);
    const late = await post(`/api/assembly_items/${budget}/cast`, { input: eliasCard, choice: 'for' });
    expect(late.body.data.ballots.map((b: { member: number }) => b.member)).toEqual([dora]);
    expect(late.body.data.totals).toMatchObject({ votes_for: 3, voters: 3 });
    const represented = await post(`/api/assembly_items/${budget}/cast`, { member: fatima, choice: 'against' });
    expect(represented.status).toBe(422);
    expect(why(represented)).toBe('Fátima Votante tem como representante Elias Votante: é o representante quem vota.');
    expect((await post(`/api/assembly_items/${budget}/cast`, { member: voting[0], choice: 'for' })).status).toBe(422);
    expect((await post(`/api/assembly_items/${budget}/cast`, { member: gil, choice: 'against' })).status).toBe(200);
    // Typed totals would compete with the cards read.
    expect((await post(`/api/assembly_items/${budget}/record_votes`, { votes_for: 1, votes_against: 0, abstentions: 0 })).status).toBe(409);
    const closed = (await post(`/api/assembly_items/${budget}/close_vote`)).body.data;
    expect(closed).toMatchObject({ votes_for: 3, votes_against: 1, abstentions: 0, voters: 4, result: 'approved' });

    expect((await post(`/api/assembly_items/${election}/open_vote`)).status).toBe(200);
    expect((await post(`/api/assembly_items/${election}/cast`, { member: gil, choice: 'for' })).status).toBe(409);
    expect((await post(`/api/assembly_items/${election}/record_votes`, { votes_for: 2, votes_against: 0, abstentions: 2 })).status).toBe(200);
    // Exactly half of the four present is no absolute majority.
    expect((await post(`/api/assembly_items/${election}/close_vote`)).body.data).toMatchObject({ voters: 4, result: 'rejected' });
  });

  it('prints the sign-in sheet by name or number, and lets only staff do any of this', async () => {
    const { id, items: [item] } = await session([{ title: 'Ponto único', majority: 'ordinary' }]);
    const pdf = await server.request({ method: 'GET', url: `/api/assemblies/${id}/attendance_sheet.pdf?order=name`, token: staff });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    const text = mupdf.Document.openDocument(pdf.rawPayload, 'application/pdf').loadPage(0).toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' ');
    expect(text).toContain('Lista de presenças');
    expect(text).toContain('Associados com direito de voto (7)');
    expect(text).toContain('Associados sem direito de voto (1)');
    expect(text.indexOf('Abel Votante')).toBeLessThan(text.indexOf('Gil Votante'));
    expect(text.indexOf('Gil Votante')).toBeLessThan(text.indexOf('Hugo Devedor'));
    expect((await server.request({ method: 'GET', url: `/api/assemblies/${id}/attendance_sheet.pdf?order=age`, token: staff })).statusCode).toBe(400);

    const member = (await server.as('member', { memberId: voting[0] })).token;
    const key = (await server.json('POST', '/api/api_secrets', admin, { name: 'Mesa', role: 'editor' })).body.data.secret as string;
    await checkIn(id, { member: voting[0] });
    const calls: [string, string, Record<string, unknown>][] = [
      ['POST', `/api/assemblies/${id}/check_in`, { member: voting[1] }],
      ['POST', `/api/assemblies/${id}/check_out`, { member: voting[1] }],
      ['POST', `/api/assembly_items/${item}/open_vote`, {}],
      ['POST', `/api/assembly_items/${item}/record_votes`, { votes_for: 0, votes_against: 1, abstentions: 0 }],
      ['POST', `/api/assembly_items/${item}/close_vote`, {}],
      ['GET', `/api/assemblies/${id}/attendance_sheet.pdf`, {}],
    ];
    for (const [method, url, body] of calls) {
      const payload = method === 'POST' ? { payload: body } : {};
      expect((await server.request({ method, url, ...payload })).statusCode, `${url} anonymous`).toBe(401);
      expect((await server.request({ method, url, token: member, ...payload })).statusCode, `${url} member`).toBe(403);
      expect((await server.request({ method, url, token: key, ...payload })).statusCode, `${url} API key`).toBe(200);
    }
    expect((await server.request({ method: 'POST', url: `/api/assembly_items/${item}/cast`, payload: { member: voting[1], choice: 'for' }, token: member })).statusCode).toBe(403);
    expect((await server.request({ method: 'POST', url: `/api/assemblies/${id}/open_session`, token: member })).statusCode).toBe(403);
    // The module switched off: nothing of the session answers.
    await setting('hasAssemblies', 'false');
    expect((await checkIn(id, { member: voting[2] })).status).toBe(404);
    expect((await server.request({ method: 'GET', url: `/api/assemblies/${id}/attendance_sheet.pdf`, token: staff })).statusCode).toBe(404);
    await setting('hasAssemblies', 'true');
  });
});
