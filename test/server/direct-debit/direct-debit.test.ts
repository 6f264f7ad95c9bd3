import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { loose } from '../../../src/server/db/database.js';

// SEPA direct debit on the real server: mandates (bad input refused in pt-PT, nothing stored),
// batches of mandated members' open debts, confirmations through the dues ledger, returns, and
// the pain.008 file of both versions (checked against the ISO 20022 schemas in pain008-xsd.test.ts).

let server: ResourceTestServer;
let staff: string;
let active: number;
const IBAN = 'PT50000201231234567890154';
const CREDITOR_ID = 'PT73ZZZ123456';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const COLLECTION = inDays(10);

const post = (url: string, body: unknown, token = staff) => server.json('POST', url, token, body);
const get = (url: string, token = staff) => server.json('GET', url, token);
const count = async (table: string) => Number((await loose(server.database.db).selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

const setSetting = (name: string, value: string) => server.putSetting(staff, name, value);

async function newMember(name: string) {
  const answer = await post('/api/members', { dues_exempt: true, name, state: active });
  expect(answer.status).toBe(201);
  return Number(answer.body.data._id);
}

async function raise(member: number, amount: number, dueDate: string, description = 'Quota anual') {
  const answer = await post('/api/unsettled_payments/raise', { member, kind: 'other', year: 2026, amount, due_date: dueDate, description });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Number(answer.body.data._id);
}

async function mandate(member: number, reference: string, extra: Record<string, unknown> = {}) {
  const answer = await post('/api/sepa_mandates', { member, iban: IBAN, reference, signature_date: '2025-10-01', ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as Record<string, any>;
}

const itemsOf = async (batch: number) => (await get(`/api/direct_debit_items?_batch=${batch}&_limit=-1`)).body.data as Record<string, any>[];
const debt = async (id: number) => (await get(`/api/unsettled_payments/${id}`)).body.data as Record<string, any>;

let members: { ana: number; rui: number; eva: number };
let debts: { ana: number; ruiSmall: number; ruiLarge: number; eva: number; anaLater: number };

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('admin')).token;
  active = await server.stateId('Ativo');
  expect((await setSetting('associationIban', 'PT50 0002 0123 1234 5678 9015 4')).status).toBe(200);
  expect((await setSetting('name', 'Associação Cultural do Bairro')).status).toBe(200);
  members = { ana: await newMember('Ana Lopes'), rui: await newMember('Rui Dias'), eva: await newMember('Eva Conceição') };
  debts = {
    ana: await raise(members.ana, 3000, '2026-01-31', 'Quota 2026'),
    ruiSmall: await raise(members.rui, 500, '2026-02-28', 'Jantar de Natal'),
    ruiLarge: await raise(members.rui, 2000, '2026-03-31', 'Quota 2026'),
    eva: await raise(members.eva, 3000, '2026-01-31', 'Quota 2026'),
    anaLater: await raise(members.ana, 1000, '2099-12-31', 'Quota 2099'),
  };
});
afterAll(async () => {
  await server?.close();
});

describe('mandates and the creditor identifier: bad input', () => {
  it('refuses an IBAN or BIC with a wrong check, or a reference outside the SEPA set, in pt-PT, storing nothing', async () => {
    const before = await count('sepa_mandates');
    const wrongIban = await post('/api/sepa_mandates', { member: members.ana, iban: 'PT50000201231234567890155', reference: 'ANA-1', signature_date: '2025-10-01' });
    expect(wrongIban.status).toBe(422);
    expect(wrongIban.body.code).toBe('invalid_record');
    expect(wrongIban.body.errors.iban).toMatch(/IBAN não é válido/);
    const wrongBic = await post('/api/sepa_mandates', { member: members.ana, iban: IBAN, bic: 'CGDIXXP', reference: 'ANA-1', signature_date: '2025-10-01' });
    expect(wrongBic.status).toBe(422);
    expect(wrongBic.body.errors.bic).toMatch(/BIC não é válido/);
    const foreignBic = await post('/api/sepa_mandates', { member: members.ana, iban: IBAN, bic: 'DEUTDEFF', reference: 'ANA-1', signature_date: '2025-10-01' });
    expect(foreignBic.body.errors.bic).toBe('O país do BIC não é o do IBAN.');
    const accented = await post('/api/sepa_mandates', { member: members.ana, iban: IBAN, reference: 'AÇORES-1', signature_date: '2025-10-01' });
    expect(accented.status).toBe(422);
    expect(accented.body.errors.reference).toMatch(/letras sem acentos/);
    const slashes = await post('/api/sepa_mandates', { member: members.ana, iban: IBAN, reference: 'A//1', signature_date: '2025-10-01' });
    expect(slashes.body.errors.reference).toMatch(/"\/\/"/);
    expect(await count('sepa_mandates')).toBe(before);
  });

  it('refuses a creditor identifier with wrong check digits or format, keeping the value stored', async () => {
    expect((await setSetting('sepaCreditorId', CREDITOR_ID)).status).toBe(200);
    for (const value of ['PT74ZZZ123456', 'PT73ZZZ12345X6!', 'ZZZ123456']) {
      const answer = await setSetting('sepaCreditorId', value);
      expect(answer.status, value).toBe(422);
      expect(JSON.stringify(answer.body), value).toMatch(/identificador de credor SEPA/);
    }
    const stored = (await get('/api/settings?_name=sepaCreditorId')).body.data[0];
    expect(stored.value).toBe(CREDITOR_ID);
  });

  it('stores the IBAN normalised; one active mandate per member; a member reads only their own', async () => {
    const ana = await mandate(members.ana, 'ANA-2025-1', { iban: 'pt50 0002 0123 1234 5678 9015 4', bic: 'cgdiptpl' });
    expect(ana).toMatchObject({ iban: IBAN, bic: 'CGDIPTPL', sequence: 'first', state: 'active', max_amount: null });
    const second = await post('/api/sepa_mandates', { member: members.ana, iban: IBAN, reference: 'ANA-2025-2', signature_date: '2025-10-02' });
    expect(second.status).toBe(422);
    expect(second.body.errors.state).toMatch(/já tem um mandato ativo/);
    const duplicate = await post('/api/sepa_mandates', { member: members.rui, iban: IBAN, reference: 'ANA-2025-1', signature_date: '2025-10-02' });
    expect(duplicate.status).toBe(422);
    expect(Object.keys(duplicate.body.errors)).toContain('reference');
    await mandate(members.rui, 'RUI-2025-1', { max_amount: 1000 });

    const anaToken = (await server.as('member', { memberId: members.ana })).token;
    const own = await get('/api/sepa_mandates', anaToken);
    expect(own.status).toBe(200);
    expect(own.body.data.map((m: any) => m.reference)).toEqual(['ANA-2025-1']);
    const rui = (await get('/api/sepa_mandates?_reference=RUI-2025-1')).body.data[0];
    expect((await get(`/api/sepa_mandates/${rui._id}`, anaToken)).status).toBe(404);
    expect((await post('/api/sepa_mandates', { member: members.ana, iban: IBAN, reference: 'X-1', signature_date: '2025-10-01' }, anaToken)).status).toBe(403);
  });
});

let batch: number;

describe('batches', () => {
  it("includes only mandated members' open debts, leaving those above the mandate's maximum to Multibanco", async () => {
    const answer = await post('/api/direct_debit_batches/prepare', { collection_date: COLLECTION, due_until: '2026-12-31' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    batch = Number(answer.body.data.batch._id);
    expect(answer.body.data).toMatchObject({ items: 2, total: 3500 });
    expect(answer.body.data.batch).toMatchObject({ state: 'open', item_count: 2, total: 3500, collection_date: COLLECTION });
    expect(answer.body.data.excluded).toEqual([
      { debt: debts.ruiLarge, member: members.rui, code: 'above_mandate_maximum', reason: 'O valor excede o máximo do mandato: usa referência Multibanco.', fallback: 'multibanco' },
    ]);
    const items = await itemsOf(batch);
    expect(items.map((i) => [i.debt, i.amount, i.state, i.sequence_type])).toEqual([
      [debts.ana, 3000, 'pending', 'FRST'],
      [debts.ruiSmall, 500, 'pending', 'FRST'],
    ]);
  });

  it('never includes a debt twice: a debt pending in one batch stays out of the next, and an empty batch is not stored', async () => {
    const batches = await count('direct_debit_batches');
    const again = await post('/api/direct_debit_batches/prepare', { collection_date: COLLECTION, debts: [debts.ana, debts.ruiSmall, debts.eva] });
    expect(again.status).toBe(422);
    expect(again.body.errors.debts).toMatch(/Nenhuma dívida pode ser cobrada por débito direto/);
    expect(await count('direct_debit_batches')).toBe(batches);
    // The unique key holds even if the check were skipped.
    const row = (await server.database.db.selectFrom('direct_debit_items').selectAll().where('debt', '=', debts.ana).executeTakeFirstOrThrow());
    await expect(
      server.database.db.insertInto('direct_debit_items').values({ ...row, _id: undefined, batch: row.batch, pending_debt: debts.ana }).execute(),
    ).rejects.toThrow();
  });

  it('reports why chosen debts stay out: no mandate, already pending', async () => {
    const mixed = await post('/api/direct_debit_batches/prepare', { collection_date: COLLECTION, debts: [debts.eva, debts.ana, debts.anaLater] });
    expect(mixed.status).toBe(200);
    expect(mixed.body.data.items).toBe(1);
    expect(mixed.body.data.excluded.map((e: any) => [e.debt, e.code])).toEqual([
      [debts.ana, 'already_pending'],
      [debts.eva, 'no_mandate'],
    ]);
    // Back out of that batch, freeing the later debt.
    const laterBatch = Number(mixed.body.data.batch._id);
    expect((await post(`/api/direct_debit_batches/${laterBatch}/reject`, { reason: 'Lote anulado' })).status).toBe(200);
    expect((await get(`/api/direct_debit_batches/${laterBatch}`)).body.data.state).toBe('closed');
  });

  it('refuses a batch for a past date or with no debts chosen', async () => {
    const past = await post('/api/direct_debit_batches/prepare', { collection_date: '2020-01-01', due_until: '2026-12-31' });
    expect(past.status).toBe(422);
    expect(past.body.errors.collection_date).toBeTruthy();
    const nothing = await post('/api/direct_debit_batches/prepare', { collection_date: COLLECTION });
    expect(nothing.status).toBe(422);
  });
});

describe('pain.008 export', () => {
  for (const version of ['pain.008.001.02', 'pain.008.001.08']) {
    it(`${version} carries the batch: creditor, mandates, amounts from cents, dates`, async () => {
      const response = await server.request({ method: 'GET', url: `/api/direct_debit_batches/${batch}/pain008.xml?version=${version}`, token: staff });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/xml/);
      const xml = response.body;
      expect(xml).toContain(`xmlns="urn:iso:std:iso:20022:tech:xsd:${version}"`);
      expect(xml).toMatch(/<GrpHdr>\s*<MsgId>ASSOCIA-DD-\d+<\/MsgId>/);
      expect(xml).toMatch(/<NbOfTxs>2<\/NbOfTxs>\s*<CtrlSum>35\.00<\/CtrlSum>/);
      expect(xml).toContain('<InstdAmt Ccy="EUR">30.00</InstdAmt>');
      expect(xml).toContain('<InstdAmt Ccy="EUR">5.00</InstdAmt>');
      expect(xml).toContain('<MndtId>ANA-2025-1</MndtId>');
      expect(xml).toContain(`<Id>${CREDITOR_ID}</Id>`);
      expect(xml).toContain(`<ReqdColltnDt>${COLLECTION}</ReqdColltnDt>`);
      expect(xml).toContain('<Nm>Associacao Cultural do Bairro</Nm>');
      expect(xml).toContain(version.endsWith('08') ? '<BICFI>CGDIPTPL</BICFI>' : '<BIC>CGDIPTPL</BIC>');
    });
  }

  it('an unknown version is a 400; only staff export', async () => {
    expect((await server.request({ method: 'GET', url: `/api/direct_debit_batches/${batch}/pain008.xml?version=pain.008.001.99`, token: staff })).statusCode).toBe(400);
    const member = (await server.as('member', { memberId: members.ana })).token;
    expect((await server.request({ method: 'GET', url: `/api/direct_debit_batches/${batch}/pain008.xml`, token: member })).statusCode).toBe(403);
    expect((await server.request({ method: 'GET', url: `/api/direct_debit_batches/999999/pain008.xml`, token: staff })).statusCode).toBe(404);
  });
});

describe('confirming and rejecting', () => {
  it('confirming records one débito direto payment on that debt, and its one receipt, however often it is confirmed', async () => {
    const [anaItem] = await itemsOf(batch);
    const payments = await count('payments');
    expect((await setSetting('hasTreasury', 'true')).status).toBe(200);
    const announced: number[] = [];
    const stop = server.ctx.bus.subscribe((event) => {
      if (event.topic === 'treasury_docs changed') announced.push((event.payload as { id: number }).id);
    });
    for (let i = 0; i < 3; i += 1) {
      const answer = await post(`/api/direct_debit_items/${anaItem!._id}/confirm`, {});
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.state).toBe('confirmed');
    }
    stop();
    expect((await setSetting('hasTreasury', 'false')).status).toBe(200);
    expect(await count('payments')).toBe(payments + 1);
    const paid = (await get(`/api/payments?_member=${members.ana}`)).body.data as Record<string, any>[];
    expect(paid.map((p) => [p.method, p.amount, p.allocated, p.date])).toEqual([['debito_direto', 3000, 3000, COLLECTION]]);
    const receipts = await server.database.db.selectFrom('treasury_doc_payments as p').innerJoin('treasury_docs as d', 'd._id', 'p.doc').select(['d.total', 'd.payer_name']).where('p.payment', '=', Number(paid[0]!._id)).execute();
    expect(receipts.map((r) => [Number(r.total), r.payer_name])).toEqual([[3000, 'Ana Lopes']]);
    // The receipt was announced once, after the commit (treasury lists and the member's receipts refresh).
    const [doc] = await server.database.db.selectFrom('treasury_doc_payments').select('doc').where('payment', '=', Number(paid[0]!._id)).execute();
    expect(announced).toEqual([Number(doc!.doc)]);
    expect(await debt(debts.ana)).toMatchObject({ status: 'paid', paid: 3000 });
    const item = (await get(`/api/direct_debit_items/${anaItem!._id}`)).body.data;
    expect(item.payment).toBe(paid[0]!._id);
    // The mandate's next collections are recurrent; a confirmed item cannot be returned any more.
    expect((await get('/api/sepa_mandates?_reference=ANA-2025-1')).body.data[0].sequence).toBe('recurrent');
    const late = await post(`/api/direct_debit_items/${anaItem!._id}/reject`, { reason: 'AM04' });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('ledger_conflict');
  });

  it('rejecting frees the debt, which stays open and may go in a new batch', async () => {
    const ruiItem = (await itemsOf(batch)).find((i) => i.debt === debts.ruiSmall)!;
    const payments = await count('payments');
    const answer = await post(`/api/direct_debit_items/${ruiItem._id}/reject`, { reason: 'AM04 Saldo insuficiente' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ state: 'rejected', reason: 'AM04 Saldo insuficiente', payment: null });
    expect(await count('payments')).toBe(payments);
    expect(await debt(debts.ruiSmall)).toMatchObject({ status: 'open', paid: 0 });
    expect((await post(`/api/direct_debit_items/${ruiItem._id}/confirm`, {})).status).toBe(409);
    // Nothing pending any more: the batch is closed.
    expect((await get(`/api/direct_debit_batches/${batch}`)).body.data.state).toBe('closed');
    const next = await post('/api/direct_debit_batches/prepare', { collection_date: COLLECTION, debts: [debts.ruiSmall] });
    expect(next.status).toBe(200);
    const [item] = await itemsOf(Number(next.body.data.batch._id));
    expect(item).toMatchObject({ debt: debts.ruiSmall, amount: 500, state: 'pending', sequence_type: 'FRST' });
    // Confirming the whole batch settles it.
    expect((await post(`/api/direct_debit_batches/${next.body.data.batch._id}/confirm`, { date: COLLECTION })).status).toBe(200);
    expect(await debt(debts.ruiSmall)).toMatchObject({ status: 'paid' });
    expect(await count('payments')).toBe(payments + 1);
  });
});
