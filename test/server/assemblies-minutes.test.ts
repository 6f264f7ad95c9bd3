import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { lisbonDay } from '../../src/core/days.js';
import { readPdf } from './cards/pdf-support.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';
import { replaceStoredBytes, storageKeyOf, storedBytes } from './support/stored-files.js';

// The minutes of a general assembly (issue 33, item 5), the members' view of assemblies and the
// public next assembly (item 6), on the real server (both engines). What the convocation and the
// session write (status, attendance, each item's vote) is set straight in the database here, so
// these tests judge the minutes alone.

let server: ResourceTestServer;
let admin: string;
let editor: string;
let memberToken: string;
let active: number;
let today: string;
const members: number[] = [];

const db = () => server.database.db;
// `null`: no token at all (an undefined argument would take the default, admin's).
const post = (url: string, body: unknown = {}, token: string | null = admin) => server.json('POST', url, token ?? undefined, body);
const get = (url: string, token: string | null = admin) => server.json('GET', url, token ?? undefined);
const patch = (url: string, body: unknown, token: string | null = admin) => server.json('PATCH', url, token ?? undefined, body);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function setSetting(name: string, value: string) {
  const answer = await server.putSetting(admin, name, value);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
}

/** 'YYYY-MM-DD' `days` after today (Lisbon). */
const inDays = (days: number) => lisbonDay(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000);

interface Made {
  id: number;
  items: number[];
}

/** An assembly with its agenda, created through the API as staff would, then convened (as the convocation would leave it). */
async function makeAssembly(date: string, { title = `Assembleia ${date}`, agenda = ['Aprovação do relatório e contas'], convene = true, place = 'Sede, Rua Direita 1, Lisboa' } = {}): Promise<Made> {
  const created = await post('/api/assemblies', { kind: 'ordinaria', title, date, time: '21:00', place });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = Number(created.body.data._id);
  const items: number[] = [];
  for (const [index, itemTitle] of agenda.entries()) {
    const item = await post('/api/assembly_items', { assembly: id, position: index + 1, title: itemTitle, majority: index === 1 ? 'statutes' : 'ordinary' });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    items.push(Number(item.body.data._id));
  }
  if (convene) await db().updateTable('assemblies').set({ status: 'convened', convened_at: new Date(server.ctx.now()).toISOString(), cutoff_date: date, notice_text: `Convocatória: ${title}` }).where('_id', '=', id).execute();
  return { id, items };
}

/** The door's record: `present` associates in person and `represented` by proxy, all with a vote. */
async function attend(assembly: number, present: number, represented = 0) {
  const at = new Date(server.ctx.now()).toISOString();
  const rows = members.slice(0, present + represented).map((member, index) => ({
    assembly,
    member,
    position: index + 1,
    at,
    via: index < present ? 'card' : 'proxy',
    represented_by: index < present ? null : members[0]!,
    has_vote: 1,
    created_at: at,
    updated_at: at,
    _version: 1,
  }));
  await db().insertInto('assembly_attendance').values(rows).execute();
  await db().updateTable('assemblies').set({ status: 'in_session', opened_at: at }).where('_id', '=', assembly).execute();
}

/** An item voted as the session would close it. */
async function voted(item: number, votesFor: number, against: number, abstentions: number, resultText: string, deliberation: string) {
  await db()
    .updateTable('assembly_items')
    .set({ vote_status: 'closed', votes_for: votesFor, votes_against: against, abstentions, voters: votesFor + against + abstentions, result: resultText.startsWith('Aprovado') ? 'approved' : 'rejected', result_text: resultText, deliberation })
    .where('_id', '=', item)
    .execute();
}

const finalize = (id: number, token = admin) => post(`/api/assemblies/${id}/finalize_minutes`, {}, token);
const minutesOf = async (id: number) => db().selectFrom('assemblies').selectAll().where('_id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  server = await startResourceServer();
  admin = (await server.as('admin')).token;
  editor = (await server.as('editor')).token;
  today = lisbonDay(server.ctx.now());
  active = await server.stateId('Ativo');
  await setSetting('hasAssemblies', 'true');
  await setSetting('name', 'Associação Cultural do Teste');
  await setSetting('assemblyChairName', 'Maria da Conceição Sousa');
  for (let i = 0; i < 10; i += 1) {
    const created = await post('/api/members', { dues_exempt: true, name: `Associado ${i + 1}`, state: active, admission_date: '2015-01-10' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    members.push(Number(created.body.data._id));
  }
  memberToken = (await server.as('member', { memberId: members[1]! })).token;
});
afterAll(async () => {
  await server?.close();
});

describe('the public next assembly', () => {
  it('answers no assembly (data null, not an error the website would log) while none is convened, to anyone, from any site', async () => {
    await makeAssembly(inDays(5), { convene: false, title: 'Em preparação' });
    const none = await server.request({ method: 'GET', url: '/api/public/assemblies/next', headers: { origin: 'https://associacao.example.org' } });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ data: null });
    expect(none.headers['access-control-allow-origin']).toBe('*');
  });

  it('shows the nearest convened assembly from today on, with its date, place and agenda only', async () => {
    await makeAssembly(inDays(-3), { title: 'Já passou' });
    const next = await makeAssembly(inDays(10), { title: 'Assembleia de primavera', agenda: ['Relatório e contas', 'Alteração dos estatutos', 'Eleição dos órgãos sociais'] });
    await makeAssembly(inDays(20), { title: 'A seguinte' });
    const answer = await server.request({ method: 'GET', url: '/api/public/assemblies/next', headers: { origin: 'https://associacao.example.org' } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
    expect(answer.json().data).toEqual({
      title: 'Assembleia de primavera',
      kind: 'ordinaria',
      date: inDays(10),
      time: '21:00',
      place: 'Sede, Rua Direita 1, Lisboa',
      online_link: null,
      agenda: ['Relatório e contas', 'Alteração dos estatutos', 'Eleição dos órgãos sociais'],
    });
    // Today's assembly is still the next one.
    await makeAssembly(today, { title: 'Hoje' });
    expect((await get('/api/public/assemblies/next', null)).body.data.title).toBe('Hoje');
    expect(next.id).toBeGreaterThan(0);
  });

  it('answers 404 with the module off, and the preflight of another site is allowed', async () => {
    const preflight = await server.request({
      method: 'OPTIONS',
      url: '/api/public/assemblies/next',
      headers: { origin: 'https://associacao.example.org', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    await setSetting('hasAssemblies', 'false');
    try {
      const off = await get('/api/public/assemblies/next', null);
      expect(off.status).toBe(404);
      expect(off.body.message).toContain('O módulo de assembleias está desligado');
      expect((await get('/api/own/assemblies', memberToken)).status).toBe(404);
    } finally {
      await setSetting('hasAssemblies', 'true');
    }
  });
});

describe('minutes', () => {
  let assembly: Made;

  it('drafts the minutes from the assembly: header, table, call, attendance, quorum, each item with its deliberation and vote', async () => {
    assembly = await makeAssembly('2024-03-16', { title: 'Assembleia geral de contas 2023', agenda: ['Relatório e contas de 2023', 'Alteração do artigo 5.º dos estatutos'] });
    await attend(assembly.id, 6, 1);
    await voted(assembly.items[0]!, 5, 1, 1, 'Aprovado por maioria absoluta dos presentes: 5 de 7.', 'Aprovar o relatório e contas de 2023.');
    await voted(assembly.items[1]!, 4, 3, 0, 'Rejeitado: a alteração dos estatutos exige 3/4 dos presentes (6 de 7); votaram a favor 4.', 'Alterar o artigo 5.º.');
    const drafted = await post(`/api/assemblies/${assembly.id}/draft_minutes`, {}, editor);
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
    const text = String(drafted.body.data.minutes_text);
    expect(text.startsWith('Ata n.º __')).toBe(true);
    for (const part of [
      'Assembleia geral de contas 2023',
      '16 de março de 2024',
      '21:00',
      'Sede, Rua Direita 1, Lisboa',
      'Maria da Conceição Sousa',
      'convocatória',
      'estiveram presentes 6 e representados 1',
      'Quórum:',
      '1. Relatório e contas de 2023',
      'Deliberação: Aprovar o relatório e contas de 2023.',
      'Votação: a favor 5, contra 1, abstenções 1. Aprovado por maioria absoluta dos presentes: 5 de 7.',
      'votaram a favor 4.',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toContain('Associação Cultural do Teste');
  });

  it('keeps the edited text, then makes it final: the year\'s number, the PDF stored with its hash, the assembly closed', async () => {
    const draft = String((await minutesOf(assembly.id)).minutes_text);
    const edited = `${draft}\n\nDeclaração de voto do associado n.º 3 junta em anexo.`;
    const saved = await patch(`/api/assemblies/${assembly.id}`, { minutes_text: edited }, editor);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const done = await finalize(assembly.id, editor);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const row = await minutesOf(assembly.id);
    expect(row.status).toBe('closed');
    expect(Number(row.minutes_year)).toBe(2024);
    expect(Number(row.minutes_number)).toBe(1);
    expect(row.minutes_final_at).toBe(new Date(Date.parse(String(row.minutes_final_at))).toISOString());
    expect(String(row.minutes_text).startsWith('Ata n.º 1/2024')).toBe(true);
    expect(done.body.data).toMatchObject({ status: 'closed', minutes_number: 1, minutes_year: 2024, minutes_sha256: row.minutes_sha256 });

    const stored = await storedBytes(server, await storageKeyOf(server, Number(row.minutes_file)));
    expect(sha256(stored)).toBe(row.minutes_sha256);
    const pdf = await server.request({ method: 'GET', url: `/api/assemblies/${assembly.id}/minutes.pdf`, token: editor });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(stored)).toBe(true);
    const { text } = readPdf(pdf.rawPayload);
    for (const part of ['Ata n.º 1/2024', 'Associação Cultural do Teste', 'estiveram presentes 6 e representados 1', 'a favor 5, contra 1, abstenções 1', 'Maria da Conceição Sousa']) {
      expect(text).toContain(part);
    }
  });

  it('refuses to change the minutes once final: no edit, no new draft, no second number', async () => {
    const before = await minutesOf(assembly.id);
    const edit = await patch(`/api/assemblies/${assembly.id}`, { minutes_text: 'Outra coisa' });
    expect(edit.status).toBe(409);
    const redraft = await post(`/api/assemblies/${assembly.id}/draft_minutes`);
    expect(redraft.status).toBe(409);
    expect(redraft.body.message).toContain('A ata já foi aprovada');
    const again = await finalize(assembly.id);
    expect(again.status).toBe(409);
    const after = await minutesOf(assembly.id);
    expect(after.minutes_text).toBe(before.minutes_text);
    expect(after.minutes_number).toBe(before.minutes_number);
    expect(after.minutes_sha256).toBe(before.minutes_sha256);
  });

  it('will not serve stored bytes that no longer match the hash', async () => {
    const row = await minutesOf(assembly.id);
    const key = await storageKeyOf(server, Number(row.minutes_file));
    const original = await storedBytes(server, key);
    await replaceStoredBytes(server, key, Buffer.from('%PDF-1.3 alterado'));
    try {
      const pdf = await get(`/api/assemblies/${assembly.id}/minutes.pdf`);
      expect(pdf.status).toBe(409);
    } finally {
      await replaceStoredBytes(server, key, original);
    }
  });

  it('numbers each year\'s book from 1, without gaps or duplicates, when many are made final at once', async () => {
    const of2019 = await Promise.all(Array.from({ length: 6 }, (_, i) => makeAssembly(`2019-0${i + 1}-15`)));
    const of2020 = await Promise.all(Array.from({ length: 3 }, (_, i) => makeAssembly(`2020-0${i + 1}-15`)));
    for (const made of [...of2019, ...of2020]) expect((await post(`/api/assemblies/${made.id}/draft_minutes`)).status).toBe(200);
    const answers = await Promise.all([...of2019, ...of2020].map((made) => finalize(made.id)));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const numbers = async (year: number) =>
      (await db().selectFrom('assemblies').select('minutes_number').where('minutes_year', '=', year).execute()).map((r) => Number(r.minutes_number)).sort((a, b) => a - b);
    expect(await numbers(2019)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await numbers(2020)).toEqual([1, 2, 3]);
    // Another year's book goes on where it was.
    expect(await numbers(2024)).toEqual([1]);
  }, 60_000);

  it('is staff\'s: members are refused, anonymous callers asked to log in', async () => {
    const made = await makeAssembly('2021-05-20');
    for (const url of [`/api/assemblies/${made.id}/draft_minutes`, `/api/assemblies/${made.id}/finalize_minutes`]) {
      expect((await post(url, {}, memberToken)).status).toBe(403);
      expect((await post(url, {}, null)).status).toBe(401);
    }
    expect((await get(`/api/assemblies/${assembly.id}/minutes.pdf`, memberToken)).status).toBe(403);
    expect((await get(`/api/assemblies/${assembly.id}/minutes.pdf`, null)).status).toBe(401);
    expect((await get(`/api/assemblies/${made.id}/minutes.pdf`)).status).toBe(404);
    const draftOnly = await makeAssembly('2021-06-20', { convene: false });
    expect((await post(`/api/assemblies/${draftOnly.id}/draft_minutes`)).status).toBe(409);
    expect((await finalize(draftOnly.id)).status).toBe(409);
    // Nothing to make final yet: no number is taken.
    expect((await finalize(made.id)).status).toBe(409);
    expect((await minutesOf(made.id)).minutes_number).toBeNull();
  });
});

describe("a member's assemblies", () => {
  it('lists the convened assemblies, never drafts, newest first, with the agenda and the notice', async () => {
    const answer = await get('/api/own/assemblies', memberToken);
    expect(answer.status).toBe(200);
    const list = answer.body.data as { _id: number; title: string; date: string; status: string; agenda: string[]; notice_text: string | null; minutes: boolean }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.some((a) => a.title === 'Em preparação')).toBe(false);
    expect(list.every((a) => ['convened', 'in_session', 'closed'].includes(a.status))).toBe(true);
    const dates = list.map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const spring = list.find((a) => a.title === 'Assembleia de primavera')!;
    expect(spring.agenda).toEqual(['Relatório e contas', 'Alteração dos estatutos', 'Eleição dos órgãos sociais']);
    expect(spring.notice_text).toBe('Convocatória: Assembleia de primavera');
    expect(spring.minutes).toBe(false);
    expect(Object.keys(spring).sort()).toEqual(['_id', 'agenda', 'date', 'kind', 'minutes', 'notice_text', 'online_link', 'place', 'status', 'time', 'title']);
    expect((await get('/api/own/assemblies', null)).status).toBe(401);
  });

  it('offers the minutes only once published, and their PDF only then', async () => {
    // Made final while the setting was off: not published.
    const unpublished = (await get('/api/own/assemblies', memberToken)).body.data.find((a: { title: string }) => a.title === 'Assembleia geral de contas 2023');
    expect(unpublished.minutes).toBe(false);
    const hidden = await server.request({ method: 'GET', url: `/api/own/assemblies/${unpublished._id}/minutes.pdf`, token: memberToken });
    expect(hidden.statusCode).toBe(404);

    await setSetting('assemblyPublishMinutes', 'true');
    const made = await makeAssembly('2022-04-02', { title: 'Assembleia publicada' });
    await post(`/api/assemblies/${made.id}/draft_minutes`);
    expect((await finalize(made.id)).status).toBe(200);
    const shown = (await get('/api/own/assemblies', memberToken)).body.data.find((a: { _id: number }) => a._id === made.id);
    expect(shown.minutes).toBe(true);
    const pdf = await server.request({ method: 'GET', url: `/api/own/assemblies/${made.id}/minutes.pdf`, token: memberToken });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(sha256(pdf.rawPayload)).toBe((await minutesOf(made.id)).minutes_sha256);
    expect(readPdf(pdf.rawPayload).text).toContain('Assembleia publicada');
    expect((await server.request({ method: 'GET', url: `/api/own/assemblies/${made.id}/minutes.pdf` })).statusCode).toBe(401);
    expect((await server.request({ method: 'GET', url: `/api/own/assemblies/999999/minutes.pdf`, token: memberToken })).statusCode).toBe(404);
  });
});

describe('the public route under load', () => {
  it('refuses an address asking too fast (429, with Retry-After)', async () => {
    let last = 200;
    let retryAfter: unknown;
    for (let i = 0; i < 40 && last !== 429; i += 1) {
      const answer = await server.request({ method: 'GET', url: '/api/public/assemblies/next' });
      last = answer.statusCode;
      retryAfter = answer.headers['retry-after'];
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
