import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';
import { testEngine } from './support/server.js';
import { apply, applyConfirmed, json, startApplications, type Setup } from './applications/support.js';

// The consent register (issue 34): a member's consents read and changed by them or by staff, and
// messages to many members by purpose that leave out who gave no consent and say why.

let server: ResourceTestServer;
let staff: string;
const now = Date.parse('2026-11-28T10:00:00Z');
/** The hundred members of the newsletter, socio1..socio100@exemplo.pt. */
const hundred: number[] = [];

const post = (url: string, body: unknown, token = staff) => server.json('POST', url, token, body);
const get = (url: string, token = staff) => server.json('GET', url, token);
const db = () => server.database.db;

const messagesOf = async (batch: string) =>
  (await db().selectFrom('messages').select(['recipient', 'body']).where('dedupe_key', 'like', `broadcast:${batch}:%`).execute()).map((m) => ({ recipient: String(m.recipient), body: String(m.body) }));

const newsletter = (batch: string, extra: Record<string, unknown> = {}) =>
  post('/api/members/broadcast', { batch_key: batch, purpose: 'newsletter', subject: 'Notícias de dezembro', body: 'Olá {nome}, eis as notícias.', ids: hundred, ...extra });

const counts = async () => ({
  consents: Number((await db().selectFrom('consents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  audit: Number((await db().selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('resource', '=', 'consents').executeTakeFirstOrThrow()).n),
  messages: Number((await db().selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
});

beforeAll(async () => {
  server = await startResourceServer();
  server.ctx.now = () => now;
  staff = (await server.as('editor')).token;
  for (let i = 1; i <= 100; i += 1) {
    const member = await post('/api/members', { name: `Sócio ${i}`, email: `socio${i}@exemplo.pt`, dues_exempt: true });
    expect(member.status, JSON.stringify(member.body)).toBe(201);
    hundred.push(Number(member.body.data._id));
  }
  // Every one said yes on paper; the last thirty took it back.
  for (const id of hundred) expect((await post(`/api/members/${id}/consents`, { purpose: 'newsletter', granted: true })).status).toBe(200);
  for (const id of hundred.slice(70)) expect((await post(`/api/members/${id}/consents`, { purpose: 'newsletter', granted: false })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe(`consent register (${testEngine})`, () => {
  it('a newsletter to 100 members of whom 30 withdrew queues 70 messages and says 30 were left out for lack of consent', async () => {
    const before = await counts();
    const dry = await newsletter('newsletter-dez-1', { dry_run: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data).toMatchObject({ members: 100, to_send: 70, queued: null, dry_run: true, left_out: { no_consent: 30, no_email: 0, ended: 0 } });
    expect((await counts()).messages).toBe(before.messages);

    const sent = await newsletter('newsletter-dez-1');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ members: 100, to_send: 70, queued: 70, job: null, left_out: { no_consent: 30, no_email: 0, ended: 0 } });
    const queued = await messagesOf('newsletter-dez-1');
    expect(new Set(queued.map((m) => m.recipient))).toEqual(new Set(Array.from({ length: 70 }, (_, i) => `socio${i + 1}@exemplo.pt`)));
    expect(queued.find((m) => m.recipient === 'socio1@exemplo.pt')?.body).toMatch(/^Olá Sócio 1, eis as notícias\.[\s\S]*consentimento para «Newsletter»/);

    // The same batch again (a double click) queues nothing twice.
    expect((await newsletter('newsletter-dez-1')).status).toBe(200);
    expect(await messagesOf('newsletter-dez-1')).toHaveLength(70);
  });

  it("a withdrawal through the member's own route takes effect for the next message", async () => {
    const first = hundred[0]!;
    const { token } = await server.as('member', { memberId: first });
    const own = await get(`/api/members/${first}/consents`, token);
    expect(own.status).toBe(200);
    expect(own.body.data.purposes.find((p: { purpose: { key: string } }) => p.purpose.key === 'newsletter')).toMatchObject({ asks: true, state: 'granted', source: 'papel', text_version: 1 });

    const withdrawn = await post(`/api/members/${first}/consents`, { purpose: 'newsletter', granted: false }, token);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body.data.purposes.find((p: { purpose: { key: string } }) => p.purpose.key === 'newsletter')).toMatchObject({ state: 'withdrawn', source: 'area_socio', withdrawn_at: new Date(now).toISOString() });
    // The change is in the audit trail, by the member.
    const row = await db().selectFrom('consents').select('_id').where('member', '=', first).executeTakeFirstOrThrow();
    const entry = await db().selectFrom('audit_log').select(['action', 'changes', 'actor_kind']).where('resource', '=', 'consents').where('record_id', '=', Number(row._id)).orderBy('_id', 'desc').executeTakeFirstOrThrow();
    expect(entry.action).toBe('update');
    expect(JSON.parse(String(entry.changes)).state).toEqual(['granted', 'withdrawn']);

    const next = await newsletter('newsletter-dez-2');
    expect(next.body.data).toMatchObject({ queued: 69, left_out: { no_consent: 31, no_email: 0, ended: 0 } });
    expect((await messagesOf('newsletter-dez-2')).map((m) => m.recipient)).not.toContain('socio1@exemplo.pt');
  });

  it('a contract-basis purpose reaches everyone with e-mail, and says who has none or left', async () => {
    const noEmail = Number((await post('/api/members', { name: 'Sem Endereço', dues_exempt: true })).body.data._id);
    const left = Number((await post('/api/members', { name: 'Já Saiu', email: 'saiu@exemplo.pt', dues_exempt: true, state: await server.stateId('Desistente') })).body.data._id);
    const answer = await post('/api/members/broadcast', { batch_key: 'assembleia-2026', purpose: 'quotas', subject: 'Quotas de 2027', body: 'Olá {nome}.', ids: [...hundred, noEmail, left] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ members: 102, queued: 100, left_out: { no_consent: 0, no_email: 1, ended: 1 } });
    // No consent asked: the withdrawn newsletter does not matter, and the text says nothing of consent.
    const queued = await messagesOf('assembleia-2026');
    expect(queued.map((m) => m.recipient)).toContain('socio100@exemplo.pt');
    expect(queued[0]!.body).not.toMatch(/consentimento/);
  });

  it('the members list filters choose the members', async () => {
    const answer = await post('/api/members/broadcast', { batch_key: 'so-um-socio', purpose: 'newsletter', subject: 'Só um', body: 'Olá.', query: '_search=socio2@exemplo.pt', dry_run: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ members: 1, to_send: 1 });
  });

  it('bad input is a 422 in Portuguese and changes nothing', async () => {
    const before = await counts();
    const member = hundred[1]!;
    const unknown = await post(`/api/members/${member}/consents`, { purpose: 'nao-existe', granted: true });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.purpose).toBe('Finalidade desconhecida.');
    const contract = await post(`/api/members/${member}/consents`, { purpose: 'quotas', granted: false });
    expect(contract.status).toBe(422);
    expect(contract.body.errors.purpose).toMatch(/não depende de consentimento/);
    const noAnswer = await post(`/api/members/${member}/consents`, { purpose: 'newsletter' });
    expect(noAnswer.status).toBe(422);
    expect(noAnswer.body.errors.granted).toBeTruthy();
    const source = await post(`/api/members/${member}/consents`, { purpose: 'newsletter', granted: true, source: 'formulario' });
    expect(source.status).toBe(422);

    const purpose = await post('/api/members/broadcast', { batch_key: 'finalidade-errada', purpose: 'nao-existe', subject: 'Olá', body: 'Olá.', ids: hundred });
    expect(purpose.status).toBe(422);
    expect(purpose.body.errors.purpose).toMatch(/Finalidade desconhecida/);
    const key = await post('/api/members/broadcast', { batch_key: 'curto', purpose: 'newsletter', subject: 'Olá', body: 'Olá.', ids: hundred });
    expect(key.status).toBe(422);
    expect(key.body.errors.batch_key).toMatch(/Identificador do envio inválido/);
    const subject = await post('/api/members/broadcast', { batch_key: 'sem-assunto-1', purpose: 'newsletter', body: 'Olá.', ids: hundred });
    expect(subject.status).toBe(422);
    expect(subject.body.errors.subject).toBeTruthy();
    expect(await counts()).toEqual(before);
  });

  it("a member cannot read or change another member's consents", async () => {
    const [mine, theirs] = [hundred[2]!, hundred[3]!];
    const { token } = await server.as('member', { memberId: mine });
    const before = await counts();
    expect((await get(`/api/members/${theirs}/consents`, token)).status).toBe(403);
    expect((await post(`/api/members/${theirs}/consents`, { purpose: 'newsletter', granted: false }, token)).status).toBe(403);
    // The register's list shows a member only their own rows.
    const listed = await get('/api/consents?_limit=500', token);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row: { member: number }) => row.member)).toEqual([mine]);
    // Nor may they send messages to members.
    expect((await post('/api/members/broadcast', { batch_key: 'de-um-socio-1', purpose: 'newsletter', subject: 'Olá', body: 'Olá.' }, token)).status).toBe(403);
    expect(await counts()).toEqual(before);
    // Staff asking about a member who does not exist: 404.
    expect((await get('/api/members/999999/consents')).status).toBe(404);
  });
});

describe(`a large broadcast (${testEngine})`, () => {
  it('above the inline maximum the messages are queued by a job that reads the audience when it runs', async () => {
    // 102 members so far: 101 more make the messages more than BROADCAST_INLINE_MAX (200).
    for (let i = 101; i <= 201; i += 1) expect((await post('/api/members', { name: `Sócio ${i}`, email: `socio${i}@exemplo.pt`, dues_exempt: true })).status).toBe(201);
    const answer = await post('/api/members/broadcast', { batch_key: 'todos-os-socios', purpose: 'quotas', subject: 'Quotas de 2027', body: 'Olá {nome}.' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ members: 203, to_send: 201, queued: null, job: { name: 'privacy.broadcast', state: 'queued' } });
    expect(await messagesOf('todos-os-socios')).toHaveLength(0);
    // A member's e-mail removed before the job runs: the job reads the audience again.
    await db().updateTable('members').set({ email: null }).where('_id', '=', hundred[4]!).execute();
    await server.app.jobs.tick();
    const job = await db().selectFrom('jobs').select(['state', 'result']).where('name', '=', 'privacy.broadcast').executeTakeFirstOrThrow();
    expect(job.state).toBe('done');
    expect(JSON.parse(String(job.result))).toEqual({ queued: 200, left_out: { no_consent: 0, no_email: 2, ended: 1 } });
    expect(await messagesOf('todos-os-socios')).toHaveLength(200);
  }, 120_000);
});

describe(`consents on the application form (${testEngine})`, () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await startApplications();
  });
  afterAll(async () => {
    await setup?.server.close();
  });

  it('the form asks the on_application purposes, and accepting carries the answers to the member', async () => {
    const form = await json(setup.server, 'GET', '/api/member_applications/form');
    expect(form.body.data.consentPurposes.map((p: { key: string }) => p.key)).toEqual(['newsletter', 'fotografias', 'federacao']);

    // A text changed since the form was shown: refused, nothing stored.
    const wrong = await apply(setup, { email: 'errado@exemplo.pt', consents: { newsletter: 7 } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.consents).toMatch(/mudou entretanto/);

    const created = await applyConfirmed(setup, { email: 'ana@exemplo.pt', consents: { newsletter: 1, fotografias: 1 } });
    const accepted = await json(setup.server, 'POST', `/api/member_applications/${created.body.data.id}/accept`, {}, setup.staff);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const member = Number(accepted.body.data.member);
    const consents = await json(setup.server, 'GET', `/api/members/${member}/consents`, undefined, setup.staff);
    const byKey = Object.fromEntries(consents.body.data.purposes.map((p: { purpose: { key: string } }) => [p.purpose.key, p]));
    expect(byKey.newsletter).toMatchObject({ state: 'granted', source: 'formulario', text_version: 1 });
    expect(byKey.fotografias).toMatchObject({ state: 'granted', source: 'formulario' });
    expect(byKey.federacao).toMatchObject({ state: null });
    expect(byKey.quotas).toMatchObject({ asks: false, state: null });
  });
});
