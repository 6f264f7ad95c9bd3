import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay, lisbonYear } from '../../src/core/days.js';
import { loose } from '../../src/server/db/database.js';
import { CONVENED_FROZEN } from '../../src/server/modules/assemblies/assemblies.js';
import { IN_ARREARS, votersOf, type Voter } from '../../src/server/modules/assemblies/voting-rights.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { startTestServer, type TestServer } from './support/server.js';

// Voting rights on an assembly's cut-off date, read from the dues ledger as it stood at the end of
// that day; the quorum route's figures; who may reach the module. One server for the file.
let server: TestServer;
let staff: string;
let memberToken: string;
let category: number;
let active: number;
let ended: number;
let year: number;
let cutoff: string;
const db = () => server.database.db;
const people: Record<string, number> = {};

async function json(method: string, url: string, payload?: unknown, token: string | null = staff) {
  const response = await server.request({ method, url, token: token ?? undefined, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
}

async function ok(method: string, url: string, payload?: unknown) {
  const answer = await json(method, url, payload);
  expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body.data;
}

async function setSetting(name: string, value: string) {
  const stamp = new Date(server.ctx.now()).toISOString();
  const updated = await db().updateTable('settings').set({ value, updated_at: stamp }).where('name', '=', name).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await loose(db()).insertInto('settings').values({ name, value, created_at: stamp, updated_at: stamp }).execute();
}

/** A member of the test's category, admitted on `admitted`, with a quota due on 31 January (unless `due` says otherwise). */
async function member(key: string, options: { admitted?: string; state?: number; exempt?: boolean; due?: string | null } = {}) {
  const created = await ok('POST', '/api/members', {
    name: `Associado ${key}`, state: options.state ?? active, admission_date: options.admitted ?? `${year - 5}-01-01`, fee_category: category, dues_exempt: options.exempt ?? false,
  });
  const id = Number(created._id);
  people[key] = id;
  if (options.due !== null) {
    await ok('POST', '/api/unsettled_payments/raise', { member: id, kind: 'quota', year, amount: 2400, due_date: options.due ?? `${year}-01-31`, description: `Quota ${year}` });
  }
  return id;
}

const pay = (key: string, date: string) => ok('POST', '/api/payments/record', { member: people[key], date, amount: 2400, method: 'numerario' });

async function voters(): Promise<Map<string, Voter>> {
  const list = await votersOf(db(), { cutoff_date: cutoff }, server.ctx.now());
  const byId = new Map(list.map((voter) => [voter.member, voter]));
  return new Map(Object.entries(people).flatMap(([key, id]) => (byId.has(id) ? [[key, byId.get(id)!] as const] : [])));
}

beforeAll(async () => {
  server = await startTestServer();
  await ensureReferenceData(db(), server.ctx.now(), 'association');
  staff = (await server.login(await server.createUser('editor'))).access;
  year = lisbonYear(server.ctx.now()) - 1;
  cutoff = `${year}-03-01`;
  active = Number((await db().selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow())._id);
  ended = Number((await db().selectFrom('member_states').select('_id').where('name', '=', 'Desistente').executeTakeFirstOrThrow())._id);
  // No fee schedule: the only debts are the ones each test raises.
  category = Number((await ok('POST', '/api/fee_categories', { name: 'Efetivo' }))._id);
  await setSetting('hasAssemblies', 'true');

  await member('paidBefore');
  await pay('paidBefore', `${year}-02-15`);
  await member('paidOnCutoff');
  await pay('paidOnCutoff', cutoff);
  await member('paidAfter');
  await pay('paidAfter', `${year}-03-02`);
  await member('neverPaid');
  await member('notYetDue', { due: `${year}-03-02` });
  await member('waived');
  const waivedDebt = await db().selectFrom('unsettled_payments').select('_id').where('member', '=', people.waived!).executeTakeFirstOrThrow();
  await ok('POST', `/api/unsettled_payments/${waivedDebt._id}/waive`, { reason: 'Dificuldades económicas' });
  await member('annulledPayment');
  const annulled = await pay('annulledPayment', `${year}-02-10`);
  await ok('POST', `/api/payments/${annulled.payment._id}/annul`, { reason: 'Cheque sem provisão' });
  // Exempt, yet owing (raised by hand before the exemption): in full rights all the same.
  await member('exempt', { exempt: true });
  await member('recent', { admitted: `${year}-01-15`, due: null });
  await member('admittedAfter', { admitted: `${year}-03-02`, due: null });
  await member('left', { state: ended, due: null });

  const own = await server.createUser('member', { memberId: people.paidBefore });
  memberToken = (await server.login(own)).access;
});
afterAll(async () => {
  await server?.close();
});

describe('voting rights on the cut-off date', () => {
  it('follow the ledger at the end of that day: paid before or on it votes, paid after does not', async () => {
    const list = await voters();
    const vote = (key: string) => list.get(key)?.has_vote;
    expect(vote('paidBefore')).toBe(true);
    expect(vote('paidOnCutoff')).toBe(true);
    expect(vote('paidAfter')).toBe(false);
    expect(list.get('paidAfter')?.reason).toBe(IN_ARREARS);
    expect(vote('neverPaid')).toBe(false);
    expect(vote('notYetDue')).toBe(true);
    expect(vote('waived')).toBe(true);
    expect(vote('annulledPayment')).toBe(false);
    expect(vote('exempt')).toBe(true);
    expect(vote('recent')).toBe(true);
  });

  it('count as associates only those admitted by then whose state does not mark the end', async () => {
    const list = await voters();
    expect(list.has('left')).toBe(false);
    expect(list.has('admittedAfter')).toBe(false);
    expect(list.size).toBe(9);
  });

  it('ask for the minimum membership months, and leave the ledger out when all associates vote', async () => {
    await setSetting('assemblyMinMembershipMonths', '2');
    let list = await voters();
    expect(list.get('recent')).toMatchObject({ has_vote: false, reason: 'Menos de 2 meses de associado na data de referência.' });
    await setSetting('assemblyMinMembershipMonths', '1');
    list = await voters();
    expect(list.get('recent')?.has_vote).toBe(true);
    await setSetting('assemblyMinMembershipMonths', '0');

    await setSetting('assemblyVoters', 'all');
    list = await voters();
    expect([...list.values()].every((voter) => voter.has_vote)).toBe(true);
    await setSetting('assemblyVoters', 'full_rights');
  });
});

describe('the quorum route', () => {
  it("answers staff the associates, those with a vote, present, represented and the first call's quorum", async () => {
    const assembly = await ok('POST', '/api/assemblies', { kind: 'ordinaria', title: 'Assembleia de contas', date: `${year + 2}-01-15`, time: '21:00', place: 'Sede', cutoff_date: cutoff });
    expect(assembly).toMatchObject({ status: 'draft', second_call_minutes: 30 });
    const stamp = new Date(server.ctx.now()).toISOString();
    const row = (key: string, position: number, via: string, hasVote: boolean) => ({
      assembly: assembly._id, member: people[key], position, at: stamp, via, has_vote: hasVote ? 1 : 0, created_at: stamp, updated_at: stamp,
    });
    await loose(db()).insertInto('assembly_attendance').values([row('paidBefore', 1, 'card', true), row('neverPaid', 2, 'name', false), row('exempt', 3, 'proxy', true)]).execute();
    const counts = (await json('GET', `/api/assemblies/${assembly._id}/quorum`)).body.data;
    // Nine associates, three in arrears: six with a vote, of whom two are counted (half is 3).
    expect(counts).toMatchObject({ associates: 9, eligible: 6, present: 2, represented: 1, counted: 2, call: 'first', quorum: { met: false, required: 3, missing: 1 } });
    // Winter: Lisbon's clock is UTC's.
    expect(counts.secondCallAt).toBe(`${year + 2}-01-15T21:30:00.000Z`);
  });

  it('switches to the second call once its time has come', async () => {
    const today = lisbonDay(server.ctx.now());
    const assembly = await ok('POST', '/api/assemblies', { kind: 'extraordinaria', title: 'Hoje', date: today, time: '00:00', online_link: 'https://reuniao.exemplo.pt/ag', second_call_minutes: 0, cutoff_date: cutoff });
    const counts = (await json('GET', `/api/assemblies/${assembly._id}/quorum`)).body.data;
    expect(counts).toMatchObject({ call: 'second', counted: 0, quorum: { met: false, required: 1 } });
  });

  it('is refused to members (403) and to anonymous callers (401); 404 for an unknown assembly', async () => {
    const assembly = (await db().selectFrom('assemblies').select('_id').executeTakeFirstOrThrow())._id;
    expect((await json('GET', `/api/assemblies/${assembly}/quorum`, undefined, memberToken)).status).toBe(403);
    expect((await json('GET', `/api/assemblies/${assembly}/quorum`, undefined, null)).status).toBe(401);
    expect((await json('GET', '/api/assemblies/999999/quorum')).status).toBe(404);
    expect((await json('GET', '/api/assemblies', undefined, memberToken)).status).toBe(403);
    expect((await json('GET', '/api/assembly_attendance', undefined, memberToken)).status).toBe(403);
    // Nor their own attendance through their record: members read the assemblies at /api/own/assemblies.
    expect((await json('GET', `/api/members/${people.paidBefore}/assembly_attendance`, undefined, memberToken)).status).toBe(403);
    expect((await json('GET', `/api/members/${people.paidBefore}/assembly_attendance`)).status).toBe(200);
  });
});

describe('an assembly and its agenda', () => {
  it('need a place or a link, and stand as convened: only the minutes text changes, nothing is deleted', async () => {
    const missing = await json('POST', '/api/assemblies', { kind: 'ordinaria', title: 'Sem local', date: `${year + 2}-04-01`, time: '21:00' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.place).toBe('Indique o local da assembleia ou o endereço da reunião em linha.');
    expect((await json('POST', '/api/assemblies', { kind: 'ordinaria', title: 'Hora má', date: `${year + 2}-04-01`, time: '25:00', place: 'Sede' })).status).toBe(422);

    const assembly = await ok('POST', '/api/assemblies', { kind: 'ordinaria', title: 'Contas', date: `${year + 2}-04-01`, time: '21:00', place: 'Sede' });
    const election = await ok('POST', '/api/assembly_items', { assembly: assembly._id, position: 1, title: 'Eleição dos órgãos sociais', majority: 'election' });
    expect(election).toMatchObject({ secret: true, vote_status: 'pending' });
    const custom = await json('POST', '/api/assembly_items', { assembly: assembly._id, position: 2, title: 'Outra', majority: 'custom' });
    expect(custom.status).toBe(422);
    expect(Object.keys(custom.body.errors).sort()).toEqual(['custom_base', 'custom_den', 'custom_num']);
    const taken = await json('POST', '/api/assembly_items', { assembly: assembly._id, position: 1, title: 'Contas do exercício', majority: 'ordinary' });
    expect(taken.body.errors).toEqual({ position: 'Já há um ponto com este número na ordem de trabalhos.' });
    const accounts = await ok('POST', '/api/assembly_items', { assembly: assembly._id, position: 2, title: 'Contas do exercício', majority: 'ordinary' });
    expect(accounts.secret).toBe(false);

    await db().updateTable('assemblies').set({ status: 'convened' }).where('_id', '=', Number(assembly._id)).execute();
    const moved = await json('PATCH', `/api/assemblies/${assembly._id}`, { date: `${year + 2}-04-02` });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(CONVENED_FROZEN);
    // The notice is what the e-mails carried: letters printed later and the proof must say the same.
    expect((await json('PATCH', `/api/assemblies/${assembly._id}`, { notice_text: 'Convocatória corrigida.' })).status).toBe(409);
    await ok('PATCH', `/api/assemblies/${assembly._id}`, { minutes_text: 'Ata em rascunho.' });
    expect((await json('DELETE', `/api/assemblies/${assembly._id}`, undefined, (await server.login(await server.createUser('admin'))).access)).status).toBe(409);
    expect((await json('POST', '/api/assembly_items', { assembly: assembly._id, position: 3, title: 'Novo ponto', majority: 'ordinary' })).status).toBe(409);
    expect((await json('PATCH', `/api/assembly_items/${accounts._id}`, { title: 'Outro título' })).status).toBe(409);
    expect((await json('DELETE', `/api/assembly_items/${accounts._id}`)).status).toBe(409);
    await ok('PATCH', `/api/assembly_items/${accounts._id}`, { deliberation: 'As contas foram aprovadas.' });
  });
});

describe('the module switched off', () => {
  it('answers 404 on its resources and its routes', async () => {
    const assembly = (await db().selectFrom('assemblies').select('_id').executeTakeFirstOrThrow())._id;
    await setSetting('hasAssemblies', 'false');
    try {
      expect((await json('GET', '/api/assemblies')).status).toBe(404);
      expect((await json('GET', `/api/assemblies/${assembly}/quorum`)).status).toBe(404);
    } finally {
      await setSetting('hasAssemblies', 'true');
    }
  });
});
