import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay } from '../../../src/core/days.js';
import type { TreasuryDocView } from '../../../src/core/contract.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';

// GET /api/treasury_docs/{id}/view on the real server (both engines): what a receipt's page
// shows, read from the document as issued: lines in cents, the series by its name, issuer and
// payer, the payment it documents; after an annulment, the note on the receipt and the receipt
// on the note; the hashes for staff only; a member reads their own and no one else's.

let server: ResourceTestServer;
let staff: string;
let active: number;
let today: string;

const post = (url: string, body: unknown, token = staff) => server.json('POST', url, token, body);
const get = (url: string, token = staff) => server.json('GET', url, token);
const view = async (id: number, token = staff) => {
  const answer = await get(`/api/treasury_docs/${id}/view`, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as TreasuryDocView;
};

async function setSetting(name: string, value: string) {
  const admin = (await server.as('admin')).token;
  const answer = await server.putSetting(admin, name, value);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
}

/** A member who paid one quota of 22,00 € by transfer: the payment and its receipt. */
async function paidQuota(name: string): Promise<{ member: number; payment: number; receipt: { _id: number; number: string } }> {
  const created = await post('/api/members', { dues_exempt: true, confirm_duplicate: true, name, state: active, nif: '123456789', address: 'Rua do Recibo, 3' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const member = Number(created.body.data._id);
  const raised = await post('/api/unsettled_payments/raise', { member, kind: 'quota', year: 2026, amount: 2200, due_date: '2026-01-31', description: 'Quota 2026' });
  expect(raised.status, JSON.stringify(raised.body)).toBe(200);
  const paid = await post('/api/payments/record', { member, date: today, amount: 2200, method: 'transferencia', debts: [Number(raised.body.data._id)] });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { member, payment: Number(paid.body.data.payment._id), receipt: paid.body.data.receipt };
}

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('editor')).token;
  active = await server.stateId('Ativo');
  today = lisbonDay(server.ctx.now());
  await setSetting('hasTreasury', 'true');
  await setSetting('name', 'Associação do Recibo');
  await setSetting('orgNif', '501234567');
  await setSetting('orgAddress', 'Largo da Sede, 1');
});
afterAll(async () => {
  await server?.close();
});

describe('a receipt as its page shows it', () => {
  it('answers lines in cents, the series by prefix and year, issuer, payer with member number, the payment, and the hashes to staff', async () => {
    const { member, payment, receipt } = await paidQuota('Rita Recibo Dias');
    const doc = await view(receipt._id);
    const year = today.slice(0, 4);
    const memberNumber = (await get(`/api/members/${member}`)).body.data.number as number;
    expect(doc).toMatchObject({
      _id: receipt._id,
      number: receipt.number,
      type: 'quota',
      type_label: 'Recibo de quota',
      issue_date: today,
      series_name: `R ${year}`,
      lines: [{ description: 'Quota 2026', amount: 2200 }],
      total: 2200,
      issuer: { name: 'Associação do Recibo', nif: '501234567', address: 'Largo da Sede, 1' },
      payer: { name: 'Rita Recibo Dias', nif: '123456789', member, member_number: memberNumber },
      annulled_by: null,
      annuls: null,
      payments: [{ _id: payment, date: today, amount: 2200, method: 'transferencia', annulled: false }],
    });
    expect(doc.integrity).toEqual({ pdf_sha256: expect.stringMatching(/^[0-9a-f]{64}$/), hash: expect.stringMatching(/^[0-9a-f]{64}$/), prev_hash: null });
    expect(doc).toHaveProperty('issued_by_name');
    // The next receipt of the series chains to this one.
    const next = await view((await paidQuota('Rui Seguinte Dias')).receipt._id);
    expect(next.integrity?.prev_hash).toBe(doc.integrity?.hash);
  });

  it('links an annulled receipt to its note and the note back to the receipt, with the reason', async () => {
    const { receipt } = await paidQuota('Nuno Anulado Reis');
    const annulled = await post(`/api/treasury_docs/${receipt._id}/annul`, { reason: 'Emitido por engano' });
    expect(annulled.status, JSON.stringify(annulled.body)).toBe(200);
    const doc = await view(receipt._id);
    expect(doc.annulled_by).toMatchObject({ number: expect.stringMatching(/^\S+ \d{4}\/\d+$/), issue_date: today, reason: 'Emitido por engano' });
    const note = await view(doc.annulled_by!._id);
    expect(note).toMatchObject({ type: 'annulment', type_label: 'Nota de anulação', annulled_by: null, annuls: { _id: receipt._id, number: receipt.number, reason: 'Emitido por engano' } });
    expect(note.lines).toEqual([{ description: 'Anulação: Quota 2026', amount: 2200 }]);
  });

  it('lets a member read their own receipt without the hashes, and no one else’s (404)', async () => {
    const own = await paidQuota('Marta Própria Sousa');
    const other = await paidQuota('Outro Sócio Alves');
    const member = (await server.as('member', { memberId: own.member })).token;
    const doc = await view(own.receipt._id, member);
    expect(doc.number).toBe(own.receipt.number);
    expect(doc).not.toHaveProperty('integrity');
    expect(doc).not.toHaveProperty('issued_by_name');
    const refused = await get(`/api/treasury_docs/${other.receipt._id}/view`, member);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toMatch(/não existe|não o pode ver/);
  });

  it('refuses an id that is no number (400) and an unknown document (404), in pt-PT', async () => {
    const bad = await get('/api/treasury_docs/abc/view');
    expect(bad.status).toBe(400);
    const missing = await get('/api/treasury_docs/999999/view');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/Documento não encontrado/);
  });
});
