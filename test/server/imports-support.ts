// What the member import tests share: a staff server with the fixtures' categories, states and
// tags, uploads of the fixture files, and a snapshot of every table an import may touch.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { ImportCheck, ImportCommitResult, ImportDefaults, ImportMapping, ImportUpload } from '../../src/core/contract.js';
import { loose } from '../../src/server/db/database.js';
import { multipart } from './member-files/support.js';
import type { TestServer } from './support/server.js';

export const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'imports');
export const fixture = (name: string): Buffer => fs.readFileSync(path.join(FIXTURES, name));

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The categories, tags and (default) states the fixtures name. */
export async function prepareOrganisation(server: TestServer, token: string): Promise<void> {
  for (const [resource, body] of [
    ['fee_categories', { name: 'Efetivo' }],
    ['fee_categories', { name: 'Juvenil' }],
    ['fee_categories', { name: 'Honorário', exempt: true }],
    ['tags', { name: 'Direção' }],
    ['tags', { name: 'Voluntário' }],
  ] as const) {
    const response = await server.request({ method: 'POST', url: `/api/${resource}`, token, payload: body });
    expect(response.statusCode, response.body).toBe(201);
  }
}

export async function upload(server: TestServer, token: string, name: string, bytes: Buffer = fixture(name), kind = 'members'): Promise<ImportUpload> {
  const form = multipart([
    { name: 'kind', value: kind },
    { name: 'file', filename: name, type: name.endsWith('.xlsx') ? XLSX_TYPE : 'text/csv', bytes },
  ]);
  const response = await server.request({ method: 'POST', url: '/api/imports', token, ...form });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: ImportUpload }>().data;
}

export async function check(server: TestServer, token: string, id: number, mapping: ImportMapping, defaults: ImportDefaults = {}): Promise<ImportCheck> {
  const response = await server.request({ method: 'POST', url: `/api/imports/${id}/check`, token, payload: { mapping, defaults } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ImportCheck }>().data;
}

/** Commits a checked batch and runs its job to the end; answers the job's result. */
export async function commit(server: TestServer, token: string, id: number): Promise<ImportCommitResult> {
  const response = await server.request({ method: 'POST', url: `/api/imports/${id}/commit`, token });
  expect(response.statusCode, response.body).toBe(202);
  const { jobId } = response.json<{ data: { jobId: number } }>().data;
  await server.app.jobs.tick();
  const job = await server.database.db.selectFrom('jobs').select(['state', 'result', 'last_error']).where('_id', '=', jobId).executeTakeFirstOrThrow();
  expect(job.state, job.last_error ?? '').toBe('done');
  return JSON.parse(String(job.result)) as ImportCommitResult;
}

/** Tables an import (or its undo) may write, and the import's own. */
const TABLES = ['members', 'member_tags', 'unsettled_payments', 'member_balances', 'payments', 'member_state_history', 'audit_log', 'import_batch_changes'] as const;

/** Every row of the tables an import may touch, in id order: equal snapshots mean nothing was written. */
export async function snapshot(server: TestServer, tables: readonly string[] = TABLES): Promise<Record<string, unknown[]>> {
  const db = loose(server.database.db);
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const key = table === 'member_tags' ? ['member_id', 'tag_id'] : table === 'member_balances' ? ['_id'] : ['_id'];
    let query = db.selectFrom(table).selectAll();
    for (const column of key) query = query.orderBy(column);
    out[table] = await query.execute();
  }
  return out;
}

/** The members as field values (no bookkeeping columns), with their tags, by number. */
export async function membersByNumber(server: TestServer): Promise<Map<number, Record<string, unknown>>> {
  const db = server.database.db;
  const rows = await loose(db).selectFrom('members').selectAll().orderBy('number').execute();
  const tags = await db.selectFrom('member_tags').select(['member_id', 'tag_id']).orderBy('tag_id').execute();
  const result = new Map<number, Record<string, unknown>>();
  for (const row of rows) {
    const fields = Object.fromEntries(Object.entries(row).filter(([name]) => !['_id', 'created_at', 'updated_at', '_version'].includes(name)));
    const _id = row._id;
    result.set(Number(row.number), { ...fields, tags: tags.filter((t) => Number(t.member_id) === Number(_id)).map((t) => Number(t.tag_id)) });
  }
  return result;
}
