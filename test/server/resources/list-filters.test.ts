import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExplainerResponse } from '../../../src/core/contract.js';
import { withRecordColumns } from '../../../src/server/db/migrations/schema-helpers.js';
import { defineModule } from '../../../src/server/modules/define-module.js';
import { appModules } from '../../../src/server/modules/index.js';
import { defineResource } from '../../../src/server/resources/define.js';
import type { DeclaredFilter } from '../../../src/server/resources/declared-filters.js';
import { parseListParams } from '../../../src/server/resources/list-params.js';
import { listRows } from '../../../src/server/resources/list-query.js';
import { startTestServer, type TestServer } from '../support/server.js';

const admins = ['admin'] as const;
const access = { list: admins, read: admins, create: admins, update: admins, delete: admins };

/** "Em atraso" depends on the day of the request: unpaid and due before it. */
const standing: DeclaredFilter = {
  name: 'standing',
  label: 'Situação',
  options: [
    { value: 'paga', label: 'Paga' },
    { value: 'em_dia', label: 'Em dia' },
    { value: 'em_atraso', label: 'Em atraso' },
  ],
  where(value, now, table) {
    const today = now.toISOString().slice(0, 10);
    const paid = sql.ref(`${table}.paid`);
    const due = sql.ref(`${table}.due_on`);
    if (value === 'paga') return sql<boolean>`${paid} = 1`;
    return value === 'em_atraso' ? sql<boolean>`${paid} = 0 AND ${due} < ${today}` : sql<boolean>`${paid} = 0 AND ${due} >= ${today}`;
  },
};

/** A declared filter that takes a whole number: at least this many units. */
const minUnits: DeclaredFilter = {
  name: 'min_units',
  label: 'Unidades no mínimo',
  integer: { min: 1, max: 10 },
  where: (value, _now, table) => sql<boolean>`${sql.ref(`${table}.units`)} >= ${Number(value)}`,
};

const accounts = defineResource({
  name: 'accounts_test',
  label: 'Contas',
  labelSingular: 'Conta',
  access,
  fields: [{ name: 'name', type: 'string', label: 'Nome' }],
});

const instalments = defineResource({
  name: 'instalments_test',
  label: 'Prestações',
  labelSingular: 'Prestação',
  access,
  filters: [standing, minUnits],
  fields: [
    { name: 'label', type: 'string', label: 'Descrição', filterable: true },
    { name: 'account', type: 'reference', label: 'Conta', ref: 'accounts_test', filterable: true },
    { name: 'due_on', type: 'date', label: 'Vencimento', filterable: true, sortable: true },
    { name: 'units', type: 'integer', label: 'Unidades', filterable: true },
    { name: 'amount', type: 'money', label: 'Valor', filterable: true },
    { name: 'paid', type: 'boolean', label: 'Paga', filterable: true },
  ],
});

let server: TestServer;
let admin: string;
let first: number;
let second: number;

interface Listed {
  data: { label: string }[];
  meta: { total: number };
}

const get = async (url: string) => {
  const response = await server.request({ method: 'GET', url, token: admin });
  return { status: response.statusCode, body: response.json<Listed & { message: string; code: string }>() };
};
/** Labels of every match, in due order, and the total a one-row page reports (a counted total). */
async function matches(path: string, query: string): Promise<{ labels: string[]; counted: number }> {
  const all = await get(`${path}?_sort=due_on&_limit=-1&${query}`);
  expect(all.status, all.body.message).toBe(200);
  const page = await get(`${path}?_sort=due_on&_limit=1&${query}`);
  expect(page.status, page.body.message).toBe(200);
  return { labels: all.body.data.map((r) => r.label), counted: page.body.meta.total };
}

const rows: [label: string, account: 'first' | 'second', due: string, units: number, amount: number, paid: boolean][] = [
  ['jan-2020', 'first', '2020-01-15', 1, 1000, false],
  ['fev-2020', 'first', '2020-02-15', 2, 2500, true],
  ['mar-2020', 'second', '2020-03-15', 3, 2500, false],
  ['abr-2020', 'first', '2020-04-15', 4, 5000, true],
  ['jan-2999', 'first', '2999-01-15', 5, 1000, false],
  ['fev-2999', 'second', '2999-02-15', 6, 7500, false],
];

beforeAll(async () => {
  server = await startTestServer({}, { modules: [...appModules, defineModule({ name: 'filters_test', resources: [accounts, instalments] })] });
  const { db, engine } = server.database;
  await withRecordColumns(db.schema.createTable('accounts_test'), engine)
    .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('name', 'varchar(200)')
    .execute();
  await withRecordColumns(db.schema.createTable('instalments_test'), engine)
    .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('label', 'varchar(200)')
    .addColumn('account', 'integer', (c) => c.references('accounts_test._id'))
    .addColumn('due_on', 'varchar(10)')
    .addColumn('units', 'integer')
    .addColumn('amount', 'bigint')
    .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  admin = (await server.login(await server.createUser('admin'))).access;
  const post = async (url: string, payload: object) => {
    const response = await server.request({ method: 'POST', url, token: admin, payload });
    expect(response.statusCode, response.body).toBe(201);
    return Number(response.json().data._id);
  };
  first = await post('/api/accounts_test', { name: 'Primeira' });
  second = await post('/api/accounts_test', { name: 'Segunda' });
  for (const [label, account, due_on, units, amount, paid] of rows) {
    await post('/api/instalments_test', { label, account: account === 'first' ? first : second, due_on, units, amount, paid });
  }
});
afterAll(async () => {
  await server?.close();
});

describe('range filters _{field}_gte / _{field}_lte', () => {
  it('bound a date field inclusively, alone or both, and the counted total agrees', async () => {
    expect(await matches('/api/instalments_test', '_due_on_gte=2020-02-15')).toEqual({ labels: ['fev-2020', 'mar-2020', 'abr-2020', 'jan-2999', 'fev-2999'], counted: 5 });
    expect(await matches('/api/instalments_test', '_due_on_lte=2020-02-15')).toEqual({ labels: ['jan-2020', 'fev-2020'], counted: 2 });
    expect(await matches('/api/instalments_test', '_due_on_gte=2020-02-15&_due_on_lte=2020-04-15')).toEqual({ labels: ['fev-2020', 'mar-2020', 'abr-2020'], counted: 3 });
    expect(await matches('/api/instalments_test', '_due_on_gte=2020-03-01&_due_on_lte=2020-03-31')).toEqual({ labels: ['mar-2020'], counted: 1 });
    expect(await matches('/api/instalments_test', '_due_on_gte=2021-01-01&_due_on_lte=2998-12-31')).toEqual({ labels: [], counted: 0 });
  });

  it('bound integer and money fields, combined with each other and with equality filters', async () => {
    expect(await matches('/api/instalments_test', '_units_gte=2&_units_lte=5')).toEqual({ labels: ['fev-2020', 'mar-2020', 'abr-2020', 'jan-2999'], counted: 4 });
    expect(await matches('/api/instalments_test', '_units_gte=2&_units_lte=5&_paid=false')).toEqual({ labels: ['mar-2020', 'jan-2999'], counted: 2 });
    expect(await matches('/api/instalments_test', `_amount_gte=2500&_account=${first}`)).toEqual({ labels: ['fev-2020', 'abr-2020'], counted: 2 });
    expect(await matches('/api/instalments_test', '_amount_lte=2500&_due_on_gte=2020-02-01&_label=mar-2020&_label=jan-2999')).toEqual({ labels: ['mar-2020', 'jan-2999'], counted: 2 });
    // Record columns are fields too: _id and created_at take bounds.
    const ids = (await get('/api/instalments_test?_sort=_id&_limit=-1')).body.data as unknown as { _id: number; created_at: string }[];
    expect((await matches('/api/instalments_test', `_id_gte=${ids[1]!._id}&_id_lte=${ids[2]!._id}`)).labels).toEqual(['fev-2020', 'mar-2020']);
    expect((await matches('/api/instalments_test', `_created_at_gte=${encodeURIComponent(ids[0]!.created_at)}`)).counted).toBe(6);
    expect((await matches('/api/instalments_test', '_created_at_lte=2000-01-01')).counted).toBe(0);
  });

  it('apply to nested lists, whose own parent filter still holds', async () => {
    expect(await matches(`/api/accounts_test/${first}/instalments_test`, '_units_gte=2')).toEqual({ labels: ['fev-2020', 'abr-2020', 'jan-2999'], counted: 3 });
    expect(await matches(`/api/accounts_test/${second}/instalments_test`, '_due_on_lte=2020-12-31&_amount_gte=2000')).toEqual({ labels: ['mar-2020'], counted: 1 });
  });

  it('are part of what a cached answer is kept by', async () => {
    expect((await get('/api/instalments_test?_amount_gte=5000')).body.meta.total).toBe(2);
    expect((await get('/api/instalments_test?_amount_gte=7000')).body.meta.total).toBe(1);
    expect((await get('/api/instalments_test?_amount_lte=5000')).body.meta.total).toBe(5);
    expect((await get('/api/instalments_test?_amount_gte=5000')).body.meta.total).toBe(2);
  });

  it('refuse a bad, missing or repeated bound, an unknown field and a field that is no date or number with a 400 naming it', async () => {
    const cases: [query: string, names: string][] = [
      ['_due_on_gte=2020-13-01', 'due_on'],
      ['_due_on_lte=15/01/2020', 'due_on'],
      ['_units_gte=dois', 'units'],
      ['_units_lte=1.5', 'units'],
      ['_amount_gte=24,50', 'amount'],
      ['_amount_lte=-1', 'amount'],
      ['_amount_gte=', 'amount'],
      ['_units_gte=1&_units_gte=2', '_units_gte'],
      ['_label_gte=a', 'label'],
      ['_paid_lte=1', 'paid'],
      ['_nothing_gte=1', 'nothing'],
    ];
    for (const [query, name] of cases) {
      const { status, body } = await get(`/api/instalments_test?${query}`);
      expect(status, query).toBe(400);
      expect(body.code, query).toBe('bad_request');
      expect(body.message, query).toContain(`"${name}`);
    }
    expect((await get('/api/instalments_test?_due_on_gte=2020-13-01')).body.message).toBe(
      'Valor inválido no filtro "due_on_gte" (campo "due_on"): Data inválida: use o formato AAAA-MM-DD.',
    );
    expect((await get(`/api/accounts_test/${first}/instalments_test?_units_lte=x`)).status).toBe(400);
  });
});

describe('declared filters _{name}', () => {
  it('filter by the option chosen, with other filters, and the counted total agrees', async () => {
    expect(await matches('/api/instalments_test', '_standing=paga')).toEqual({ labels: ['fev-2020', 'abr-2020'], counted: 2 });
    expect(await matches('/api/instalments_test', '_standing=em_atraso')).toEqual({ labels: ['jan-2020', 'mar-2020'], counted: 2 });
    expect(await matches('/api/instalments_test', '_standing=em_dia')).toEqual({ labels: ['jan-2999', 'fev-2999'], counted: 2 });
    expect(await matches('/api/instalments_test', `_standing=em_atraso&_account=${first}`)).toEqual({ labels: ['jan-2020'], counted: 1 });
    expect(await matches('/api/instalments_test', '_standing=em_dia&_amount_gte=5000')).toEqual({ labels: ['fev-2999'], counted: 1 });
    expect(await matches(`/api/accounts_test/${second}/instalments_test`, '_standing=em_atraso')).toEqual({ labels: ['mar-2020'], counted: 1 });
  });

  it('are evaluated at the time they are given', async () => {
    const overdueAt = async (iso: string) => {
      const params = parseListParams(instalments, { _standing: 'em_atraso', _sort: 'due_on' }, Date.parse(iso));
      return (await listRows(server.database, instalments, params)).rows.map((r) => r.label);
    };
    expect(await overdueAt('2019-12-31T12:00:00Z')).toEqual([]);
    expect(await overdueAt('2020-01-15T12:00:00Z')).toEqual([]);
    expect(await overdueAt('2020-01-16T00:00:00Z')).toEqual(['jan-2020']);
    expect(await overdueAt('2999-02-16T00:00:00Z')).toEqual(['jan-2020', 'mar-2020', 'jan-2999', 'fev-2999']);
  });

  it('refuse an option not declared, an empty or a repeated one with a 400 naming the filter', async () => {
    for (const query of ['_standing=talvez', '_standing=', '_standing=EM_ATRASO', '_standing=paga&_standing=em_dia']) {
      const { status, body } = await get(`/api/instalments_test?${query}`);
      expect(status, query).toBe(400);
      expect(body.code, query).toBe('bad_request');
      expect(body.message, query).toContain('standing');
    }
    expect((await get('/api/instalments_test?_standing=talvez')).body.message).toBe(
      'Valor inválido no filtro "Situação" (standing): escolha um de paga, em_dia, em_atraso.',
    );
    // Another resource declares no such filter.
    expect((await get('/api/accounts_test?_standing=paga')).status).toBe(400);
  });

  it('are offered by the explainer and the OpenAPI document', async () => {
    const explained = (await get('/api/explainer')).body as unknown as ExplainerResponse;
    expect(explained.data.instalments_test!.filters![0]).toEqual({ name: 'standing', label: 'Situação', options: standing.options });
    expect(explained.data.accounts_test!.filters).toBeUndefined();
    const doc = (await server.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const parameters = doc.paths['/api/instalments_test'].get.parameters as { name: string; schema: Record<string, unknown> }[];
    const parameter = (name: string) => parameters.find((p) => p.name === name);
    expect(parameter('_standing')?.schema).toEqual({ type: 'string', enum: ['paga', 'em_dia', 'em_atraso'] });
    expect(parameter('_due_on_gte')?.schema).toMatchObject({ type: 'string', format: 'date' });
    expect(parameter('_amount_lte')?.schema).toMatchObject({ type: 'integer' });
    expect(parameter('_created_at_gte')?.schema).toMatchObject({ type: 'string', format: 'date-time' });
    expect(parameter('_label_gte')).toBeUndefined();
    const nested = doc.paths['/api/accounts_test/{id}/instalments_test'].get.parameters as { name: string }[];
    expect(nested.map((p) => p.name)).toEqual(expect.arrayContaining(['_standing', '_units_gte', '_units_lte']));
  });

  it('that take a whole number filter by it, and refuse anything else within or outside the bounds', async () => {
    expect(await matches('/api/instalments_test', '_min_units=5')).toEqual({ labels: ['jan-2999', 'fev-2999'], counted: 2 });
    expect(await matches('/api/instalments_test', '_min_units=3&_standing=em_atraso')).toEqual({ labels: ['mar-2020'], counted: 1 });
    expect(await matches('/api/instalments_test', '_min_units=1')).toMatchObject({ counted: 6 });
    for (const query of ['_min_units=0', '_min_units=11', '_min_units=2.5', '_min_units=x', '_min_units=', '_min_units=1e1']) {
      const { status, body } = await get(`/api/instalments_test?${query}`);
      expect(status, query).toBe(400);
      expect(body.message, query).toBe('Valor inválido no filtro "Unidades no mínimo" (min_units): indique um número inteiro de 1 a 10.');
    }
    const explained = (await get('/api/explainer')).body as unknown as ExplainerResponse;
    expect(explained.data.instalments_test!.filters![1]).toEqual({ name: 'min_units', label: 'Unidades no mínimo', options: [], integer: { min: 1, max: 10 } });
    const doc = (await server.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const parameters = doc.paths['/api/instalments_test'].get.parameters as { name: string; schema: Record<string, unknown> }[];
    expect(parameters.find((p) => p.name === '_min_units')?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 10 });
  });

  it('must not take a name a list parameter or a field already has', () => {
    const declare = (name: string) =>
      defineResource({ name: 'clash_test', label: 'x', labelSingular: 'x', access, filters: [{ ...standing, name }], fields: [{ name: 'label', type: 'string', label: 'x' }] });
    for (const name of ['label', 'search', 'id', 'created_at', 'label_gte', 'Standing']) expect(() => declare(name), name).toThrow(/clash_test: filter/);
    expect(() => declare('standing')).not.toThrow();
  });
});
