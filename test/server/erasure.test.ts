import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay } from '../../src/core/days.js';
import { loose } from '../../src/server/db/database.js';
import { openIfStored } from '../../src/server/files/store.js';
import { enqueueMessage } from '../../src/server/messages/outbox.js';
import { addYears, runRetention } from '../../src/server/modules/privacy/erasure/retention.js';
import { answerDueOn } from '../../src/server/modules/privacy/erasure/requests.js';
import { nifCheckDigit } from '../../src/server/resources/checks.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';

// Erasure of a member's personal data, the register of data-subject requests and the retention
// job (issue 34, part 5), on the real server (both engines): everything personal goes except the
// fiscal documents, which still verify and open; the erasure is recorded and answers the request.

let server: ResourceTestServer;
let admin: string;
let editor: string;
let now = Date.parse('2026-11-28T10:00:00Z');
let active: number;
let left: number;
const ANA_NIF = `23456789${nifCheckDigit('23456789')}`;
const ANA = { name: 'Ana Gonçalves Lopes', email: 'ana.lopes@exemplo.pt', phone: '+351912345678', nif: ANA_NIF };

const db = () => server.database.db;
const today = () => lisbonDay(now);
const json = (method: string, url: string, body?: unknown, token = admin) => server.json(method, url, token, body);

async function ok(method: string, url: string, body?: unknown, token = admin) {
  const answer = await json(method, url, body, token);
  expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body.data;
}

/** Every member the list finds for a search, as staff see it. */
const found = async (term: string) => ((await ok('GET', `/api/members?_search=${encodeURIComponent(term)}`)) as { _id: number }[]).map((m) => m._id);

beforeAll(async () => {
  server = await startResourceServer();
  server.ctx.now = () => now;
  admin = (await server.as('admin')).token;
  editor = (await server.as('editor')).token;
  active = await server.stateId('Ativo');
  left = await server.stateId('Desistente');
  for (const [name, value] of [
    ['hasTreasury', 'true'],
    ['name', 'Associação Recreativa do Teste'],
  ]) {
    expect((await server.putSetting(admin, name!, value!)).status).toBeLessThan(300);
  }
});
afterAll(async () => {
  await server?.close();
});

describe('the register of data-subject requests', () => {
  it('dates the answer one month after receipt, the month’s last day when it has no such day', () => {
    expect(answerDueOn('2026-01-31')).toBe('2026-02-28');
    expect(answerDueOn('2026-12-15')).toBe('2027-01-15');
    expect(addYears('2024-02-29', 5)).toBe('2029-02-28');
  });

  it('records a request open with its due day, and closing it asks for the answer and notes who answered', async () => {
    const created = await ok('POST', '/api/data_subject_requests', { requester_name: 'Rui Costa', requester_contact: 'rui@exemplo.pt', kind: 'acesso', received_on: '2026-11-20' });
    expect(created).toMatchObject({ status: 'aberto', due_on: '2026-12-20', handled_by: null });
    const closed = await json('PATCH', `/api/data_subject_requests/${created._id}`, { status: 'respondido' });
    expect(closed.status).toBe(422);
    expect(closed.body.errors.answer).toMatch(/resposta/);
    const answered = await ok('PATCH', `/api/data_subject_requests/${created._id}`, { status: 'respondido', answer: 'Enviada a exportação dos dados.' });
    expect(answered).toMatchObject({ status: 'respondido', answered_on: today(), handled_by: expect.any(Number) });
    expect((await json('POST', '/api/data_subject_requests', { requester_name: 'X', kind: 'acesso' }, (await server.as('member')).token)).status).toBe(403);
  });
});

describe('erasure of a member with payments', () => {
  let ana: number;
  let number: number;
  let memberToken: string;
  let userId: number;
  let request: number;
  let receipt: { _id: number; number: string };
  let donationReceipt: number;
  let fileKey: string;
  let application: number;
  let householdId: number;
  let aloneId: number;
  let bruno: number;

  beforeAll(async () => {
    const created = await ok('POST', '/api/members', { ...ANA, dues_exempt: true, state: active, birth_date: '1980-05-04', address: 'Rua das Flores, 12', postal_code: '1000-100', locality: 'Lisboa', notes: 'Prefere ser contactada à tarde.' });
    ana = Number(created._id);
    number = Number(created.number);
    const user = await server.createUser('member', { memberId: ana, email: ANA.email });
    userId = user.id;
    memberToken = (await server.login(user)).access;
    // A debt, paid: the payment's receipt is a fiscal document; a donation with its own receipt.
    await ok('POST', '/api/unsettled_payments/raise', { member: ana, kind: 'other', year: 2026, amount: 1500, due_date: '2026-11-01', description: 'Quota 2026' });
    await ok('POST', '/api/payments/record', { member: ana, amount: 1500, date: today(), method: 'numerario' });
    const docs = await db().selectFrom('treasury_docs').select(['_id', 'number']).where('member', '=', ana).orderBy('_id').execute();
    expect(docs).toHaveLength(1);
    receipt = { _id: Number(docs[0]!._id), number: String(docs[0]!.number) };
    const donation = await ok('POST', '/api/donations', { date: today(), member: ana, amount: 5000 });
    donationReceipt = Number(donation.receipt);
    // A message to her, a scanned document with its bytes, the application she joined by.
    await db().transaction().execute((trx) => enqueueMessage(trx, now, { recipient: ANA.email, subject: 'Olá Ana Gonçalves Lopes', body: 'Bem-vinda, Ana.' }));
    fileKey = await server.ctx.files.write(Buffer.from('%PDF-1.4 documento de identificação'));
    const stamp = new Date(now).toISOString();
    const file = await loose(db())
      .insertInto('files')
      .values({ created_at: stamp, updated_at: stamp, owner_resource: 'members', owner_record: ana, owner_field: 'pdf_documents', original_name: 'cc-ana.pdf', content_type: 'application/pdf', size: 10, sha256: '0'.repeat(64), storage_key: fileKey, uploaded_by_kind: 'user', uploaded_by: 1 })
      .returning('_id')
      .executeTakeFirstOrThrow();
    await loose(db()).insertInto('member_files').values({ created_at: stamp, updated_at: stamp, kind: 'document', member: ana, file: Number(file._id) }).execute();
    const app = await loose(db())
      .insertInto('member_applications')
      .values({ created_at: stamp, updated_at: stamp, name: ANA.name, email: ANA.email, nif: ANA_NIF, phone: ANA.phone, state: 'accepted', member: ana })
      .returning('_id')
      .executeTakeFirstOrThrow();
    application = Number(app._id);
    request = Number((await ok('POST', '/api/data_subject_requests', { member: ana, requester_name: ANA.name, requester_contact: ANA.email, kind: 'apagamento' }))._id);
    // Her household and a consent (issue 34's other parts): both in her export, neither left after.
    const household = await ok('POST', '/api/households', { name: 'Agregado Gonçalves Lopes', payer_member: ana });
    await ok('PATCH', `/api/members/${ana}`, { household: household._id });
    householdId = Number(household._id);
    await ok('POST', `/api/members/${ana}/consents`, { purpose: 'newsletter', granted: true });
    // Another member of her household, whose household quota names her; and a household of hers alone.
    bruno = Number((await ok('POST', '/api/members', { name: 'Bruno Ferreira', dues_exempt: true, state: active, household: household._id }))._id);
    const quota = await ok('POST', '/api/unsettled_payments/raise', { member: bruno, kind: 'other', year: 2027, amount: 3000, due_date: '2027-01-31', description: `Quota 2027 do agregado: ${ANA.name}, Bruno Ferreira` });
    await loose(db()).updateTable('unsettled_payments').set({ household: household._id }).where('_id', '=', Number(quota._id)).execute();
    aloneId = Number((await ok('POST', '/api/households', { name: `Casa de ${ANA.name}`, payer_member: ana }))._id);
    // A provider's callback for her MB WAY request: what it sent beyond the proof of payment goes.
    const requestRow = await loose(db())
      .insertInto('payment_requests')
      .values({ created_at: stamp, updated_at: stamp, member: ana, method: 'mbway', amount: 1500, phone: '912345678', expires_at: stamp, state: 'paid', provider: 'ifthenpay', provider_order: 'erasure-test-1', provider_id: 'R1' })
      .returning('_id')
      .executeTakeFirstOrThrow();
    await loose(db())
      .insertInto('payment_callbacks')
      .values({ created_at: stamp, updated_at: stamp, provider: 'ifthenpay', dedupe_key: 'ifthenpay:R1:x:1500', request: Number(requestRow._id), outcome: 'recorded', raw: JSON.stringify({ key: '***', requestId: 'R1', amount: '15.00', payment_datetime: '2026-11-28 10:00', mobileNumber: '351#912345678' }) })
      .execute();
  });

  it('is refused while the person is still a member, and sets the day they left when they leave', async () => {
    const preview = await ok('GET', `/api/members/${ana}/erasure`);
    expect(preview.refusal).toMatch(/estado de saída/);
    expect((await json('POST', `/api/members/${ana}/erase`, { confirm_number: number })).status).toBe(409);
    const updated = await ok('PATCH', `/api/members/${ana}`, { state: left });
    expect(updated.left_on).toBe(today());
  });

  it('previews what goes and what stays, why and until when', async () => {
    const preview = await ok('GET', `/api/members/${ana}/erasure`);
    expect(preview.refusal).toBeNull();
    const count = (key: string) => (preview.erased as { key: string; count: number }[]).find((p) => p.key === key)?.count;
    expect(count('member')).toBe(1);
    expect(count('files')).toBe(1);
    expect(count('account')).toBe(1);
    expect(count('applications')).toBe(1);
    expect(count('messages')).toBeGreaterThanOrEqual(1);
    expect(count('households')).toBe(2);
    expect(count('provider_callbacks')).toBe(1);
    const kept = Object.fromEntries((preview.kept as { key: string; until: string | null; count: number; reason: string }[]).map((k) => [k.key, k]));
    const year = Number(today().slice(0, 4));
    expect(kept.fiscal_documents).toMatchObject({ count: 2, until: `${year + 10}-12-31` });
    expect(kept.fiscal_documents!.reason).toMatch(/CIVA/);
    expect(kept.donations).toMatchObject({ count: 1, until: `${year + 10}-12-31` });
    expect(preview.requests.map((r: { _id: number }) => r._id)).toEqual([request]);
  });

  it('is for administrators only and asks for the member’s number: otherwise nothing changes', async () => {
    expect((await json('POST', `/api/members/${ana}/erase`, { confirm_number: number }, editor)).status).toBe(403);
    expect((await json('POST', `/api/members/${ana}/erase`, { confirm_number: number }, memberToken)).status).toBe(403);
    expect((await json('GET', `/api/members/${ana}/erasure`, undefined, memberToken)).status).toBe(403);
    const wrong = await json('POST', `/api/members/${ana}/erase`, { confirm_number: number + 1 });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.confirm_number).toContain(String(number));
    const otherKind = Number((await ok('POST', '/api/data_subject_requests', { member: ana, requester_name: ANA.name, kind: 'acesso' }))._id);
    expect((await json('POST', `/api/members/${ana}/erase`, { confirm_number: number, request: otherKind })).body.errors?.request).toBeTruthy();
    expect((await ok('GET', `/api/members/${ana}`)).name).toBe(ANA.name);
    expect(await found('Gonçalves')).toContain(ana);
  });

  it('anonymises the person everywhere but the fiscal documents, which still verify and open; the export shows the difference', async () => {
    const before = await ok('GET', `/api/members/${ana}/export`);
    expect(before.member).toMatchObject({ name: ANA.name, nif: ANA_NIF, email: ANA.email });
    const section = (data: { sections: { resource: string; records: Record<string, unknown>[] }[] }, name: string) => data.sections.find((s) => s.resource === name)?.records ?? [];
    expect(section(before, 'messages').map((m) => m.subject)).toContain('Olá Ana Gonçalves Lopes');
    expect(section(before, 'data_subject_requests').map((r) => r.requester_name)).toContain(ANA.name);
    expect(section(before, 'households').map((h) => h.name)).toEqual(['Agregado Gonçalves Lopes']);
    expect(section(before, 'consents').map((c) => c.state)).toEqual(['granted']);

    const erased = await ok('POST', `/api/members/${ana}/erase`, { confirm_number: number, request });
    expect(erased).toMatchObject({ member: ana, erased_at: expect.any(String) });

    // The member's record, lists and search.
    const member = await ok('GET', `/api/members/${ana}`);
    expect(member).toMatchObject({ name: 'Titular apagado', number, email: null, phone: null, nif: null, birth_date: null, address: null, locality: null, notes: null, state: left, left_on: today() });
    expect(member.erased_at).toEqual(expect.any(String));
    for (const term of ['Gonçalves', ANA_NIF, ANA.email, '912345678', 'Lisboa']) expect(await found(term), term).not.toContain(ana);
    const balances = (await ok('GET', `/api/member_balances?_search=Gon%C3%A7alves`)) as unknown[];
    expect(balances).toHaveLength(0);

    // The fiscal documents: untouched, the chain intact, the PDF opens.
    const doc = await db().selectFrom('treasury_docs').selectAll().where('_id', '=', receipt._id).executeTakeFirstOrThrow();
    expect(doc).toMatchObject({ payer_name: ANA.name, payer_nif: ANA_NIF });
    expect((await ok('POST', '/api/treasury_docs/verify_integrity', {})).ok).toBe(true);
    for (const id of [receipt._id, donationReceipt]) {
      const pdf = await server.request({ method: 'GET', url: `/api/treasury_docs/${id}/pdf`, token: admin });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    }
    const donation = await db().selectFrom('donations').select(['donor_name', 'donor_nif']).where('member', '=', ana).executeTakeFirstOrThrow();
    expect(donation).toEqual({ donor_name: ANA.name, donor_nif: ANA_NIF });

    // Files and their bytes, the account, the application, the messages, the audit trail.
    expect(await db().selectFrom('member_files').select('_id').where('member', '=', ana).execute()).toHaveLength(0);
    expect(await openIfStored(server.ctx.files, fileKey)).toBeNull();
    const user = await db().selectFrom('users').select(['username', 'email', 'active', 'member', 'password_hash']).where('_id', '=', userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ username: `apagado-${userId}`, email: null, member: null, password_hash: null });
    expect(Number(user.active)).toBe(0);
    const app = await loose(db()).selectFrom('member_applications').selectAll().where('_id', '=', application).executeTakeFirstOrThrow();
    expect(app).toMatchObject({ name: 'Titular apagado', email: null, nif: null, phone: null, state: 'accepted' });
    const messages = await db().selectFrom('messages').select(['recipient', 'subject', 'body']).where('subject', 'like', '%Gonçalves%').execute();
    expect(messages).toHaveLength(0);
    const trail = await db().selectFrom('audit_log').select(['changes', 'actor_name']).where('resource', 'in', ['members', 'member_applications', 'users']).execute();
    const text = JSON.stringify(trail);
    for (const personal of ['Gonçalves', ANA_NIF, ANA.email, 'Rua das Flores']) expect(text, personal).not.toContain(personal);

    // The erasure is recorded, the request answered and still in the register, under no name.
    const record = await db().selectFrom('member_erasures').selectAll().where('member', '=', ana).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ reason: 'pedido', request, actor_kind: 'user' });
    const answered = await ok('GET', `/api/data_subject_requests/${request}`);
    expect(answered).toMatchObject({ status: 'respondido', answered_on: today(), requester_name: 'Titular apagado', requester_contact: null });
    expect(((await ok('GET', '/api/data_subject_requests?_kind=apagamento')) as { _id: number }[]).map((r) => r._id)).toContain(request);

    const after = await ok('GET', `/api/members/${ana}/export`);
    expect(after.member).toMatchObject({ name: 'Titular apagado', nif: null, email: null });
    expect(section(after, 'messages')).toHaveLength(0);
    expect(section(after, 'payments').map((p) => p.amount)).toEqual([1500]);
    expect(section(after, 'data_subject_requests').map((r) => r.requester_name)).not.toContain(ANA.name);
    expect(after.member.household).toBeNull();
    expect(section(after, 'households')).toHaveLength(0);
    expect(section(after, 'consents')).toHaveLength(0);
    // Her households: the shared one keeps its name and Bruno, loses her as payer; hers alone loses its name.
    const households = await db().selectFrom('households').select(['_id', 'name', 'payer_member']).where('_id', 'in', [householdId, aloneId]).orderBy('_id').execute();
    expect(households).toEqual([
      { _id: householdId, name: 'Agregado Gonçalves Lopes', payer_member: null },
      { _id: aloneId, name: 'Titular apagado', payer_member: null },
    ]);
    const quotas = await db().selectFrom('unsettled_payments').select('description').where('member', '=', bruno).execute();
    expect(quotas.map((q) => q.description)).toEqual(['Quota 2027 do agregado: Titular apagado, Bruno Ferreira']);
    const callbacks = await db().selectFrom('payment_callbacks').select('raw').where('dedupe_key', '=', 'ifthenpay:R1:x:1500').execute();
    expect(callbacks.map((c) => JSON.parse(c.raw))).toEqual([{ key: '***', requestId: 'R1', amount: '15.00', payment_datetime: '2026-11-28 10:00' }]);

    // Done is done: nothing personal is written back, a second erasure is refused, and the page says when it happened.
    const rewritten = await json('PATCH', `/api/members/${ana}`, { name: ANA.name, email: ANA.email });
    expect(rewritten.status).toBe(422);
    expect(Object.keys(rewritten.body.errors).sort()).toEqual(['email', 'name']);
    expect((await ok('PATCH', `/api/members/${ana}`, { left_on: '2026-10-31' })).left_on).toBe('2026-10-31');
    expect((await json('POST', `/api/members/${ana}/erase`, { confirm_number: number })).status).toBe(409);
    const preview = await ok('GET', `/api/members/${ana}/erasure`);
    expect(preview.erasure).toMatchObject({ reason: 'pedido', request });
  });
});

describe('retention', () => {
  it('warns the administrators first, then anonymises once the period is over; running twice changes nothing', async () => {
    now = Date.parse('2026-11-28T10:00:00Z');
    expect((await server.putSetting(admin, 'privacyRetentionYears', '5')).status).toBeLessThan(300);
    expect((await server.putSetting(admin, 'privacyRetentionWarningDays', '30')).status).toBeLessThan(300);
    const bruno = Number((await ok('POST', '/api/members', { name: 'Bruno Serrano Vaz', email: 'bruno.vaz@exemplo.pt', dues_exempt: true, state: left }))._id);
    const staying = Number((await ok('POST', '/api/members', { name: 'Carla Serrano Vaz', dues_exempt: true, state: active }))._id);
    expect((await ok('GET', `/api/members/${bruno}`)).left_on).toBe('2026-11-28');
    const warnings = () => db().selectFrom('messages').select(['recipient', 'body']).where('dedupe_key', 'like', 'privacy.retention:%').execute();

    expect(await runRetention(server.ctx)).toEqual({ warned: 0, erased: 0, skipped: 0 });
    // Thirty days before the fifth anniversary of leaving: the warning, once.
    now = Date.parse('2031-10-29T10:00:00Z');
    // Five years on, the earlier sessions have long expired.
    admin = (await server.as('admin')).token;
    expect(await runRetention(server.ctx)).toEqual({ warned: 1, erased: 0, skipped: 0 });
    const sent = await warnings();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent[0]!.body).toContain('Bruno Serrano Vaz');
    expect(sent[0]!.body).toContain('28/11/2031');
    expect(await runRetention(server.ctx)).toEqual({ warned: 0, erased: 0, skipped: 0 });
    expect(await warnings()).toHaveLength(sent.length);
    expect((await ok('GET', `/api/members/${bruno}`)).name).toBe('Bruno Serrano Vaz');

    now = Date.parse('2031-11-28T10:00:00Z');
    admin = (await server.as('admin')).token;
    expect(await runRetention(server.ctx)).toEqual({ warned: 0, erased: 1, skipped: 0 });
    expect(await ok('GET', `/api/members/${bruno}`)).toMatchObject({ name: 'Titular apagado', email: null });
    expect(await db().selectFrom('member_erasures').select(['reason', 'actor_kind']).where('member', '=', bruno).executeTakeFirstOrThrow()).toEqual({ reason: 'retencao', actor_kind: 'system' });
    expect((await ok('GET', `/api/members/${staying}`)).name).toBe('Carla Serrano Vaz');
    expect(await runRetention(server.ctx)).toEqual({ warned: 0, erased: 0, skipped: 0 });
    expect(await warnings()).toHaveLength(sent.length);
  });

  it('never anonymises when the setting is 0', async () => {
    expect((await server.putSetting(admin, 'privacyRetentionYears', '0')).status).toBeLessThan(300);
    now = Date.parse('2040-01-01T10:00:00Z');
    admin = (await server.as('admin')).token;
    await ok('POST', '/api/members', { name: 'Dinis Antigo Sócio', dues_exempt: true, state: left, left_on: '2001-01-01' });
    expect(await runRetention(server.ctx)).toEqual({ warned: 0, erased: 0, skipped: 0 });
  });
});
