import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../src/core/contract.js';
import type { Caller } from '../../../src/server/auth/caller.js';
import { listAnswer } from '../../../src/server/resources/list-answer.js';
import { parseListParams } from '../../../src/server/resources/list-params.js';
import { readRow, toRecord } from '../../../src/server/resources/records.js';
import { startDemoServer, type TestServer } from '../support/server.js';

// A list page is built in one piece (each record's JSON written by the database), a
// single record through toRecord: every field of every record must read the same in both.
let server: TestServer;
beforeAll(async () => {
  server = await startDemoServer();
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const callerOf = (role: (typeof ROLES)[number]): Caller => ({ kind: 'user', id: 1, name: role, role, memberId: null });

/** Each record of the page against the same record read alone, as `caller` receives both. */
async function expectPageAsRead(resourceName: string, query: Record<string, string>, caller: Caller) {
  const resource = server.app.registry.resources.find((r) => r.name === resourceName)!;
  const answer = JSON.parse((await listAnswer(server.database, resource, parseListParams(resource, query), caller)).toString('utf8')) as { data: Record<string, unknown>[] };
  for (const record of answer.data) {
    const row = await readRow(server.database.db, resource, Number(record._id));
    expect(record).toStrictEqual(toRecord(resource, row!, caller));
  }
  return answer.data;
}

describe('list pages and single records', () => {
  it('answer the same fields and values for every resource of the demo, for every role', async () => {
    let records = 0;
    for (const resource of server.app.registry.resources) {
      for (const role of ROLES) records += (await expectPageAsRead(resource.name, { _limit: '50' }, callerOf(role))).length;
    }
    // Members with tags, debts and payments (computed amounts), users (booleans), and more.
    expect(records).toBeGreaterThan(1000);
  }, 120_000);

  it('carry text that JSON must escape, empty lists and booleans exactly as stored', async () => {
    const name = 'Ana "Zé" \\ Sá\n\t\u0001 </script> 😀 \u2028';
    // Stored as an import or an older version may have left it: the write path refuses control characters.
    const member = await server.database.db.selectFrom('members').select('_id').orderBy('_id').executeTakeFirstOrThrow();
    const id = Number(member._id);
    await server.database.db.updateTable('members').set({ name, notes: '  linha 1\r\nlinha 2  ' }).where('_id', '=', id).execute();
    await server.database.db.deleteFrom('member_tags').where('member_id', '=', id).execute();
    const [record] = await expectPageAsRead('members', { _id: String(id) }, callerOf('admin'));
    expect(record).toMatchObject({ _id: id, name, notes: '  linha 1\r\nlinha 2  ', tags: [] });

    const users = await expectPageAsRead('users', { _limit: '100' }, callerOf('admin'));
    expect(new Set(users.map((user) => user.active))).toContain(true);
  });
});
