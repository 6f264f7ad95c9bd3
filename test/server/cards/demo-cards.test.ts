import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { lisbonDay } from '../../../src/server/modules/dues/today.js';
import { startDemoServer, type TestServer } from '../support/server.js';

let server: TestServer;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startDemoServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('demo cards', () => {
  it('give current members cards, some reissued, some held by members now in arrears', async () => {
    const byState = await db().selectFrom('membership_cards').select(['state', sql<number>`COUNT(*)`.as('n')]).groupBy('state').execute();
    const counts = Object.fromEntries(byState.map((row) => [String(row.state), Number(row.n)]));
    expect(counts.active).toBeGreaterThan(300);
    expect(counts.superseded).toBeGreaterThan(20);
    const codes = await db().selectFrom('membership_cards').select(sql<number>`COUNT(DISTINCT code)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(codes.n)).toBe(counts.active! + counts.superseded!);

    const arrears = await db()
      .selectFrom('membership_cards as k')
      .innerJoin('member_balances as b', 'b._id', 'k.member')
      .select('k.code')
      .where('k.state', '=', 'active')
      .where('b.oldest_due', '<', lisbonDay(server.ctx.now()))
      .limit(1)
      .executeTakeFirst();
    expect(arrears).toBeDefined();
    const answer = await server.request({ method: 'GET', url: `/api/membership_cards/verify/${String(arrears!.code)}` });
    expect(answer.json().data.state).toBe('Quotas em atraso');

    const superseded = await db().selectFrom('membership_cards').select('code').where('state', '=', 'superseded').limit(1).executeTakeFirstOrThrow();
    expect((await server.request({ method: 'GET', url: `/api/membership_cards/verify/${String(superseded.code)}` })).json().data.state).toBe('Substituído');
  });
});
