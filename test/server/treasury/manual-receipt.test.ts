import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay } from '../../../src/core/days.js';
import { nifCheckDigit } from '../../../src/server/resources/checks.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';

// A manual receipt ("recibo avulso", POST /api/treasury_docs/manual) on the real server (both
// engines): a quota or joining-fee receipt for a member or a payer named with a NIF, issued with
// the next number of its series, chained to the previous document; bad input and callers who may
// not issue change nothing; with the treasury off the route is not there.

let server: ResourceTestServer;
let staff: string;
let today: string;
let year: number;
let anaId: number;

const nif = (first8: string) => `${first8}${nifCheckDigit(first8)}`;
const ANA_NIF = nif('23456789');
const RUI_NIF = nif('21234567');

const post = (body: unknown, token = staff) => server.json('POST', '/api/treasury_docs/manual', token, body);
const count = async () => Number((await server.database.db.selectFrom('treasury_docs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const lastOf = (type: string) => server.database.db.selectFrom('treasury_docs').selectAll().where('type', '=', type).orderBy('_id', 'desc').executeTakeFirst();

async function setSetting(name: string, value: string) {
  const answer = await server.putSetting(staff, name, value);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
}

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('admin')).token;
  today = lisbonDay(server.ctx.now());
  year = Number(today.slice(0, 4));
  await setSetting('hasTreasury', 'true');
  const created = await server.json('POST', '/api/members', staff, { dues_exempt: true, name: 'Ana Lopes', nif: ANA_NIF, address: 'Rua Direita 1', postal_code: '1000-001', locality: 'Lisboa', state: await server.stateId('Ativo') });
  expect(created.status).toBe(201);
  anaId = Number(created.body.data._id);
});
afterAll(async () => {
  await server?.close();
});

describe('a manual receipt', () => {
  it('for a member and for a named payer: the next numbers of the series, chained, with the lines and total', async () => {
    const before = await lastOf('quota');
    const first = await post({ type: 'quota', issue_date: today, member: anaId, lines: [{ description: 'Quota 2025', amount: 2400 }, { description: 'Quota 2026', amount: 2450 }] });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({ type: 'quota', member: anaId, payer_name: 'Ana Lopes', payer_nif: ANA_NIF, total: 4850, issue_date: today });
    const second = await post({ type: 'quota', issue_date: today, payer_name: ' Rui Dias ', payer_nif: RUI_NIF, lines: [{ description: 'Quota 2026', amount: 2450 }] });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data).toMatchObject({ payer_name: 'Rui Dias', member: null, total: 2450 });

    const [a, b] = await Promise.all([first, second].map((answer) => server.database.db.selectFrom('treasury_docs').selectAll().where('_id', '=', answer.body.data._id).executeTakeFirstOrThrow()));
    expect(String(a!.number)).toBe(`R ${year}/${String(Number(before?.sequence ?? 0) + 1)}`);
    expect(Number(b!.sequence)).toBe(Number(a!.sequence) + 1);
    expect(a!.prev_hash).toBe(before?.hash ?? null);
    expect(b!.prev_hash).toBe(a!.hash);
    expect(JSON.parse(String(a!.lines))).toEqual([{ description: 'Quota 2025', amount: 2400 }, { description: 'Quota 2026', amount: 2450 }]);
    // Its PDF is stored and served like any document's, and it documents no payment.
    const pdf = await server.request({ method: 'GET', url: `/api/treasury_docs/${String(a!._id)}/pdf`, token: staff });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
    expect(await server.database.db.selectFrom('treasury_doc_payments').select('payment').where('doc', '=', Number(a!._id)).execute()).toEqual([]);
  });

  it('a joining-fee receipt dated earlier this year goes to series J', async () => {
    const answer = await post({ type: 'joining_fee', issue_date: `${year}-01-01`, member: anaId, lines: [{ description: 'Jóia', amount: 1000 }] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(String(answer.body.data.number)).toMatch(new RegExp(`^J ${year}/\\d+$`));
  });
});

describe('bad input and callers who may not issue change nothing', () => {
  const line = [{ description: 'Quota 2026', amount: 2450 }];
  it.each([
    [{ type: 'donation', member: 0, lines: line }, 'type', 'Escolha recibo de quota ou recibo de jóia.'],
    [{ type: 'quota', issue_date: '2999-01-01', lines: line }, 'issue_date', 'A data de emissão não pode ser posterior a hoje.'],
    [{ type: 'quota', payer_name: 'Rui Dias', payer_nif: '123456780', lines: line }, 'payer_nif', 'NIF inválido: deve ter 9 dígitos e um dígito de controlo correto.'],
    [{ type: 'quota', payer_name: 'Rui Dias', lines: line }, 'payer_nif', 'Indique o NIF de quem paga.'],
    [{ type: 'quota', lines: line }, 'payer_name', 'Escolha um sócio ou indique o nome de quem paga.'],
    [{ type: 'quota', member: 999_999, lines: line }, 'member', 'Este sócio não existe.'],
    [{ type: 'quota', member: 1, lines: [] }, 'lines', 'Indique pelo menos uma linha: o que paga e o valor.'],
    [{ type: 'quota', member: 1, lines: [{ description: 'Quota', amount: 0 }] }, 'lines.0.amount', 'O valor é um número inteiro de cêntimos maior do que zero.'],
    [{ type: 'quota', member: 1, lines: [{ description: 'Quota', amount: 24.5 }] }, 'lines.0.amount', 'O valor é um número inteiro de cêntimos maior do que zero.'],
    [{ type: 'quota', member: 1, lines: [{ description: ' ', amount: 100 }] }, 'lines.0.description', 'Diga o que esta linha paga.'],
  ])('%j is refused on %s', async (body, field, message) => {
    const [docs, series] = [await count(), await server.database.db.selectFrom('treasury_series').selectAll().execute()];
    const answer = await post({ issue_date: today, ...body, ...('member' in body && body.member === 1 ? { member: anaId } : {}) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.errors[field]).toBe(message);
    expect(await count()).toBe(docs);
    expect(await server.database.db.selectFrom('treasury_series').selectAll().execute()).toEqual(series);
  });

  it('a body that is no object is a 400; a member is refused; with the treasury off the route is not there', async () => {
    const docs = await count();
    expect((await post([1])).status).toBe(400);
    const member = (await server.as('member')).token;
    expect((await post({ type: 'quota', issue_date: today, member: anaId, lines: line }, member)).status).toBe(403);
    await setSetting('hasTreasury', 'false');
    expect((await post({ type: 'quota', issue_date: today, member: anaId, lines: line })).status).toBe(404);
    await setSetting('hasTreasury', 'true');
    expect(await count()).toBe(docs);
  });
});
