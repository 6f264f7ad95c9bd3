import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCardCode, newCardCode } from '../../../src/server/modules/cards/codes.js';
import { PRINT_INLINE_MAX } from '../../../src/server/modules/cards/print.js';
import { insertInBatches } from '../../../src/server/seed/batches.js';
import { lisbonYear } from '../../../src/core/days.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { pageCount, pageSizeMm, readPdf } from './pdf-support.js';

let server: TestServer;
let staff: string;
let state: number;
let category: number;
let year: number;
const db = () => server.database.db;

async function json(method: string, url: string, payload?: unknown, token = staff, headers: Record<string, string> = {}) {
  const response = await server.request({ method, url, token, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, headers: response.headers, body: response.body && String(response.headers['content-type']).includes('json') ? response.json() : undefined };
}

async function cardOf(name: string, admission = `${year}-03-15`): Promise<{ _id: number; code: string; member: number }> {
  const created = await json('POST', '/api/members', { name, state, admission_date: admission, fee_category: category });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const member = Number(created.body.data._id);
  const issued = await json('POST', '/api/membership_cards/issue', { member });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return issued.body.data;
}

/** The bytes behind a signed file address, fetched as the caller it was issued to. */
async function download(url: string, token = staff): Promise<Buffer> {
  const response = await server.request({ method: 'GET', url, token });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
}

/** SPEC 7's GET membership_cards/{id} as a browser asking for the card's PDF does. */
const askPdf = (id: number | string, token?: string) => json('GET', `/api/membership_cards/${id}`, undefined, token, { accept: 'application/pdf' });

async function cardPdf(id: number): Promise<{ bytes: Buffer; location: string }> {
  const answer = await askPdf(id);
  expect(answer.status).toBe(302);
  const location = String(answer.headers.location);
  expect(answer.body.data.url).toBe(location);
  return { bytes: await download(location), location };
}

beforeAll(async () => {
  server = await startTestServer();
  await ensureReferenceData(db(), server.ctx.now(), 'association');
  await db().updateTable('settings').set({ value: 'Associação Desportiva do Teste' }).where('name', '=', 'name').execute();
  // The years rule: these tests are about the drawing, not the ledger.
  await db().updateTable('settings').set({ value: 'years' }).where('name', '=', 'cardValidityRule').execute();
  staff = (await server.login(await server.createUser('editor'))).access;
  state = Number((await db().selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow())._id);
  year = lisbonYear(server.ctx.now());
  category = Number((await json('POST', '/api/fee_categories', { name: 'Juvenil' })).body.data._id);
});
afterAll(async () => {
  await server?.close();
});

describe('card PDFs', () => {
  it("hold the member's name, number and details as text, and a vector QR code that decodes to the verification address", async () => {
    const card = await cardOf('Inês Gonçalves Ribeiro');
    const number = (await db().selectFrom('members').select('number').where('_id', '=', card.member).executeTakeFirstOrThrow()).number;
    const { bytes } = await cardPdf(card._id);
    expect(pageCount(bytes)).toBe(1);
    const page = readPdf(bytes);
    for (const words of ['Associação Desportiva do Teste', 'Cartão de Sócio', 'Inês Gonçalves Ribeiro', `N.º ${String(number)}`, 'Juvenil', `Sócio desde 15/03/${year}`, 'Válido até', formatCardCode(card.code)]) {
      expect(page.text).toContain(words);
    }
    expect(page.qr).toBe(`http://associa.test/v/${card.code}`);
    // Vectors, not a picture: the PDF embeds no image at all.
    expect(bytes.includes(Buffer.from('/Subtype /Image'))).toBe(false);
  });

  it('is stored once and drawn again only when what it shows changes', async () => {
    const card = await cardOf('Paulo Sousa');
    const first = await cardPdf(card._id);
    const again = await cardPdf(card._id);
    const fileOf = (location: string) => Number(/\/api\/files\/(\d+)\//.exec(location)![1]);
    expect(fileOf(again.location)).toBe(fileOf(first.location));
    const stored = await db().selectFrom('files').select(['sha256', 'size']).where('_id', '=', fileOf(first.location)).executeTakeFirstOrThrow();
    expect(stored.size).toBe(first.bytes.length);
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await json('PATCH', `/api/members/${card.member}`, { name: 'Paulo Sousa Mendes' })).status).toBe(200);
    const renamed = await cardPdf(card._id);
    expect(fileOf(renamed.location)).not.toBe(fileOf(first.location));
    expect(readPdf(renamed.bytes).text).toContain('Paulo Sousa Mendes');
  });

  it("are staff's, and a member's own card theirs; another's card and an unknown card are a 404", async () => {
    const card = await cardOf('Rita Membro');
    const member = (await server.login(await server.createUser('member', { memberId: card.member }))).access;
    expect((await askPdf(card._id, member)).status).toBe(302);
    const stranger = (await server.login(await server.createUser('member', { memberId: null }))).access;
    expect((await askPdf(card._id, stranger)).status).toBe(403);
    expect((await server.request({ method: 'GET', url: `/api/membership_cards/${card._id}`, headers: { accept: 'application/pdf' } })).statusCode).toBe(401);
    expect((await askPdf(999999)).status).toBe(404);
    expect((await askPdf('x')).status).toBe(400);
    // Printing a selection is staff's too.
    expect((await json('GET', `/api/membership_cards?type=ids&ids=${card._id}`, undefined, member)).status).toBe(403);
    // Without asking for a PDF the address stays the record, which the member reads as their own.
    const record = await json('GET', `/api/membership_cards/${card._id}`, undefined, member);
    expect(record.status).toBe(200);
    expect(record.body.data).toMatchObject({ _id: card._id, code: card.code, state: 'active' });
  });

  it('are described on the list and record operations of the API reference', async () => {
    const document = (await server.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const list = document.paths['/api/membership_cards'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['_page', 'type', 'ids', 'category', 'includeLetters']));
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '202', '422']));
    expect(list.description).toContain('Imprimir vários cartões num só PDF');
    const read = document.paths['/api/membership_cards/{id}'].get;
    expect(read.parameters.find((p: { name: string; in: string }) => p.name === 'Accept')).toMatchObject({ in: 'header' });
    expect(read.responses['302'].content['application/json'].schema.properties.data.properties.url.type).toBe('string');
    expect(document.paths['/api/membership_cards/print']).toBeUndefined();
  });

  it('stay a list and a record for the generic pages when no print or PDF is asked for', async () => {
    const card = await cardOf('Sara Lista');
    const list = await json('GET', `/api/membership_cards?_member=${card.member}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ data: [{ _id: card._id, code: card.code }], meta: { total: 1 } });
    const read = await json('GET', `/api/membership_cards/${card._id}`, undefined, staff, { accept: 'application/json' });
    expect(read.status).toBe(200);
    expect(read.body.data.code).toBe(card.code);
    const printed = await json('GET', `/api/membership_cards?type=ids&ids=${card._id}`);
    expect(printed.status).toBe(200);
    expect(Object.keys(printed.body.data).sort()).toEqual(['count', 'expiresAt', 'url']);
  });

  it('print ID-1 pages one card each, or A4 sheets of ten', async () => {
    const cards = [await cardOf('Ana Um'), await cardOf('Bruno Dois'), await cardOf('Carla Três')];
    const ids = cards.map((c) => c._id).join(',');
    await db().updateTable('settings').set({ value: 'id1' }).where('name', '=', 'cardLayout').execute();
    const single = await json('GET', `/api/membership_cards?type=ids&ids=${ids}`);
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    expect(single.body.data.count).toBe(3);
    const id1 = await download(single.body.data.url);
    expect(pageCount(id1)).toBe(3);
    expect(pageSizeMm(id1)).toEqual({ width: 85.6, height: 54 });
    expect(readPdf(id1, 2).qr).toBe(`http://associa.test/v/${cards[2]!.code}`);

    await db().updateTable('settings').set({ value: 'a4' }).where('name', '=', 'cardLayout').execute();
    const sheet = await download((await json('GET', `/api/membership_cards?type=ids&ids=${ids}`)).body.data.url);
    expect(pageCount(sheet)).toBe(1);
    expect(pageSizeMm(sheet)).toEqual({ width: 210, height: 297 });
    const text = readPdf(sheet).text;
    for (const name of ['Ana Um', 'Bruno Dois', 'Carla Três']) expect(text).toContain(name);
  });

  it('refuse an empty or unclear selection with a pt-PT 400, storing nothing', async () => {
    const files = async () => (await db().selectFrom('files').select('_id').execute()).length;
    const before = await files();
    const empty = await json('GET', '/api/membership_cards?type=ids&ids=999998,999999');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nenhum cartão corresponde a esta seleção: não há nada para imprimir.');
    expect((await json('GET', '/api/membership_cards?type=')).status).toBe(400);
    expect((await json('GET', '/api/membership_cards?type=active&type=ids')).status).toBe(400);
    expect((await json('GET', '/api/membership_cards?type=todos')).status).toBe(400);
    expect((await json('GET', '/api/membership_cards?type=ids&ids=1,x')).status).toBe(400);
    expect((await json('GET', '/api/membership_cards?type=active&includeLetters=sim')).status).toBe(400);
    expect(await files()).toBe(before);
  });

  it('print a large selection as a background job with progress, then answer its address', async () => {
    const large = Number((await json('POST', '/api/fee_categories', { name: 'Sénior' })).body.data._id);
    const count = PRINT_INLINE_MAX + 1;
    const stamp = new Date(server.ctx.now()).toISOString();
    const top = Number((await db().selectFrom('members').select((eb) => eb.fn.max('number').as('n')).executeTakeFirstOrThrow()).n);
    // Rows written directly: the issue action is tested above, here only the number matters.
    await insertInBatches(db(), 'members', Array.from({ length: count }, (_, i) => ({ name: `Sénior ${i + 1}`, number: top + i + 1, state, admission_date: '2020-01-01', fee_category: large, created_at: stamp, updated_at: stamp })));
    const members = await db().selectFrom('members').select('_id').where('fee_category', '=', large).execute();
    await insertInBatches(db(), 'membership_cards', members.map((m) => ({ member: m._id, code: newCardCode(), state: 'active', issued_at: '2026-01-01', valid_until: '2026-12-31', created_at: stamp, updated_at: stamp, _version: 1 })));

    const queued = await json('GET', `/api/membership_cards?type=category&category=${large}`);
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect(queued.body.data.count).toBe(count);
    const job = Number(queued.body.data.job._id);
    await server.app.jobs.tick();
    const done = await json('GET', `/api/membership_cards/print/${job}`);
    expect(done.body.data).toMatchObject({ state: 'done', progress: count, total: count, count });
    const sheets = await download(done.body.data.url);
    expect(pageCount(sheets)).toBe(Math.ceil(count / 10));
    expect(readPdf(sheets, Math.ceil(count / 10) - 1).text).toContain(`Sénior ${count}`);
    expect((await json('GET', '/api/membership_cards/print/999999')).status).toBe(404);
  });

  it('cover letters put the address in the window, fill the template and carry the card at the foot', async () => {
    const card = await cardOf('Teresa Lima Fonseca');
    const address = { address: 'Rua das Flores, 12, 3.º Esq.', postal_code: '4050-262', locality: 'Porto' };
    expect((await json('PATCH', `/api/members/${card.member}`, address)).status).toBe(200);
    const answer = await json('GET', `/api/membership_card_letters/${card._id}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(302);
    const letter = await download(String(answer.headers.location));
    expect(pageCount(letter)).toBe(1);
    expect(pageSizeMm(letter)).toEqual({ width: 210, height: 297 });
    const page = readPdf(letter);
    for (const words of ['Teresa Lima Fonseca Rua das Flores, 12, 3.º Esq. 4050-262 Porto', 'Caro(a) Teresa,', 'Junto enviamos o seu Cartão de Sócio', 'Associação Desportiva do Teste']) {
      expect(page.text).toContain(words);
    }
    expect(page.qr).toBe(`http://associa.test/v/${card.code}`);
    // The same letter asked again is the stored file.
    expect((await json('GET', `/api/membership_card_letters/${card._id}`)).headers.location?.toString().split('?')[0]).toBe(String(answer.headers.location).split('?')[0]);

    const both = await json('GET', `/api/membership_cards?type=ids&ids=${card._id}&includeLetters=true`);
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(readPdf(await download(both.body.data.url)).text).toContain('Caro(a) Teresa,');
  });

  it('a letter for a member without an address names what is missing; a template with an unknown placeholder is refused', async () => {
    const card = await cardOf('Vasco Sem Morada');
    const refused = await json('GET', `/api/membership_card_letters/${card._id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.member).toBe('Não é possível preparar a carta sem a morada completa: Vasco Sem Morada (falta morada, código postal e localidade).');
    expect((await json('GET', `/api/membership_cards?type=ids&ids=${card._id}&includeLetters=true`)).status).toBe(422);
    const setting = await db().selectFrom('settings').select('_id').where('name', '=', 'cardLetterTemplate').executeTakeFirstOrThrow();
    const admin = (await server.login(await server.createUser('admin'))).access;
    const bad = await json('PATCH', `/api/settings/${Number(setting._id)}`, { value: 'Olá {apelido}' }, admin);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('Marcador desconhecido: {apelido}');
  });

  it('print a calibration page', async () => {
    const response = await server.request({ method: 'GET', url: '/api/membership_cards/calibration.pdf', token: staff });
    expect(response.statusCode).toBe(200);
    expect(readPdf(response.rawPayload).text).toContain('Página de calibração');
  });
});
