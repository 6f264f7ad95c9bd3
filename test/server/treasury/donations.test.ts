import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay } from '../../../src/core/days.js';
import { nifCheckDigit } from '../../../src/server/resources/checks.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { loose } from '../../../src/server/db/database.js';

// Donations on the real server (both engines): recording one issues its donation receipt (series
// D) in the same transaction, with what the EBF asks a receipt to say; bad input is refused in
// pt-PT and leaves nothing behind; the year's donations export in the Modelo 25 layout.

let server: ResourceTestServer;
let staff: string;
let year: number;
let today: string;
let anaId: number;

const nif = (first8: string) => `${first8}${nifCheckDigit(first8)}`;
const ANA_NIF = nif('23456789');
const RUI_NIF = nif('21234567');
const COMPANY_NIF = nif('50123456');

const post = (url: string, body: unknown, token = staff) => server.json('POST', url, token, body);
const get = (url: string, token = staff) => server.json('GET', url, token);
const count = async (table: string) => Number((await loose(server.database.db).selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

async function setSetting(name: string, value: string) {
  const answer = await server.putSetting(staff, name, value);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
}

async function donate(body: Record<string, unknown>) {
  const answer = await post('/api/donations', { date: today, ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as Record<string, any>;
}

const receiptOf = async (id: number) => server.database.db.selectFrom('treasury_docs').selectAll().where('_id', '=', id).executeTakeFirstOrThrow();

async function modelo25(forYear: number | string, token = staff) {
  const response = await server.request({ method: 'GET', url: `/api/donations/modelo25?year=${forYear}`, token });
  return { status: response.statusCode, type: String(response.headers['content-type']), rows: response.body.replace(/^\uFEFF/, '').trim().split('\r\n').map((line) => line.split(';')) };
}

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('admin')).token;
  today = lisbonDay(server.ctx.now());
  year = Number(today.slice(0, 4));
  await setSetting('hasTreasury', 'true');
  await setSetting('donationEntityStatus', 'Associação sem fins lucrativos');
  await setSetting('donationLegalBasis', 'art. 62.º do EBF');
  await setSetting('modelo25DonationCode', '01');
  const created = await post('/api/members', { dues_exempt: true, name: 'Ana Lopes', nif: ANA_NIF, address: 'Rua Direita 1', postal_code: '1000-001', locality: 'Lisboa', state: await server.stateId('Ativo') });
  expect(created.status).toBe(201);
  anaId = Number(created.body.data._id);
});
afterAll(async () => {
  await server?.close();
});

describe('recording a donation issues its receipt', () => {
  it('from a member: a donation receipt of series D naming the member, the amount and what the EBF asks', async () => {
    const donation = await donate({ member: anaId, amount: 5000 });
    expect(donation.donor_name).toBe('Ana Lopes');
    expect(donation.donor_nif).toBe(ANA_NIF);
    expect(donation.receipt).toEqual(expect.any(Number));
    const receipt = await receiptOf(donation.receipt);
    expect(receipt.type).toBe('donation');
    expect(String(receipt.number)).toMatch(new RegExp(`^D ${year}/\\d+$`));
    expect(Number(receipt.member)).toBe(anaId);
    expect(receipt.payer_nif).toBe(ANA_NIF);
    expect(Number(receipt.total)).toBe(5000);
    const snapshot = JSON.parse(String(receipt.snapshot));
    expect(snapshot.wording).toBe('Associação sem fins lucrativos. Donativo enquadrado no art. 62.º do EBF, concedido sem contrapartidas pecuniárias ou comerciais.');
    expect(snapshot.lines).toEqual([{ description: `Donativo em dinheiro, recebido a ${today.slice(8, 10)}/${today.slice(5, 7)}/${year}`, amount: 5000 }]);
  });

  it('from a new donor named with a NIF, and in kind: consecutive numbers in series D', async () => {
    const first = await donate({ donor_name: 'Rui Dias', donor_nif: RUI_NIF, amount: 2000 });
    const second = await donate({ donor_name: 'Papelaria Central, Lda.', donor_nif: COMPANY_NIF, kind: 'especie', goods: '20 resmas de papel', amount: 8000 });
    const [a, b] = [await receiptOf(first.receipt), await receiptOf(second.receipt)];
    expect(Number(b.sequence)).toBe(Number(a.sequence) + 1);
    expect(a.payer_name).toBe('Rui Dias');
    expect(a.member).toBeNull();
    expect(JSON.parse(String(b.lines))[0].description).toMatch(/^Donativo em espécie: 20 resmas de papel, recebido a /);
  });

  it('from a contact, whose NIF is given with the donation', async () => {
    const contact = await post('/api/contacts', { name: 'Fundação Amigos do Bairro' });
    const donation = await donate({ contact: contact.body.data._id, donor_nif: COMPANY_NIF, amount: 10000 });
    expect(donation.donor_name).toBe('Fundação Amigos do Bairro');
    expect(Number((await receiptOf(donation.receipt)).contact)).toBe(contact.body.data._id);
  });
});

describe('bad input changes nothing', () => {
  it.each([
    [{ donor_name: 'Rui Dias', donor_nif: '123456780', amount: 1000 }, 'donor_nif', 'NIF inválido: deve ter 9 dígitos e um dígito de controlo correto.'],
    [{ donor_name: 'Sem NIF', amount: 1000 }, 'donor_nif', 'Indique o NIF do doador: a declaração anual de donativos (modelo 25) identifica cada doador pelo NIF.'],
    [{ donor_nif: RUI_NIF, amount: 1000 }, 'donor_name', 'Indique o nome do doador.'],
    [{ donor_name: 'Rui Dias', donor_nif: RUI_NIF, amount: 1000, kind: 'especie' }, 'goods', 'Descreva os bens doados.'],
    [{ donor_name: 'Rui Dias', donor_nif: RUI_NIF, amount: 0 }, 'amount', expect.any(String)],
    [{ member: 999_999, amount: 1000 }, 'member', expect.any(String)],
    [{ donor_name: 'Rui Dias', donor_nif: RUI_NIF, amount: 1000, date: '2999-01-01' }, 'date', 'A data do donativo não pode ser posterior a hoje.'],
  ])('%j is refused on %s', async (body, field, message) => {
    const [donations, docs] = [await count('donations'), await count('treasury_docs')];
    const answer = await post('/api/donations', { date: today, ...body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.errors[field]).toEqual(message);
    expect([await count('donations'), await count('treasury_docs')]).toEqual([donations, docs]);
  });

  it('refuses both a member and a contact as the donor', async () => {
    const contact = await post('/api/contacts', { name: 'Outro contacto' });
    const answer = await post('/api/donations', { date: today, member: anaId, contact: contact.body.data._id, amount: 1000 });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.contact).toBe('Escolha o doador entre os sócios ou entre os contactos, não os dois.');
  });

  it('never edits nor deletes a recorded donation, and members cannot record one', async () => {
    const donation = await donate({ donor_name: 'Rui Dias', donor_nif: RUI_NIF, amount: 1500 });
    // No update or delete is offered at all: the address answers as unknown.
    expect((await server.json('PATCH', `/api/donations/${donation._id}`, staff, { amount: 1 })).status).toBe(404);
    expect((await server.json('DELETE', `/api/donations/${donation._id}`, staff)).status).toBe(404);
    const member = (await server.as('member')).token;
    expect((await post('/api/donations', { date: today, donor_name: 'X', donor_nif: RUI_NIF, amount: 1000 }, member)).status).toBe(403);
    expect(Number((await get(`/api/donations/${donation._id}`)).body.data.amount)).toBe(1500);
  });
});

describe('Modelo 25', () => {
  it('lists the year by donor NIF with the code, money and in-kind totals, and leaves out annulled receipts', async () => {
    const annulled = await donate({ donor_name: 'Rui Dias', donor_nif: RUI_NIF, amount: 700 });
    const annul = await post(`/api/treasury_docs/${annulled.receipt}/annul`, { reason: 'Registado em duplicado' });
    expect(annul.status, JSON.stringify(annul.body)).toBeLessThan(300);
    await donate({ member: anaId, amount: 1234, date: `${year - 1}-12-31` });

    const answer = await modelo25(year);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/csv/);
    const [header, ...lines] = answer.rows;
    expect(header).toEqual(['NIF do doador', 'Código do donativo', 'Ano', 'Valor em numerário (EUR)', 'Valor em espécie (EUR)', 'Nome do doador', 'N.º de donativos', 'Recibos']);
    const byNif = Object.fromEntries(lines.map((line) => [line[0], line]));
    expect(Object.keys(byNif).sort()).toEqual([RUI_NIF, ANA_NIF, COMPANY_NIF].sort());
    // Ana: 50,00 this year (last year's 12,34 is not in it).
    expect(byNif[ANA_NIF]!.slice(0, 5)).toEqual([ANA_NIF, '01', String(year), '50,00', '0,00']);
    // Rui: 20,00 + 15,00; the annulled 7,00 is out.
    expect(byNif[RUI_NIF]!.slice(0, 7)).toEqual([RUI_NIF, '01', String(year), '35,00', '0,00', 'Rui Dias', '2']);
    // The company and the contact share a NIF: one line, 100,00 in money and 80,00 in kind.
    expect(byNif[COMPANY_NIF]!.slice(0, 5)).toEqual([COMPANY_NIF, '01', String(year), '100,00', '80,00']);
    expect(byNif[COMPANY_NIF]![7]!.split(', ')).toHaveLength(2);

    const lastYear = await modelo25(year - 1);
    expect(lastYear.rows.slice(1).map((line) => line.slice(0, 4))).toEqual([[ANA_NIF, '01', String(year - 1), '12,34']]);
  });

  it('asks for a four-digit year, and only staff may export', async () => {
    const bad = await server.json('GET', '/api/donations/modelo25?year=26', staff);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Indique o ano dos donativos com quatro algarismos, por exemplo year=2026.');
    expect((await server.json('GET', '/api/donations/modelo25', staff)).status).toBe(400);
    expect((await modelo25(year, (await server.as('member')).token)).status).toBe(403);
    expect((await server.request({ method: 'GET', url: `/api/donations/modelo25?year=${year}` })).statusCode).toBe(401);
  });
});
