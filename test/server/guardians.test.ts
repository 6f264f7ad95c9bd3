import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '../../src/core/contract.js';
import { decodeJwtPayload } from '../../src/core/jwt.js';
import { lisbonDay } from '../../src/core/days.js';
import { deliverableBody } from '../../src/server/messages/message-secrets.js';
import { createSender } from '../../src/server/messages/sender.js';
import { planReminders } from '../../src/server/modules/reminders/planning.js';
import { sendApproved } from '../../src/server/modules/reminders/sending.js';
import { seedDemoCollecting } from '../../src/server/seed/demo-collecting.js';
import { debts } from '../../src/server/modules/dues/debts.js';
import { owningUsers } from '../../src/server/resources/events.js';
import { startSmtp, type LocalSmtp } from '../e2e/support/smtp.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';

// A minor member's guardian (issue 34): the minor's messages (reminders, payment links, the
// welcome of an accepted application) reach the guardian's mailbox, a local SMTP server here;
// an adult's reach the adult. The guardian signs in by login link to an account of their own,
// chooses one of their minors, and sees and pays that minor's debts as the minor would, and
// nobody else's.

let smtp: LocalSmtp | undefined;
let server: ResourceTestServer;
let staff: string;
let active: number;
let category: number;
/** The server's clock: moved by the tests, never by waiting. */
let now = Date.parse('2026-02-20T10:00:00Z');

const GUARDIAN = 'marta.silva@exemplo.pt';
const db = () => server.database.db;
const post = (url: string, body: unknown, token = staff) => server.json('POST', url, token, body);
const get = (url: string, token = staff) => server.json('GET', url, token);

async function setting(name: string, value: string) {
  const stamp = new Date(now).toISOString();
  await db().insertInto('settings').values({ name, value, created_at: stamp, updated_at: stamp }).onConflict((oc) => oc.column('name').doUpdateSet({ value })).execute();
}

async function member(name: string, extra: Record<string, unknown>): Promise<number> {
  const answer = await post('/api/members', { name, state: active, fee_category: category, admission_date: '2026-01-01', ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.body.data._id);
}

async function debt(memberId: number, amount: number, description = 'Quota 2026'): Promise<number> {
  const answer = await post('/api/unsettled_payments/raise', { member: memberId, kind: 'other', year: 2026, amount, due_date: '2026-01-31', description });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Number(answer.body.data._id);
}

/** Everything in the outbox delivered to the local mail server; what arrived since `from`. */
async function deliver(from = smtp!.delivered.length) {
  const sender = createSender(server.ctx, { log: () => undefined });
  try {
    await sender.runOnce();
  } finally {
    await sender.stop();
  }
  return smtp!.delivered.slice(from);
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A delivered e-mail's text as a person reads it (its quoted-printable parts decoded). */
const readable = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** The newest message in the outbox (what the last action queued). */
const lastMessage = () => db().selectFrom('messages').select(['recipient', 'subject']).orderBy('_id', 'desc').limit(1).executeTakeFirstOrThrow();

let tiago: number;
let ines: number;
let carlos: number;
let rui: number;
let tiagoDebt: number;
let inesDebt: number;
let carlosDebt: number;
let ruiDebt: number;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startResourceServer({ smtpUrl: smtp.url, mailFrom: 'Associa <avisos@associa.test>' });
  server.ctx.now = () => now;
  staff = (await server.as('editor')).token;
  active = await server.stateId('Ativo');
  await setting('name', 'Clube Juvenil do Vale');
  await setting('reminderHoldBackDays', '0');
  await setting('automatedMemberPayments', 'true');
  await setting('SendMessages', 'true');
  const created = await post('/api/fee_categories', { name: 'Juvenil' });
  expect(created.status).toBe(201);
  category = Number(created.body.data._id);
  const guardian = { guardian_name: 'Marta Silva', guardian_relation: 'mae', guardian_email: GUARDIAN, guardian_phone: '912345678' };
  // Two minors of one guardian, one without an e-mail of his own.
  tiago = await member('Tiago Silva', { number: 301, birth_date: '2014-05-01', ...guardian });
  ines = await member('Inês Silva', { number: 302, birth_date: '2016-03-03', email: 'ines.silva@exemplo.pt', ...guardian });
  // An adult keeps their own messages, whatever guardian the record still names.
  carlos = await member('Carlos Adulto', { number: 303, birth_date: '1980-02-02', email: 'carlos@exemplo.pt', guardian_name: 'Antigo Tutor', guardian_email: 'antigo@exemplo.pt' });
  // Someone else's minor.
  rui = await member('Rui Pereira', { number: 304, birth_date: '2015-07-07', guardian_name: 'Pedro Pereira', guardian_email: 'pedro@exemplo.pt' });
  tiagoDebt = await debt(tiago, 1200);
  inesDebt = await debt(ines, 900);
  carlosDebt = await debt(carlos, 2400);
  ruiDebt = await debt(rui, 1200);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe("a minor's messages reach the guardian", () => {
  it('reminders: the minors’ to the guardian (named in the data as the member), the adult’s to the adult, delivered by SMTP', async () => {
    const stage = await post('/api/reminder_stages', {
      name: 'Primeiro aviso', category: null, offset_days: 5, channel: 'email',
      subject: 'Quotas em atraso: {associacao}', body: 'Olá,\nA quota de {nome} (n.º {numero}) está em atraso: {total}.\n{link_pagamento}',
    });
    expect(stage.status, JSON.stringify(stage.body)).toBe(201);
    await planReminders(db(), server.database.engine, lisbonDay(now), now);
    expect(await sendApproved(server.ctx, db())).toMatchObject({ sent: 4, skipped: 0 });
    const queued = await db().selectFrom('messages').select(['recipient', 'subject', 'dedupe_key']).where('dedupe_key', 'like', 'reminder:%').orderBy('recipient').execute();
    expect(queued.map((m) => m.recipient)).toEqual(['carlos@exemplo.pt', GUARDIAN, GUARDIAN, 'pedro@exemplo.pt']);

    const mails = await deliver(0);
    const reminders = mails.filter((mail) => mail.raw.includes('Quotas em atraso'));
    expect(reminders.map((mail) => mail.to).sort()).toEqual([['carlos@exemplo.pt'], [GUARDIAN], [GUARDIAN], ['pedro@exemplo.pt']]);
    const toMarta = reminders.filter((mail) => mail.to[0] === GUARDIAN).map((mail) => readable(mail.raw)).join('\n');
    expect(toMarta).toContain('A quota de Tiago Silva (n.º 301) está em atraso');
    expect(toMarta).toContain('A quota de Inês Silva (n.º 302) está em atraso');
    // The payment link is a real one (the secret link is filled in on delivery).
    expect(toMarta).toMatch(/http:\/\/associa\.test\/informacaoDePagamento\//);
    expect(reminders.some((mail) => mail.to.includes('antigo@exemplo.pt'))).toBe(false);
  });

  it('a payment link handed over by e-mail goes to the guardian of a minor and to an adult themselves', async () => {
    const from = smtp!.delivered.length;
    const minor = await post('/api/payment_links/hand_over', { member: tiago, way: 'email' });
    expect(minor.status, JSON.stringify(minor.body)).toBe(200);
    expect(minor.body.data).toMatchObject({ way: 'email', recipient: GUARDIAN });
    const adult = await post('/api/payment_links/hand_over', { member: carlos, way: 'email' });
    expect(adult.status, JSON.stringify(adult.body)).toBe(200);
    expect(adult.body.data).toMatchObject({ way: 'email', recipient: 'carlos@exemplo.pt' });
    const mails = (await deliver(from)).filter((mail) => mail.raw.includes('Pagamento de quotas'));
    expect(mails.map((mail) => mail.to)).toEqual([[GUARDIAN], ['carlos@exemplo.pt']]);
  });

  it("a receipt e-mailed by staff goes to a minor's guardian, greeting them, and to an adult themselves", async () => {
    await setting('hasTreasury', 'true');
    const today = lisbonDay(now);
    const minorReceipt = (await post('/api/payments/record', { member: rui, date: today, amount: 300, method: 'numerario' })).body.data.receipt;
    const sent = await post(`/api/treasury_docs/${minorReceipt._id}/send`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const toGuardian = await db().selectFrom('messages').select(['recipient', 'body']).where('_id', '=', Number(sent.body.data.message)).executeTakeFirstOrThrow();
    expect(toGuardian.recipient).toBe('pedro@exemplo.pt');
    expect(String(toGuardian.body)).toMatch(/^Caro\(a\) Pedro Pereira,/);
    const adultReceipt = (await post('/api/payments/record', { member: carlos, date: today, amount: 300, method: 'numerario' })).body.data.receipt;
    const adult = await post(`/api/treasury_docs/${adultReceipt._id}/send`, {});
    const toAdult = await db().selectFrom('messages').select(['recipient', 'body']).where('_id', '=', Number(adult.body.data.message)).executeTakeFirstOrThrow();
    expect(toAdult.recipient).toBe('carlos@exemplo.pt');
    expect(String(toAdult.body)).toMatch(/^Caro\(a\) Carlos Adulto,/);
  });

  it('a minor without a guardian e-mail nor one of their own has nowhere to be sent a link', async () => {
    const alone = await member('Sem Contacto', { number: 305, birth_date: '2013-01-01', guardian_name: 'Alguém' });
    const answer = await post('/api/payment_links/hand_over', { member: alone, way: 'email' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.way).toMatch(/não tem e-mail/);
  });
});

describe('the guardian signs in and uses the member dashboard for each minor', () => {
  let guardianTokens: TokenPair;

  async function linkCode(email: string): Promise<string> {
    const message = await db().selectFrom('messages').select('_id').where('recipient', '=', email).where('subject', '=', 'Entrar no Associa').orderBy('_id', 'desc').executeTakeFirstOrThrow();
    const body = (await deliverableBody(db(), Number(message._id))) ?? '';
    const match = /\/autorizacao\/loginporlink\/([A-Za-z0-9_-]+)/.exec(body);
    expect(match, body).not.toBeNull();
    return match![1]!;
  }

  async function choose(member: number | null, tokens: TokenPair) {
    const response = await server.request({ method: 'POST', url: '/api/own/minors/choose', headers: bearer(tokens.access), payload: { member, refreshToken: tokens.refresh } });
    return { status: response.statusCode, body: response.json() };
  }

  it('asking for a login link with the guardian e-mail makes the guardian account once and signs it in', async () => {
    for (const attempt of [1, 2]) {
      const asked = await server.json('POST', '/api/auth', undefined, { email: 'Marta.Silva@exemplo.pt', recover_password: true });
      expect(asked.status, `attempt ${attempt}`).toBe(204);
    }
    const accounts = await db().selectFrom('users').select(['username', 'email', 'role', 'member', 'name', 'password_hash']).where('username', '=', GUARDIAN).execute();
    expect(accounts).toEqual([{ username: GUARDIAN, email: GUARDIAN, role: 'member', member: null, name: 'Marta Silva', password_hash: null }]);
    const signedIn = await server.json('POST', '/api/auth', undefined, { recoverCode: await linkCode(GUARDIAN) });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    guardianTokens = signedIn.body as TokenPair;
    // An address that is nobody's guardian gets no account (and the same answer).
    expect((await server.json('POST', '/api/auth', undefined, { email: 'ninguem@exemplo.pt', recover_password: true })).status).toBe(204);
    expect(await db().selectFrom('users').select('_id').where('username', '=', 'ninguem@exemplo.pt').execute()).toEqual([]);
  });

  it("is told of changes to each minor's records (the dashboard updates live), never of an adult's nor another's child's", async () => {
    const marta = Number((await db().selectFrom('users').select('_id').where('username', '=', GUARDIAN).executeTakeFirstOrThrow())._id);
    const stamp = new Date(now).toISOString();
    const former = Number(
      (await db().insertInto('users').values({ username: 'antigo@exemplo.pt', name: 'Antigo Tutor', email: 'antigo@exemplo.pt', role: 'member', member: null, active: 1, password_hash: null, created_at: stamp, updated_at: stamp }).returning('_id').executeTakeFirstOrThrow())._id,
    );
    const told = (member: number) => owningUsers(db(), debts, [{ member }], now);
    expect(await told(tiago)).toContain(marta);
    expect(await told(ines)).toContain(marta);
    expect(await told(rui)).not.toContain(marta);
    expect(await told(carlos)).not.toContain(former);
    // An adult's own account is told of their records; the guardian's of a minor is told beside the minor's own.
    const own = (member: number, username: string) =>
      db().insertInto('users').values({ username, name: username, email: username, role: 'member', member, active: 1, password_hash: null, created_at: stamp, updated_at: stamp }).returning('_id').executeTakeFirstOrThrow();
    const ruiOwn = Number((await own(rui, 'rui.proprio@exemplo.pt'))._id);
    const tiagoOwn = Number((await own(tiago, 'tiago.proprio@exemplo.pt'))._id);
    expect(await told(rui)).toEqual([ruiOwn]);
    expect((await told(tiago)).sort((a, b) => a - b)).toEqual([marta, tiagoOwn].sort((a, b) => a - b));
    await db().deleteFrom('users').where('_id', 'in', [ruiOwn, tiagoOwn]).execute();
    // Tiago comes of age: no longer.
    expect(await owningUsers(db(), debts, [{ member: tiago }], Date.parse('2032-05-02T10:00:00Z'))).not.toContain(marta);
    await db().deleteFrom('users').where('_id', '=', former).execute();
  });

  it("an address with '+' or over 100 characters names a guardian's account too (usernames hold any e-mail)", async () => {
    const address = `pai+escola.${'a'.repeat(50)}@${'b'.repeat(60)}.exemplo.pt`;
    expect(address.length).toBeGreaterThan(100);
    const minor = await member('Tiago Longo', { number: 390, birth_date: '2016-03-03', guardian_name: 'Pai Longo', guardian_email: address });
    expect((await server.json('POST', '/api/auth', undefined, { email: address, recover_password: true })).status).toBe(204);
    const accounts = await db().selectFrom('users').select(['username', 'email']).where('username', '=', address).execute();
    expect(accounts).toEqual([{ username: address, email: address }]);
    expect((await server.json('POST', '/api/auth', undefined, { recoverCode: await linkCode(address) })).status).toBe(200);
    await db().deleteFrom('members').where('_id', '=', minor).execute();
  });

  it('lists the two minors; before choosing, the account reads no member', async () => {
    const minors = await get('/api/own/minors', guardianTokens.access);
    expect(minors.status).toBe(200);
    expect(minors.body.data).toEqual([
      { _id: tiago, number: 301, name: 'Tiago Silva' },
      { _id: ines, number: 302, name: 'Inês Silva' },
    ]);
    expect((await get(`/api/members/${tiago}`, guardianTokens.access)).status).toBe(403);
    expect((await get(`/api/members/${tiago}/statement`, guardianTokens.access)).status).toBe(404);
  });

  it("reads each minor's statement and pays their debts through the member's own payment route", async () => {
    await seedDemoCollecting(db(), now);
    const forTiago = await choose(tiago, guardianTokens);
    expect(forTiago.status, JSON.stringify(forTiago.body)).toBe(200);
    expect(decodeJwtPayload<{ act?: number }>(forTiago.body.access)?.act).toBe(tiago);
    // The session it replaced has ended.
    expect((await server.json('POST', '/api/auth/refresh', undefined, { refreshToken: guardianTokens.refresh })).status).toBe(401);
    guardianTokens = forTiago.body;

    const record = await get(`/api/members/${tiago}`, guardianTokens.access);
    expect({ status: record.status, name: record.body.data?.name }).toEqual({ status: 200, name: 'Tiago Silva' });
    const statement = await get(`/api/members/${tiago}/statement`, guardianTokens.access);
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    expect(JSON.stringify(statement.body.data)).toContain('Quota 2026');
    const debts = await get('/api/unsettled_payments', guardianTokens.access);
    expect(debts.body.data.map((d: { _id: number }) => d._id)).toEqual([tiagoDebt]);

    const paying = await post('/api/payment_requests/own', { debts: [tiagoDebt], method: 'multibanco' }, guardianTokens.access);
    expect(paying.status, JSON.stringify(paying.body)).toBe(201);
    expect({ member: paying.body.data.member, amount: paying.body.data.amount }).toEqual({ member: tiago, amount: 1200 });
    // Not the other minor's debt while acting for this one, nor anyone else's.
    const wrong = await post('/api/payment_requests/own', { debts: [inesDebt], method: 'multibanco' }, guardianTokens.access);
    expect(wrong.status).toBe(422);

    // A refresh keeps acting for the same minor.
    const rotated = await server.json('POST', '/api/auth/refresh', undefined, { refreshToken: guardianTokens.refresh });
    expect(rotated.status).toBe(200);
    guardianTokens = rotated.body as TokenPair;
    expect((await get(`/api/members/${tiago}`, guardianTokens.access)).status).toBe(200);

    const forInes = await choose(ines, guardianTokens);
    expect(forInes.status).toBe(200);
    guardianTokens = forInes.body;
    expect((await get(`/api/members/${tiago}`, guardianTokens.access)).status).toBe(403);
    const hers = await get(`/api/members/${ines}/statement`, guardianTokens.access);
    expect(hers.status).toBe(200);
    const paid = await post('/api/payment_requests/own', { debts: [inesDebt], method: 'multibanco' }, guardianTokens.access);
    expect({ status: paid.status, member: paid.body.data?.member }).toEqual({ status: 201, member: ines });
    // Who used the minor's dashboard is in the minor's history.
    const audit = await db().selectFrom('audit_log').select(['resource', 'record_id', 'action']).where('action', '=', 'guardian_access').orderBy('_id').execute();
    expect(audit.map((a) => Number(a.record_id))).toEqual([tiago, ines]);
  });

  it("cannot act for a member who is not their minor: another's child, an adult, a made-up claim", async () => {
    const before = guardianTokens;
    const other = await choose(rui, guardianTokens);
    expect(other.status).toBe(403);
    expect(other.body.message).toMatch(/encarregado de educação/);
    expect((await choose(carlos, guardianTokens)).status).toBe(403);
    // Refused choices end nothing: the session still works.
    expect((await get(`/api/members/${ines}`, before.access)).status).toBe(200);
    for (const id of [rui, carlos]) {
      expect((await get(`/api/members/${id}`, guardianTokens.access)).status).toBe(403);
      expect((await get(`/api/members/${id}/statement`, guardianTokens.access)).status).toBe(404);
    }
    expect((await post('/api/payment_requests/own', { debts: [ruiDebt], method: 'multibanco' }, guardianTokens.access)).status).toBe(422);
    expect((await post('/api/payment_requests/own', { debts: [carlosDebt], method: 'multibanco' }, guardianTokens.access)).status).toBe(422);
    // A refresh token that is not this account's own session ends nothing.
    const stranger = await server.login(await server.createUser('member', { memberId: carlos }));
    expect((await choose(tiago, { access: guardianTokens.access, refresh: stranger.refresh })).status).toBe(400);
    expect((await choose(tiago, { access: guardianTokens.access, refresh: 'not-a-token' })).status).toBe(400);
    expect((await server.json('POST', '/api/auth/refresh', undefined, { refreshToken: stranger.refresh })).status).toBe(200);
    expect((await get(`/api/members/${ines}`, guardianTokens.access)).status).toBe(200);
  });

  it('only member accounts may ask; without a session, 401', async () => {
    expect((await get('/api/own/minors', staff)).status).toBe(403);
    expect((await server.json('GET', '/api/own/minors', undefined)).status).toBe(401);
    expect((await server.json('POST', '/api/own/minors/choose', undefined, { member: tiago, refreshToken: 'x' })).status).toBe(401);
    const adult = await server.as('member', { memberId: carlos });
    expect((await get('/api/own/minors', adult.token)).body.data).toEqual([]);
  });

  it('once the minor is no longer theirs, the session shows the minor no more', async () => {
    expect((await get(`/api/members/${ines}`, guardianTokens.access)).status).toBe(200);
    const changed = await server.json('PATCH', `/api/members/${ines}`, staff, { guardian_email: 'pai.silva@exemplo.pt' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await get(`/api/members/${ines}`, guardianTokens.access)).status).toBe(403);
    expect((await get('/api/own/minors', guardianTokens.access)).body.data.map((m: { _id: number }) => m._id)).toEqual([tiago]);
    // Coming of age ends it too (a birth date corrected to one 18 years ago is the same case).
    const forTiago = await choose(tiago, guardianTokens);
    expect(forTiago.status).toBe(200);
    guardianTokens = forTiago.body;
    expect((await get(`/api/members/${tiago}`, guardianTokens.access)).status).toBe(200);
    const grown = await server.json('PATCH', `/api/members/${tiago}`, staff, { birth_date: '2008-02-19' });
    expect(grown.status, JSON.stringify(grown.body)).toBe(200);
    expect((await get(`/api/members/${tiago}`, guardianTokens.access)).status).toBe(403);
    expect((await get('/api/own/minors', guardianTokens.access)).body.data).toEqual([]);
    expect((await choose(tiago, guardianTokens)).status).toBe(403);
  });
});

describe("accepting a minor's application carries the guardian", () => {
  it('asks the guardian e-mail of a minor on the public form, then copies the guardian to the member and welcomes through the guardian', async () => {
    await setting('hasMemberApplication', 'true');
    await setting('applicationConfirmationRequired', 'false');
    const minorApplicant = {
      name: 'Joana Costa', email: 'joana.costa@exemplo.pt', phone: '912345678', nif: '123456789', birth_date: '2015-09-09',
      address: 'Rua das Flores, 12', postal_code: '1000-001', locality: 'Lisboa', feeCategory: category, website: '',
      guardianName: 'Paulo Costa', guardianConsent: true,
    };
    async function send(extra: Record<string, unknown>) {
      const form = await server.json('GET', '/api/member_applications/form', undefined);
      expect(form.status).toBe(200);
      now += 5_000;
      return server.json('POST', '/api/member_applications', undefined, { ...minorApplicant, formToken: form.body.data.formToken, consentVersion: form.body.data.consentVersion, ...extra });
    }
    const lacking = await send({});
    expect(lacking.status).toBe(422);
    expect(lacking.body.errors.guardian_email).toBe('Candidato menor de idade: indique o e-mail do encarregado de educação (as mensagens do sócio vão para lá).');
    const badEmail = await send({ guardianEmail: 'paulo@' });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.errors.guardian_email).toBe('Endereço de e-mail inválido.');

    const sent = await send({ guardianEmail: 'Paulo.Costa@exemplo.pt', guardianPhone: '913 222 111', guardianRelation: 'pai' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = Number(sent.body.data.id);
    const application = await get(`/api/member_applications/${id}`);
    expect(application.body.data).toMatchObject({ guardian_name: 'Paulo Costa', guardian_email: 'paulo.costa@exemplo.pt', guardian_relation: 'pai' });

    const accepted = await post(`/api/member_applications/${id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const memberId = Number(accepted.body.data.member);
    const record = await get(`/api/members/${memberId}`);
    expect(record.body.data).toMatchObject({ guardian_name: 'Paulo Costa', guardian_relation: 'pai', guardian_email: 'paulo.costa@exemplo.pt' });
    expect(String(record.body.data.guardian_phone).replace(/\D/g, '')).toContain('913222111');
    expect((await lastMessage()).recipient).toBe('paulo.costa@exemplo.pt');

    // A refusal of a minor's application is told to the guardian too.
    await setting('applicationRejectMessage', 'true');
    const refused = await send({ name: 'Duarte Costa', email: 'duarte.costa@exemplo.pt', guardianEmail: 'paulo.costa@exemplo.pt' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(201);
    const rejected = await post(`/api/member_applications/${Number(refused.body.data.id)}/reject`, { reason: 'Quotas de inscrição fechadas este ano.' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const told = await db().selectFrom('messages').select('recipient').where('body', 'like', '%Quotas de inscrição fechadas%').execute();
    expect(told.map((m) => m.recipient)).toEqual(['paulo.costa@exemplo.pt']);

    // An adult's application carries no guardian and is welcomed at their own address.
    const adult = await send({ name: 'Rosa Adulta', email: 'rosa@exemplo.pt', birth_date: '1985-01-01', guardianName: undefined, guardianConsent: undefined });
    expect(adult.status, JSON.stringify(adult.body)).toBe(201);
    const adultAccepted = await post(`/api/member_applications/${Number(adult.body.data.id)}/accept`, {});
    expect(adultAccepted.status).toBe(200);
    expect((await lastMessage()).recipient).toBe('rosa@exemplo.pt');
  });
});
