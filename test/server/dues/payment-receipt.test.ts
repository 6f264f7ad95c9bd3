import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../../src/server/realtime/bus.js';
import { lisbonDay } from '../../../src/core/days.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';

// A payment and its receipt, both ways (issue 28, item 6), on the real server and both engines:
// recording answers with the receipt; annulling the payment annuls its receipt in the same
// transaction when asked, and annulling the receipt its payment; the statement shows the
// receipt on the payment's line and each annulment after what it cancels, with pt-PT dates;
// refusals say why in pt-PT and leave every row as it was.

let server: ResourceTestServer;
let staff: string;
let active: number;
let today: string;

const db = () => server.database.db;
const post = (url: string, body: unknown, token = staff) => server.json('POST', url, token, body);
const get = (url: string, token = staff) => server.json('GET', url, token);
const ptDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function setSetting(name: string, value: string) {
  const admin = (await server.as('admin')).token;
  const answer = await server.putSetting(admin, name, value);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
}

/** A member owing one quota of 22,00 €, due before today. */
async function memberOwing(name: string): Promise<{ member: number; debt: number }> {
  const created = await post('/api/members', { dues_exempt: true, name, state: active });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const member = Number(created.body.data._id);
  const raised = await post('/api/unsettled_payments/raise', { member, kind: 'quota', year: 2026, amount: 2200, due_date: '2026-01-31', description: 'Quota 2026' });
  expect(raised.status, JSON.stringify(raised.body)).toBe(200);
  return { member, debt: Number(raised.body.data._id) };
}

async function pay(member: number, debt: number) {
  const answer = await post('/api/payments/record', { member, date: today, amount: 2200, method: 'transferencia', debts: [debt] });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { payment: { _id: number }; receipt: { _id: number; number: string; pdf: string; annulledBy: string | null } | null };
}

/** Every row an annulment could touch, for one member: equal before and after a refusal. */
async function ledgerState(member: number) {
  return {
    payments: await db().selectFrom('payments').selectAll().where('member', '=', member).orderBy('_id').execute(),
    debts: await db().selectFrom('unsettled_payments').selectAll().where('member', '=', member).orderBy('_id').execute(),
    allocations: await db().selectFrom('payment_allocations').selectAll().where('member', '=', member).orderBy('_id').execute(),
    docs: await db().selectFrom('treasury_docs').select(['_id', 'number', 'annulled_by_doc', 'updated_at']).where('member', '=', member).orderBy('_id').execute(),
    series: await db().selectFrom('treasury_series').select(['type', 'year', 'last_number', 'last_hash']).orderBy('type').orderBy('year').execute(),
    balance: await get(`/api/member_balances/${member}`).then((a) => a.body.data),
    audit: (await db().selectFrom('audit_log').select('_id').execute()).length,
  };
}

const statementOf = async (member: number) => (await get(`/api/members/${member}/statement`)).body.data as { lines: Record<string, any>[]; standing: { openTotal: number } };

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('editor')).token;
  active = await server.stateId('Ativo');
  today = lisbonDay(server.ctx.now());
  await setSetting('hasTreasury', 'true');
});
afterAll(async () => {
  await server?.close();
});

describe('recording a payment', () => {
  it('answers with its receipt: number, PDF path; the statement line carries it too', async () => {
    const { member, debt } = await memberOwing('Ana Recibo Lopes');
    const { payment, receipt } = await pay(member, debt);
    expect(receipt).toMatchObject({ number: expect.stringMatching(/^R \d{4}\/\d+$/), annulledBy: null });
    expect(receipt!.pdf).toBe(`treasury_docs/${receipt!._id}/pdf`);
    const pdf = await server.request({ method: 'GET', url: `/api/${receipt!.pdf}`, token: staff });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const line = (await statementOf(member)).lines.find((l) => l.kind === 'payment');
    expect(line).toMatchObject({ id: payment._id, annulled: false, receipt: { _id: receipt!._id, number: receipt!.number, pdf: receipt!.pdf, annulledBy: null } });
  });

  it('answers no receipt and shows none while the treasury is off', async () => {
    const { member, debt } = await memberOwing('Bruno Sem Tesouraria');
    await setSetting('hasTreasury', 'false');
    try {
      expect((await pay(member, debt)).receipt).toBeNull();
      expect((await statementOf(member)).lines.find((l) => l.kind === 'payment')).not.toHaveProperty('receipt');
    } finally {
      await setSetting('hasTreasury', 'true');
    }
  });
});

describe('annulling a payment with its receipt', () => {
  it('annuls both in one action: a note with the same reason, the debt owed again, both audited, events after the commit', async () => {
    const { member, debt } = await memberOwing('Carla Anula Ambos');
    const { payment, receipt } = await pay(member, debt);
    expect((await statementOf(member)).standing.openTotal).toBe(0);
    const events: BusEvent[] = [];
    const stop = server.ctx.bus.subscribe((event) => events.push(event));
    const annulled = await post(`/api/payments/${payment._id}/annul`, { reason: 'Transferência devolvida', annul_receipt: true });
    stop();
    expect(annulled.status, JSON.stringify(annulled.body)).toBe(200);
    expect(annulled.body.data).toMatchObject({ _id: payment._id, annul_reason: 'Transferência devolvida' });

    const doc = await db().selectFrom('treasury_docs').selectAll().where('_id', '=', receipt!._id).executeTakeFirstOrThrow();
    const note = await db().selectFrom('treasury_docs').selectAll().where('_id', '=', Number(doc.annulled_by_doc)).executeTakeFirstOrThrow();
    expect(note).toMatchObject({ type: 'annulment', annul_reason: 'Transferência devolvida', total: 2200, member });
    expect(Number(note.annuls)).toBe(receipt!._id);
    const [owed] = (await get(`/api/members/${member}/unsettled_payments`)).body.data;
    expect(owed).toMatchObject({ _id: debt, status: 'open', open_amount: 2200 });
    expect((await get(`/api/member_balances/${member}`)).body.data).toMatchObject({ open_total: 2200 });

    const audit = await db().selectFrom('audit_log').select(['resource', 'record_id', 'action']).where('action', '=', 'annul').where('record_id', 'in', [payment._id, receipt!._id]).execute();
    expect(audit.map((a) => `${String(a.resource)} ${Number(a.record_id)}`).sort()).toEqual([`payments ${payment._id}`, `treasury_docs ${receipt!._id}`].sort());
    const changed = events.map((e) => `${e.topic} ${String((e.payload as { id?: number }).id)}`);
    expect(changed).toEqual(expect.arrayContaining([`payments changed ${payment._id}`, `treasury_docs changed ${receipt!._id}`, `treasury_docs changed ${Number(note._id)}`]));

    // The statement: the payment, then its annulment (22 → 0 → 22), the receipt shown annulled.
    const { lines } = await statementOf(member);
    expect(lines.map((l) => [l.kind, l.balance])).toEqual([
      ['debt', 2200],
      ['payment', 0],
      ['annulment', 2200],
    ]);
    expect(lines[1]).toMatchObject({ annulled: true, receipt: { _id: receipt!._id, annulledBy: String(note.number) } });
    expect(lines[2]).toMatchObject({ cancels: 'payment', id: payment._id, description: `Anulação do pagamento de ${ptDay(today)} (Transferência devolvida)` });
  });

  it('leaves the receipt standing when not asked to annul it', async () => {
    const { member, debt } = await memberOwing('Duarte Só Pagamento');
    const { payment, receipt } = await pay(member, debt);
    expect((await post(`/api/payments/${payment._id}/annul`, { reason: 'Erro de registo' })).status).toBe(200);
    expect((await db().selectFrom('treasury_docs').select('annulled_by_doc').where('_id', '=', receipt!._id).executeTakeFirstOrThrow()).annulled_by_doc).toBeNull();
  });

  it('refuses, in pt-PT and changing nothing, a receipt annulled already, a payment without receipt and a missing reason', async () => {
    const { member, debt } = await memberOwing('Eva Recusas Rocha');
    const { payment, receipt } = await pay(member, debt);
    const alone = await post(`/api/treasury_docs/${receipt!._id}/annul`, { reason: 'Recibo emitido por engano' });
    expect(alone.status, JSON.stringify(alone.body)).toBe(200);
    const noteNumber = String(alone.body.data.number);

    // The payment's annulment is written before its receipt's is refused: all of it rolls back.
    const before = await ledgerState(member);
    const again = await post(`/api/payments/${payment._id}/annul`, { reason: 'Cheque devolvido', annul_receipt: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`O recibo ${receipt!.number} já foi anulado pela nota ${noteNumber}.`);
    const missing = await post(`/api/payments/${payment._id}/annul`, { annul_receipt: true });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.reason).toEqual(expect.any(String));
    expect(await ledgerState(member)).toEqual(before);

    await setSetting('treasuryAutoIssue', 'false');
    try {
      const { member: other, debt: otherDebt } = await memberOwing('Filipe Sem Recibo');
      const bare = await pay(other, otherDebt);
      expect(bare.receipt).toBeNull();
      const unchanged = await ledgerState(other);
      const refused = await post(`/api/payments/${bare.payment._id}/annul`, { reason: 'Erro', annul_receipt: true });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ annul_receipt: 'Este pagamento não tem recibo a anular.' });
      expect(await ledgerState(other)).toEqual(unchanged);
    } finally {
      await setSetting('treasuryAutoIssue', 'true');
    }
  });
});

describe('annulling a receipt with its payment', () => {
  it('annuls both in one action: the note, the payment with the same reason, the debt owed again', async () => {
    const { member, debt } = await memberOwing('Gabriela Recibo Primeiro');
    const { payment, receipt } = await pay(member, debt);
    const annulled = await post(`/api/treasury_docs/${receipt!._id}/annul`, { reason: 'Pago em duplicado', annul_payment: true });
    expect(annulled.status, JSON.stringify(annulled.body)).toBe(200);
    expect(annulled.body.data).toMatchObject({ type: 'annulment', annuls: receipt!._id, annul_reason: 'Pago em duplicado' });
    expect((await get(`/api/payments/${payment._id}`)).body.data).toMatchObject({ annul_reason: 'Pago em duplicado', annulled_at: expect.any(String) });
    expect((await get(`/api/unsettled_payments/${debt}`)).body.data).toMatchObject({ status: 'open', open_amount: 2200 });
    expect((await get(`/api/member_balances/${member}`)).body.data).toMatchObject({ open_total: 2200 });
    const audit = await db().selectFrom('audit_log').select(['resource', 'action']).where('record_id', '=', payment._id).where('resource', '=', 'payments').where('action', '=', 'annul').execute();
    expect(audit).toHaveLength(1);
  });

  it('annuls the receipt alone when not asked: the payment stands and the statement says its receipt is annulled', async () => {
    const { member, debt } = await memberOwing('Hugo Só Recibo');
    const { payment, receipt } = await pay(member, debt);
    const annulled = await post(`/api/treasury_docs/${receipt!._id}/annul`, { reason: 'Dados do pagador errados' });
    expect(annulled.status).toBe(200);
    expect((await get(`/api/payments/${payment._id}`)).body.data.annulled_at).toBeNull();
    const line = (await statementOf(member)).lines.find((l) => l.kind === 'payment');
    expect(line).toMatchObject({ annulled: false, receipt: { _id: receipt!._id, annulledBy: annulled.body.data.number } });
  });

  it('refuses, in pt-PT and changing nothing, a payment annulled already and a document without payment', async () => {
    const { member, debt } = await memberOwing('Inês Pagamento Anulado');
    const { payment, receipt } = await pay(member, debt);
    expect((await post(`/api/payments/${payment._id}/annul`, { reason: 'Cheque sem cobertura' })).status).toBe(200);
    // The note is issued (a number taken) before the payment's annulment is refused: all of it rolls back.
    const before = await ledgerState(member);
    const refused = await post(`/api/treasury_docs/${receipt!._id}/annul`, { reason: 'Cheque sem cobertura', annul_payment: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Este pagamento já foi anulado.');
    expect(await ledgerState(member)).toEqual(before);

    const manual = await post('/api/treasury_docs/manual', { type: 'quota', issue_date: today, member, lines: [{ description: 'Quota 2025 (livro de recibos)', amount: 1500 }] });
    expect(manual.status, JSON.stringify(manual.body)).toBe(201);
    const beforeManual = await ledgerState(member);
    const noPayment = await post(`/api/treasury_docs/${manual.body.data._id}/annul`, { reason: 'Erro', annul_payment: true });
    expect(noPayment.status).toBe(422);
    expect(noPayment.body.errors).toEqual({ annul_payment: 'Este documento não documenta nenhum pagamento.' });
    expect(await ledgerState(member)).toEqual(beforeManual);
  });
});

describe('the statement', () => {
  it('lists an annulment after the payment it cancels, also when annulled days later, and the balance never dips', async () => {
    const { member, debt } = await memberOwing('João Extrato Ordem');
    const { payment } = await pay(member, debt);
    server.advance(3 * 86_400_000);
    staff = (await server.as('editor')).token; // a new login: the tokens expired meanwhile
    // A second payment that day pays the debt again after the first is annulled.
    expect((await post(`/api/payments/${payment._id}/annul`, { reason: 'Devolvido', annul_receipt: true })).status).toBe(200);
    const second = await post('/api/payments/record', { member, date: lisbonDay(server.ctx.now()), amount: 2200, method: 'numerario', debts: [debt] });
    expect(second.status).toBe(200);
    const { lines } = await statementOf(member);
    expect(lines.map((l) => [l.kind, l.id, l.balance])).toEqual([
      ['debt', debt, 2200],
      ['payment', payment._id, 0],
      ['annulment', payment._id, 2200],
      ['payment', second.body.data.payment._id, 0],
    ]);
    expect(lines[2]!.date).toBe(lisbonDay(server.ctx.now()));
    expect(lines[2]!.description).toBe(`Anulação do pagamento de ${ptDay(today)} (Devolvido)`);
  });
});
