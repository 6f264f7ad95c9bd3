import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay, lisbonYear } from '../../../src/core/days.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { startTestServer, type TestServer } from '../support/server.js';

// A card's standing is judged when read, the same on its page, the member's dashboard and the
// public check: the ledger's rule for arrears (owed from the due date, Lisbon day, inclusive)
// and the card's own valid-until. This file moves its server's clock: it has one of its own.
let server: TestServer;
let staff: string;
let state: number;
let category: number;
let year: number;
let counter = 0;
const db = () => server.database.db;
const DAY = 86_400_000;

async function json(method: string, url: string, payload?: unknown, token?: string) {
  counter += 1;
  const response = await server.request({ method, url, token, remoteAddress: `198.51.100.${counter % 250}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
}

/** A member admitted on 1 January, this year's quota paid, and their card. */
async function memberWithCard(name: string): Promise<{ member: number; card: { _id: number; code: string; valid_until: string } }> {
  const created = await json('POST', '/api/members', { name, state, admission_date: `${year}-01-01`, fee_category: category }, staff);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const member = Number(created.body.data._id);
  expect((await json('POST', '/api/payments/record', { member, date: `${year}-01-01`, amount: 2400, method: 'numerario' }, staff)).status).toBe(200);
  const issued = await json('POST', '/api/membership_cards/issue', { member }, staff);
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return { member, card: issued.body.data };
}

/** Moves the clock, past the session's token too: staff sign in again. */
async function advance(ms: number) {
  server.advance(ms);
  staff = (await server.login(await server.createUser('editor'))).access;
}

const standing = async (card: number, token = staff) => json('GET', `/api/membership_cards/${card}/state`, undefined, token);
const verified = async (code: string) => (await json('GET', `/api/membership_cards/verify/${code}`)).body.data;

beforeAll(async () => {
  server = await startTestServer();
  await ensureReferenceData(db(), server.ctx.now(), 'association');
  staff = (await server.login(await server.createUser('editor'))).access;
  state = Number((await db().selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow())._id);
  year = lisbonYear(server.ctx.now());
  category = Number((await json('POST', '/api/fee_categories', { name: 'Efetivo' }, staff)).body.data._id);
  expect((await json('POST', '/api/fee_schedules', { year, category, amount: 2400, periodicity: 'annual', due_day: 1 }, staff)).status).toBe(201);
});
afterAll(async () => {
  await server?.close();
});

describe("a card's standing", () => {
  it('is read by staff for any card and by a member for their own only', async () => {
    const { member, card } = await memberWithCard('Alice Válida');
    const other = await memberWithCard('Bruno Alheio');
    expect(await standing(card._id)).toEqual({ status: 200, body: { data: { status: 'valid', state: 'Válido', valid_until: `${year}-12-31`, expired: false } } });
    const own = (await server.login(await server.createUser('member', { memberId: member }))).access;
    expect((await standing(card._id, own)).body.data.status).toBe('valid');
    expect((await standing(other.card._id, own)).status).toBe(404);
    expect((await standing(999_999)).status).toBe(404);
    expect((await json('GET', `/api/membership_cards/${card._id}/state`)).status).toBe(401);
  });

  it('says superseded, revoked and invalid once the member has left, as the public check does', async () => {
    const first = await memberWithCard('Carla Reemitida');
    const second = (await json('POST', '/api/membership_cards/issue', { member: first.member }, staff)).body.data;
    expect((await standing(first.card._id)).body.data).toMatchObject({ status: 'superseded', state: 'Substituído' });
    expect((await json('POST', `/api/membership_cards/${second._id}/revoke`, { reason: 'Cartão perdido' }, staff)).status).toBe(200);
    expect((await standing(second._id)).body.data).toMatchObject({ status: 'revoked', state: 'Revogado' });
    expect(await verified(second.code)).toMatchObject({ status: 'invalid', state: 'Inválido' });

    const leaving = await memberWithCard('Diogo Desistente');
    const gone = await db().selectFrom('member_states').select('_id').where('marksEnd', '=', 1).executeTakeFirstOrThrow();
    expect((await json('PATCH', `/api/members/${leaving.member}`, { state: Number(gone._id) }, staff)).status).toBe(200);
    expect((await standing(leaving.card._id)).body.data).toMatchObject({ status: 'ended', state: 'Inválido' });
    expect(await verified(leaving.card.code)).toMatchObject({ status: 'invalid', state: 'Inválido' });
  });

  it("is not touched by next year's quotas launched early, and follows the ledger once they fall due and past the validity", async () => {
    const { member, card } = await memberWithCard('Eva Adiantada');
    expect((await json('POST', '/api/fee_schedules', { year: year + 1, category, amount: 2600, periodicity: 'annual', due_day: 1 }, staff)).status).toBe(201);
    expect((await json('POST', '/api/unsettled_payments/generate', { year: year + 1 }, staff)).status).toBe(200);
    await server.app.jobs.tick();
    const next = await db().selectFrom('unsettled_payments').select(['due_date', 'status']).where('member', '=', member).where('year', '=', year + 1).executeTakeFirstOrThrow();
    expect(next.status).toBe('open');
    const due = String(next.due_date);
    expect(due > lisbonDay(server.ctx.now())).toBe(true);

    // A vencer: the card and its public check still say valid, and the list finds it in no arrears.
    expect((await standing(card._id)).body.data).toMatchObject({ status: 'valid', expired: false });
    expect((await json('GET', `/api/membership_cards?_validity=arrears&_member=${member}`, undefined, staff)).body.data).toEqual([]);
    expect(await verified(card.code)).toMatchObject({ status: 'valid', state: 'Válido', expired: false });

    // The day before the due date (Lisbon noon): still not owed.
    await advance(Date.parse(`${due}T12:00:00Z`) - DAY - server.ctx.now());
    expect(lisbonDay(server.ctx.now()) < due).toBe(true);
    const dayBefore = (await standing(card._id)).body.data;
    expect(dayBefore.status).toBe(dayBefore.expired ? 'expired' : 'valid');

    // On the due date itself it is owed: arrears first, and the validity (31 December) is past.
    await advance(DAY);
    expect(lisbonDay(server.ctx.now())).toBe(due);
    expect((await standing(card._id)).body.data).toEqual({ status: 'arrears', state: 'Quotas em atraso', valid_until: `${year}-12-31`, expired: true });
    const inArrears = await json('GET', `/api/membership_cards?_validity=arrears&_member=${member}`, undefined, staff);
    expect(inArrears.body.data.map((c: { _id: number }) => c._id)).toEqual([card._id]);
    expect(await verified(card.code)).toMatchObject({ status: 'arrears', state: 'Quotas em atraso', expired: true });

    // Paid: no longer in arrears, but the card printed for last year has expired.
    expect((await json('POST', '/api/payments/record', { member, date: due, amount: 2600, method: 'numerario' }, staff)).status).toBe(200);
    expect((await standing(card._id)).body.data).toEqual({ status: 'expired', state: 'Expirado', valid_until: `${year}-12-31`, expired: true });
    expect(await verified(card.code)).toMatchObject({ status: 'expired', state: 'Expirado', expired: true });
    const logged = await db().selectFrom('membership_card_verifications').select('result').where('code', '=', card.code).orderBy('_id', 'desc').executeTakeFirstOrThrow();
    expect(logged.result).toBe('expired');

    // A new card: valid to the end of the year now paid.
    const fresh = (await json('POST', '/api/membership_cards/issue', { member }, staff)).body.data;
    expect((await standing(fresh._id)).body.data).toEqual({ status: 'valid', state: 'Válido', valid_until: `${year + 1}-12-31`, expired: false });
  });
});
