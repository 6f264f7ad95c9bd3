import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportBlockedAnswer, ImportUndoResult } from '../../src/core/contract.js';
import { formatCents } from '../../src/core/number-format.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { check, commit, membersByNumber, prepareOrganisation, snapshot, upload } from './imports-support.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let token: string;

beforeEach(async () => {
  server = await startTestServer();
  await ensureReferenceData(server.database.db, server.ctx.now(), 'association');
  token = (await server.login(await server.createUser('admin'))).access;
  await prepareOrganisation(server, token);
});
afterEach(async () => {
  await server.close();
});

/** Two members kept before the import: one the file updates (by NIF), one it does not name. */
async function keptMembers(): Promise<void> {
  const db = server.database.db;
  const category = Number((await db.selectFrom('fee_categories').select('_id').where('name', '=', 'Juvenil').executeTakeFirstOrThrow())._id);
  const state = Number((await db.selectFrom('member_states').select('_id').where('name', '=', 'Suspenso').executeTakeFirstOrThrow())._id);
  const tag = Number((await db.selectFrom('tags').select('_id').where('name', '=', 'Voluntário').executeTakeFirstOrThrow())._id);
  for (const body of [
    // João (102 in the file, found by NIF): another number, category, state, tags, phone and notes, all changed by the file.
    { number: 50, name: 'João Pereira', nif: '198765436', phone: '+351911111111', locality: 'Gaia', state, fee_category: category, admission_date: '2011-02-15', tags: [tag], notes: 'Antes da importação' },
    { number: 7, name: 'Zulmira Antiga', state, dues_exempt: true },
  ]) {
    const response = await server.request({ method: 'POST', url: '/api/members', token, payload: body });
    expect(response.statusCode, response.body).toBe(201);
  }
}

async function undo(id: number, body: object = {}) {
  return server.request({ method: 'POST', url: `/api/imports/${id}/undo`, token, payload: body });
}

async function importExcelFile(): Promise<number> {
  const uploaded = await upload(server, token, 'socios-excel.csv');
  await check(server, token, uploaded.id, uploaded.mapping);
  await commit(server, token, uploaded.id);
  return uploaded.id;
}

describe('undoing a members import', () => {
  it('restores every member the batch created or changed to its state before, field by field', async () => {
    await keptMembers();
    const before = await membersByNumber(server);
    const ledger = await snapshot(server, ['unsettled_payments', 'member_balances', 'payments']);
    const id = await importExcelFile();
    expect((await membersByNumber(server)).get(102)).toMatchObject({ number: 102, locality: 'Porto', notes: 'Sócio fundador' });

    const response = await undo(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: ImportUndoResult }>().data).toEqual({ undone: 30, kept: 0, state: 'undone' });
    expect(await membersByNumber(server)).toEqual(before);
    expect(await snapshot(server, ['unsettled_payments', 'member_balances', 'payments'])).toEqual(ledger);
    const audit = await server.database.db.selectFrom('audit_log').select('action').where('action', '=', 'import_undo').execute();
    expect(audit).toHaveLength(30);

    // Undone once: a second undo is refused and changes nothing.
    const again = await undo(id);
    expect(again.statusCode).toBe(409);
    expect(await membersByNumber(server)).toEqual(before);
  });

  it('refuses with the list of later work when a payment was recorded on an imported member since, then undoes the rest when asked', async () => {
    await keptMembers();
    const before = await membersByNumber(server);
    const id = await importExcelFile();
    const db = server.database.db;
    const ana = Number((await db.selectFrom('members').select('_id').where('number', '=', 101).executeTakeFirstOrThrow())._id);
    const paid = await server.request({ method: 'POST', url: '/api/payments/record', token, payload: { member: ana, date: '2026-11-20', amount: 1250, method: 'numerario' } });
    expect(paid.statusCode, paid.body).toBe(200);
    const afterImport = await membersByNumber(server);

    const refused = await undo(id);
    expect(refused.statusCode).toBe(409);
    const answer = refused.json<ImportBlockedAnswer>();
    expect(answer.code).toBe('import_blocked');
    expect(answer.blockers).toEqual([
      { resource: 'payments', id: expect.any(Number), label: `Pagamento de ${formatCents(1250)} de Ana Sofia Gonçalves (n.º 101) em 20/11/2026`, reason: expect.stringMatching(/pagamento/), record: { resource: 'members', id: ana } },
    ]);
    expect(await membersByNumber(server)).toEqual(afterImport);

    const rest = await undo(id, { rest: true });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<{ data: ImportUndoResult }>().data).toEqual({ undone: 29, kept: 1, state: 'partly_undone' });
    const now = await membersByNumber(server);
    // Everyone is as before, but Ana, whom the payment keeps.
    expect(new Map([...now].filter(([number]) => number !== 101))).toEqual(before);
    expect(now.get(101)).toEqual(afterImport.get(101));
    const batch = await server.request({ method: 'GET', url: `/api/imports/${id}`, token });
    expect(batch.json().data).toMatchObject({ state: 'partly_undone', changes: 1 });
  });
});
