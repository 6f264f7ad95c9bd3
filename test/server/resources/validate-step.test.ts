import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRecordColumns } from '../../../src/server/db/migrations/schema-helpers.js';
import { defineModule } from '../../../src/server/modules/define-module.js';
import { appModules } from '../../../src/server/modules/index.js';
import { defineResource } from '../../../src/server/resources/define.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { UNIQUE_MESSAGE } from '../../../src/server/resources/validate.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { loose } from '../../../src/server/db/database.js';

/**
 * One validation step serves a save and `POST {res}/validate`: rules that need the database
 * (unique values, references that must exist, the resource's own `validate` hook) give the
 * same errors through both, and a refused save stores nothing.
 */

const ONE_BADGE = 'Este sócio já tem um cartão.';
const RESERVED = 'Este código está reservado.';

/** Whether each run of the hook had a transaction as its database handle. */
const hookRanInTransaction: boolean[] = [];

/** Membership badges: a unique code, the member it belongs to, and at most one badge per member. */
const badges = defineResource({
  name: 'badges_test',
  label: 'Cartões',
  labelSingular: 'Cartão',
  access: { list: ['admin'], read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  fields: [
    { name: 'code', type: 'string', label: 'Código', validation: { required: true, maxLength: 20, unique: true } },
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', validation: { required: true } },
  ],
  hooks: {
    async validate(hook, values, existing) {
      hookRanInTransaction.push(hook.db.isTransaction);
      // Writes nothing in a real rule; here it proves /validate keeps nothing a hook touches.
      if (values.code === 'ESCREVE') await loose(hook.db).insertInto('badges_test').values({ code: 'FANTASMA', created_at: 'x', updated_at: 'x' }).execute();
      const member = values.member ?? existing?.member;
      if (member === undefined || member === null) return;
      let query = loose(hook.db).selectFrom('badges_test').select('_id').where('member', '=', Number(member));
      if (existing) query = query.where('_id', '!=', Number(existing._id));
      if (await query.executeTakeFirst()) return { member: ONE_BADGE };
    },
  },
});

/** Another module's rule on the same resource (ModuleDefinition.extends): its errors join the resource's own. */
const extension = defineModule({
  name: 'badges_rules_test',
  resources: [],
  extends: {
    badges_test: {
      async validate(_hook, values) {
        if (typeof values.code === 'string' && values.code.startsWith('RES')) return { code: RESERVED };
      },
    },
  },
});

let server: TestServer;
let token = '';
const memberIds: number[] = [];

const request = async (method: string, url: string, payload: object) => {
  const response = await server.request({ method, url, token, payload });
  return { status: response.statusCode, body: response.json<{ errors?: Record<string, string>; data?: Record<string, unknown> }>() };
};
const badgeRows = () => loose(server.database.db).selectFrom('badges_test').selectAll().orderBy('_id').execute();

/** The same body saved and validated: both refuse with the same field errors, and nothing is stored. */
async function refusedAlike(save: { method: string; url: string }, body: Record<string, unknown>, id?: number) {
  const before = await badgeRows();
  const saved = await request(save.method, save.url, body);
  const checked = await request('POST', '/api/badges_test/validate', id === undefined ? body : { ...body, _id: id });
  expect(saved.status, JSON.stringify(saved.body)).toBe(422);
  expect(checked.status).toBe(422);
  expect(checked.body.errors).toEqual(saved.body.errors);
  expect(await badgeRows()).toEqual(before);
  return saved.body.errors;
}

beforeAll(async () => {
  server = await startTestServer({}, { modules: [...appModules, defineModule({ name: 'badges_test', resources: [badges] }), extension] });
  await withRecordColumns(server.database.db.schema.createTable('badges_test'), server.database.engine)
    .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('code', 'varchar(20)')
    .addColumn('member', 'integer')
    .execute();
  await ensureReferenceData(server.database.db, server.ctx.now());
  token = (await server.login(await server.createUser('admin'))).access;
  const state = await server.database.db.selectFrom('member_states').select('_id').executeTakeFirstOrThrow();
  for (const name of ['Ana Lopes', 'Rui Dias', 'Eva Sousa']) {
    const created = await request('POST', '/api/members', { dues_exempt: true, name, state: Number(state._id) });
    memberIds.push(Number(created.body.data!._id));
  }
  const first = await request('POST', '/api/badges_test', { code: 'A1', member: memberIds[0] });
  expect(first.status, JSON.stringify(first.body)).toBe(201);
});
afterAll(async () => {
  await server?.close();
});

describe('one validation step for save and /validate', () => {
  it('a unique value already taken: the same 422 field error from a create and from /validate', async () => {
    const errors = await refusedAlike({ method: 'POST', url: '/api/badges_test' }, { code: 'A1', member: memberIds[1] });
    expect(errors).toEqual({ code: UNIQUE_MESSAGE });
  });

  it('a reference to a record that does not exist: the same 422 field error from both', async () => {
    const errors = await refusedAlike({ method: 'POST', url: '/api/badges_test' }, { code: 'B1', member: 2_000_000_000 });
    expect(errors).toEqual({ member: 'Não existe o registo indicado em "Sócios".' });
  });

  it("the resource's validate hook: its error appears in both, beside the field errors", async () => {
    expect(await refusedAlike({ method: 'POST', url: '/api/badges_test' }, { code: 'C1', member: memberIds[0] })).toEqual({ member: ONE_BADGE });
    expect(await refusedAlike({ method: 'POST', url: '/api/badges_test' }, { code: 'A1', member: memberIds[0] })).toEqual({ code: UNIQUE_MESSAGE, member: ONE_BADGE });
  });

  it("another module's validate rule on the resource is seen by both too", async () => {
    expect(await refusedAlike({ method: 'POST', url: '/api/badges_test' }, { code: 'RES1', member: memberIds[2] })).toEqual({ code: RESERVED });
  });

  it('on an update, the record is compared with the others, not with itself; PUT, PATCH and /validate agree', async () => {
    const own = await request('POST', '/api/badges_test', { code: 'D1', member: memberIds[1] });
    expect(own.status).toBe(201);
    const id = Number(own.body.data!._id);
    const unchanged = await request('POST', '/api/badges_test/validate', { _id: id, code: 'D1', member: memberIds[1] });
    expect(unchanged).toEqual({ status: 200, body: { errors: {} } });
    expect((await request('PUT', `/api/badges_test/${id}`, { code: 'D2', member: memberIds[1] })).status).toBe(200);

    const clash = { code: 'A1', member: memberIds[0] };
    expect(await refusedAlike({ method: 'PUT', url: `/api/badges_test/${id}` }, clash, id)).toEqual({ code: UNIQUE_MESSAGE, member: ONE_BADGE });
    expect(await refusedAlike({ method: 'PATCH', url: `/api/badges_test/${id}` }, clash, id)).toEqual({ code: UNIQUE_MESSAGE, member: ONE_BADGE });
  });

  it('valid input: /validate answers 200 with no errors and stores nothing; the save then succeeds', async () => {
    const body = { code: 'E1', member: memberIds[2] };
    const before = await badgeRows();
    expect(await request('POST', '/api/badges_test/validate', body)).toEqual({ status: 200, body: { errors: {} } });
    expect(await badgeRows()).toEqual(before);
    expect((await request('POST', '/api/badges_test', body)).status).toBe(201);
  });

  it('the hook runs inside a transaction on both paths, and /validate keeps nothing it touched', async () => {
    hookRanInTransaction.length = 0;
    const before = await badgeRows();
    expect((await request('POST', '/api/badges_test/validate', { code: 'ESCREVE', member: memberIds[2] })).status).toBe(422);
    expect(await badgeRows()).toEqual(before);
    await request('POST', '/api/badges_test', { code: 'F1', member: memberIds[2] });
    expect(hookRanInTransaction).toEqual([true, true]);
  });
});
