import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay, lisbonYear } from '../../../src/core/days.js';
import { missingIssuerWarning } from '../../../src/core/issuer.js';
import { renderTreasuryDocs } from '../../../src/server/modules/treasury/pdf/render.js';
import type { TreasuryDocSnapshot } from '../../../src/server/modules/treasury/types.js';
import { nifCheckDigit } from '../../../src/server/resources/checks.js';
import { readPdf } from '../cards/pdf-support.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { storageKeyOf, storedBytes } from '../support/stored-files.js';

// The letterhead the association's PDFs carry (src/server/pdf/letterhead.ts), read back as a
// person reads the paper: a payment's receipt and a card's cover letter name the association,
// its NIF and address and bear their date; the receipt also names the member's number and how
// they paid. Receipts go out (unblocked) while the NIF or address is missing.

const NAME = 'Associação Cultural do Vale';
const NIF = '507241835';
const ADDRESS = 'Rua da Liberdade, 45, 3500-123 Viseu';
const PAYER_NIF = `23456789${nifCheckDigit('23456789')}`;

let server: ResourceTestServer;
let admin: string;
let member: { _id: number; number: number };
const db = () => server.database.db;
const post = (url: string, body: unknown) => server.json('POST', url, admin, body);
const dayOf = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function setSetting(name: string, value: string) {
  const answer = await server.putSetting(admin, name, value);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
}

/** The text of a treasury document's stored PDF, as issued. */
async function storedText(docId: number): Promise<string> {
  const doc = await db().selectFrom('treasury_docs').select('file').where('_id', '=', docId).executeTakeFirstOrThrow();
  return readPdf(await storedBytes(server, await storageKeyOf(server, Number(doc.file)))).text;
}

beforeAll(async () => {
  server = await startResourceServer();
  admin = (await server.as('admin')).token;
  for (const [name, value] of [['hasTreasury', 'true'], ['name', NAME], ['orgNif', NIF], ['orgAddress', ADDRESS], ['cardValidityRule', 'years']] as const) await setSetting(name, value);
  const category = await post('/api/fee_categories', { name: 'Efetivo' });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  const created = await post('/api/members', {
    name: 'Rosa Almeida Teixeira', state: await server.stateId('Ativo'), nif: PAYER_NIF, fee_category: Number(category.body.data._id),
    address: 'Travessa do Forno, 3', postal_code: '3500-200', locality: 'Viseu', admission_date: `${lisbonYear(server.ctx.now())}-01-10`,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  member = { _id: Number(created.body.data._id), number: Number(created.body.data.number) };
});
afterAll(async () => {
  await server?.close();
});

describe('the letterhead of PDFs', () => {
  it("heads a payment's receipt with the association's name, NIF, address and the date, and names the member's number and how they paid", async () => {
    const recorded = await post('/api/payments/record', { member: member._id, date: lisbonDay(server.ctx.now()), amount: 1800, method: 'mbway' });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const receipt = recorded.body.data.receipt as { _id: number };
    const text = await storedText(receipt._id);
    for (const words of [NAME, `NIF ${NIF}`, ADDRESS, `Data: ${dayOf(lisbonDay(server.ctx.now()))}`, 'Rosa Almeida Teixeira', `Sócio n.º ${member.number}`, 'Meio de pagamento: MB WAY', '18,00 €']) {
      expect(text).toContain(words);
    }
    expect((await post('/api/treasury_docs/verify_integrity', {})).body.data).toEqual({ ok: true, checked: expect.any(Number) });
  });

  it("heads a card's cover letter with the same letterhead and the day it is printed", async () => {
    const issued = await post('/api/membership_cards/issue', { member: member._id });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const answer = await server.request({ method: 'GET', url: `/api/membership_card_letters/${Number(issued.body.data._id)}`, token: admin });
    expect(answer.statusCode, answer.body).toBe(302);
    const letter = await server.request({ method: 'GET', url: String(answer.headers.location), token: admin });
    expect(letter.headers['content-type']).toBe('application/pdf');
    const text = readPdf(letter.rawPayload).text;
    const today = new Intl.DateTimeFormat('pt-PT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Lisbon' }).format(new Date(server.ctx.now()));
    for (const words of [NAME, `NIF ${NIF}`, ADDRESS, today, 'Rosa Almeida Teixeira Travessa do Forno, 3 3500-200 Viseu']) expect(text).toContain(words);
  });

  it('draws a document issued before the member number and payment method were printed as it was: letterhead, no empty lines', async () => {
    const old: TreasuryDocSnapshot = {
      number: 'R 2024/7', type: 'quota', issueDate: '2024-05-02', issuer: { name: NAME, nif: NIF, address: ADDRESS },
      payer: { name: 'Rosa Almeida Teixeira', nif: PAYER_NIF, address: null }, lines: [{ description: 'Quota 2024', amount: 1800 }],
      total: 1800, vatWording: 'Isento — artigo 9.º do CIVA', wording: null, annuls: null,
    };
    const text = readPdf(await renderTreasuryDocs([old], 'Recibo')).text;
    for (const words of [NAME, `NIF ${NIF}`, ADDRESS, 'Data: 02/05/2024', 'Recibo de quota n.º R 2024/7']) expect(text).toContain(words);
    expect(text).not.toContain('Meio de pagamento');
    expect(text).not.toContain('Sócio n.º');
  });
});

describe('an issuer without NIF or address', () => {
  it('is warned of in pt-PT, naming what is missing, and says nothing once both are filled in', () => {
    expect(missingIssuerWarning('', '')).toBe('Faltam o NIF e a morada da organização. Um recibo emitido sem eles fica assim para sempre: preencha-os na configuração da organização antes de emitir.');
    expect(missingIssuerWarning('', ADDRESS)).toMatch(/^Falta o NIF da organização\./);
    expect(missingIssuerWarning(NIF, '  ')).toMatch(/^Falta a morada da organização\. Um recibo emitido sem ela/);
    expect(missingIssuerWarning(NIF, ADDRESS)).toBeNull();
  });

  it('does not block issuing: the receipt goes out with the name alone, and the chain holds', async () => {
    await setSetting('orgNif', '');
    await setSetting('orgAddress', '');
    try {
      const recorded = await post('/api/payments/record', { member: member._id, date: lisbonDay(server.ctx.now()), amount: 500, method: 'numerario' });
      expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
      const text = await storedText(Number(recorded.body.data.receipt._id));
      expect(text).toContain(NAME);
      expect(text).toContain('Meio de pagamento: Numerário');
      expect(text).not.toContain(`NIF ${NIF}`);
      expect(text).not.toContain(ADDRESS);
      expect((await post('/api/treasury_docs/verify_integrity', {})).body.data).toEqual({ ok: true, checked: expect.any(Number) });
    } finally {
      await setSetting('orgNif', NIF);
      await setSetting('orgAddress', ADDRESS);
    }
  });
});
