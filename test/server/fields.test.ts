import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { ExplainerResponse } from '../../src/core/contract.js';
import { withRecordColumns } from '../../src/server/db/migrations/schema-helpers.js';
import { MONEY_MESSAGE } from '../../src/server/fields/numbers.js';
import { defineModule } from '../../src/server/modules/define-module.js';
import { appModules } from '../../src/server/modules/index.js';
import { defineResource } from '../../src/server/resources/define.js';
import { startTestServer, type TestServer } from './support/server.js';
import { loose } from '../../src/server/db/database.js';

/** A resource only this test serves: amounts in cents, a total computed in the query, two files. */
const ledger = defineResource({
  name: 'ledger_test',
  label: 'Lançamentos',
  labelSingular: 'Lançamento',
  access: { list: ['admin'], read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  fields: [
    { name: 'label', type: 'string', label: 'Descrição' },
    { name: 'amount', type: 'money', label: 'Valor' },
    { name: 'fee', type: 'money', label: 'Taxa', validation: { max: 5000 } },
    { name: 'total', type: 'computed', label: 'Total', computed: { sql: 'COALESCE(amount, 0) + COALESCE(fee, 0)', numeric: true } },
    { name: 'receipt', type: 'file', label: 'Recibo' },
    { name: 'photo', type: 'image', label: 'Fotografia' },
  ],
});

let server: TestServer;
let admin: string;

const BOUNDARY = 'associa-fields-boundary';

async function upload(bytes: Buffer, filename: string, type: string): Promise<number> {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const response = await server.request({
    method: 'POST',
    url: '/api/files',
    token: admin,
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return Number(response.json().data._id);
}

const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const png = () => sharp(Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]), { raw: { width: 2, height: 2, channels: 3 } }).png().toBuffer();

const send = (method: string, url: string, payload?: object) =>
  server.request({ method: method, url, token: admin, ...(payload === undefined ? {} : { payload }) });
const storedRows = () => loose(server.database.db).selectFrom('ledger_test').selectAll().orderBy('_id').execute();
const fileOwner = async (id: number) => {
  const row = await server.database.db.selectFrom('files').select(['owner_resource', 'owner_record', 'owner_field']).where('_id', '=', id).executeTakeFirstOrThrow();
  return row.owner_resource === null ? null : { resource: row.owner_resource, record: Number(row.owner_record), field: row.owner_field };
};

async function create(fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await send('POST', '/api/ledger_test', { label: 'x', ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

beforeAll(async () => {
  server = await startTestServer({}, { modules: [...appModules, defineModule({ name: 'ledger_test', resources: [ledger] })] });
  await withRecordColumns(server.database.db.schema.createTable('ledger_test'), server.database.engine)
    .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('label', 'varchar(200)')
    .addColumn('amount', 'bigint')
    .addColumn('fee', 'bigint')
    .addColumn('receipt', 'integer')
    .addColumn('photo', 'integer')
    .execute();
  admin = (await server.login(await server.createUser('admin'))).access;
});
afterAll(async () => {
  await server?.close();
});

describe('money fields', () => {
  it('take and give back integer cents exactly, in the answer, the record, the list and the table', async () => {
    for (const cents of [10, 99_999_999, 0, 2450]) {
      const created = await create({ amount: cents });
      expect(created.amount).toBe(cents);
      const id = Number(created._id);
      expect((await send('GET', `/api/ledger_test/${id}`)).json().data.amount).toBe(cents);
      const listed = (await send('GET', `/api/ledger_test?limit=all`)).json().data.find((r: { _id: number }) => r._id === id);
      expect(listed.amount).toBe(cents);
      const row = (await storedRows()).find((r) => Number(r._id) === id)!;
      expect(Number(row.amount)).toBe(cents);
    }
  });

  it('refuse decimals, separators, negative amounts and amounts past the bounds with 422, storing nothing', async () => {
    const before = await storedRows();
    for (const amount of [0.1, 24.5, '24,50', '24.50', '1 000', -1, 100_000_000, true, [10]]) {
      const response = await send('POST', '/api/ledger_test', { label: 'mau', amount });
      expect(response.statusCode, `${JSON.stringify(amount)}: ${response.body}`).toBe(422);
      const message = response.json().errors.amount;
      expect(message, JSON.stringify(amount)).toMatch(/cêntimos/);
    }
    expect((await send('POST', '/api/ledger_test', { amount: 0.1 })).json().errors.amount).toBe(MONEY_MESSAGE);
    expect((await send('POST', '/api/ledger_test', { amount: '24,50' })).json().errors.amount).toBe(MONEY_MESSAGE);
    // A field's own validation narrows the default bounds.
    const fee = await send('POST', '/api/ledger_test', { fee: 5001 });
    expect(fee.statusCode).toBe(422);
    expect(fee.json().errors.fee).toBe('Não pode ser superior a 5000 cêntimos.');
    const id = Number((await create({ amount: 500 }))._id);
    const update = await send('PATCH', `/api/ledger_test/${id}`, { amount: 5.5 });
    expect(update.statusCode).toBe(422);
    expect((await send('GET', `/api/ledger_test/${id}`)).json().data.amount).toBe(500);
    expect((await storedRows()).length).toBe(before.length + 1);
  });

  it('are described as integer cents to clients: explainer control and OpenAPI schema', async () => {
    const explained = (await send('GET', '/api/explainer')).json<ExplainerResponse>().data.ledger_test!;
    expect(explained.fields.find((f) => f.name === 'amount')).toMatchObject({ type: 'money', inputType: 'money' });
    const doc = (await send('GET', '/api/openapi.json')).json();
    const amount = doc.components.schemas.LedgerTest.properties.amount;
    expect(amount).toMatchObject({ type: ['integer', 'null'], description: 'cêntimos', minimum: 0, maximum: 99_999_999 });
    expect(doc.components.schemas.LedgerTest.properties.fee.maximum).toBe(5000);
  });
});

describe('computed fields', () => {
  it('are derived in the query for lists and reads, and follow the columns they read', async () => {
    const id = Number((await create({ amount: 1000, fee: 250 }))._id);
    expect((await send('GET', `/api/ledger_test/${id}`)).json().data.total).toBe(1250);
    const listed = (await send('GET', '/api/ledger_test?limit=all')).json().data.find((r: { _id: number }) => r._id === id);
    expect(listed.total).toBe(1250);
    const updated = await send('PATCH', `/api/ledger_test/${id}`, { fee: 5 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.total).toBe(1005);
  });

  it('must be declared with an expression, and cannot be filtered, searched or sorted on', () => {
    const declare = (extra: object) => () =>
      defineResource({ ...ledger, fields: [{ name: 'total', type: 'computed', label: 'Total', ...extra }] });
    expect(declare({})).toThrow('ledger_test.total: a computed field needs its SQL expression (computed.sql).');
    expect(declare({ computed: { sql: 'amount' }, sortable: true })).toThrow('cannot be filtered, searched or sorted on');
    expect(declare({ computed: { sql: 'amount' }, filterable: true })).toThrow('cannot be filtered, searched or sorted on');
    expect(declare({ computed: { sql: 'amount' } })).not.toThrow();
  });

  it('are never written: a value sent is ignored like any read-only field, and a write of it alone is refused', async () => {
    const created = await create({ amount: 100, total: 999 });
    expect(created.total).toBe(100);
    const alone = await send('PATCH', `/api/ledger_test/${Number(created._id)}`, { total: 7 });
    expect(alone.statusCode).toBe(422);
    expect((await send('GET', `/api/ledger_test/${Number(created._id)}`)).json().data.total).toBe(100);
    const doc = (await send('GET', '/api/openapi.json')).json();
    expect(doc.components.schemas.LedgerTestInput.properties).not.toHaveProperty('total');
  });
});

describe('file and image fields', () => {
  it('give an uploaded file to the record field that names it, in the write', async () => {
    const fileId = await upload(pdf(), 'recibo.pdf', 'application/pdf');
    const created = await create({ receipt: fileId });
    expect(created.receipt).toBe(fileId);
    const id = Number(created._id);
    expect(await fileOwner(fileId)).toEqual({ resource: 'ledger_test', record: id, field: 'receipt' });
    // Saving the record again with its own file is not a second claim.
    const again = await send('PUT', `/api/ledger_test/${id}`, { label: 'outra', receipt: fileId });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.receipt).toBe(fileId);
  });

  it('refuse an unknown file, a file another record holds, and a document in an image field with 422, storing nothing', async () => {
    const held = await upload(pdf(), 'a.pdf', 'application/pdf');
    const owner = Number((await create({ receipt: held }))._id);
    const document = await upload(pdf(), 'b.pdf', 'application/pdf');
    const before = await storedRows();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ receipt: 987_654 }, 'receipt', 'Este ficheiro não existe ou já pertence a outro registo.'],
      [{ receipt: held }, 'receipt', 'Este ficheiro não existe ou já pertence a outro registo.'],
      [{ photo: document }, 'photo', 'Este ficheiro não é uma imagem (JPEG, PNG ou WebP).'],
      [{ receipt: 'abc' }, 'receipt', 'Identificador de ficheiro inválido.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await send('POST', '/api/ledger_test', { label: 'mau', ...body });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[field]).toBe(message);
    }
    expect(await storedRows()).toEqual(before);
    expect(await fileOwner(held)).toEqual({ resource: 'ledger_test', record: owner, field: 'receipt' });
    expect(await fileOwner(document)).toBeNull();
    const picture = await upload(await png(), 'foto.png', 'image/png');
    expect((await create({ photo: picture })).photo).toBe(picture);
  });
});
