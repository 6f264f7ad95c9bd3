import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { cardStandingOf } from '../../../src/server/modules/cards/card-state.js';
import { owedSql } from '../../../src/server/modules/dues/owed.js';
import { lisbonDay } from '../../../src/core/days.js';
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

    const today = lisbonDay(server.ctx.now());
    const arrears = await db()
      .selectFrom('membership_cards as k')
      .select('k.code')
      .where('k.state', '=', 'active')
      .where(sql<boolean>`EXISTS (SELECT 1 FROM unsettled_payments d WHERE d.member = k.member AND ${owedSql(today, 'd')})`)
      .limit(1)
      .executeTakeFirst();
    expect(arrears).toBeDefined();
    const answer = await server.request({ method: 'GET', url: `/api/membership_cards/verify/${String(arrears!.code)}` });
    expect(answer.json().data.state).toBe('Quotas em atraso');

    const superseded = await db().selectFrom('membership_cards').select('code').where('state', '=', 'superseded').limit(1).executeTakeFirstOrThrow();
    expect((await server.request({ method: 'GET', url: `/api/membership_cards/verify/${String(superseded.code)}` })).json().data.state).toBe('Substituído');
  });

  it("are consistent with the demo's ledger on its today: a current card is valid unless its member owes, and says so", async () => {
    const today = lisbonDay(server.ctx.now());
    const rows = await db()
      .selectFrom('membership_cards as k')
      .innerJoin('members as m', 'm._id', 'k.member')
      .innerJoin('member_states as s', 's._id', 'm.state')
      .select(['k._id', 'k.code', 'k.state', 'k.valid_until', 's.marksEnd'])
      .select(sql<number>`CASE WHEN EXISTS (SELECT 1 FROM unsettled_payments d WHERE d.member = k.member AND ${owedSql(today, 'd')}) THEN 1 ELSE 0 END`.as('owes'))
      .where('k.state', '=', 'active')
      .execute();
    const standings = rows.map((row) => ({
      row,
      standing: cardStandingOf({ state: String(row.state), valid_until: String(row.valid_until), ended: Boolean(Number(row.marksEnd)), owes: Boolean(Number(row.owes)) }, today),
    }));
    // Issued from the same ledger: no member owing nothing holds a card already past its validity.
    expect(standings.filter((s) => s.standing === 'expired').map((s) => s.row.code)).toEqual([]);
    expect(standings.filter((s) => s.standing === 'valid').length).toBeGreaterThan(300);
    // Cards of members in arrears (under the paid-quotas rule) end where their payments stopped, and the public page flags both.
    const owing = standings.filter((s) => s.standing === 'arrears' && String(s.row.valid_until) < today);
    expect(owing.length).toBeGreaterThan(20);
    const answer = (await server.request({ method: 'GET', url: `/api/membership_cards/verify/${String(owing[0]!.row.code)}` })).json().data;
    expect(answer).toMatchObject({ status: 'arrears', state: 'Quotas em atraso', expired: true });
    const valid = standings.find((s) => s.standing === 'valid')!;
    expect((await server.request({ method: 'GET', url: `/api/membership_cards/verify/${String(valid.row.code)}` })).json().data).toMatchObject({ status: 'valid', expired: false });
  });
});
