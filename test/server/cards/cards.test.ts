import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_LENGTH, formatCardCode, normaliseCardCode } from '../../../src/server/modules/cards/codes.js';
import { CARD_VERIFY_LIMIT } from '../../../src/server/modules/cards/routes.js';
import { lisbonYear } from '../../../src/core/days.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let staff: string;
let state: number;
let category: number;
let year: number;
let counter = 0;
const db = () => server.database.db;
// Each test its own address, so the rate limit of one never answers another.
const nextAddress = () => `198.51.100.${(counter += 1)}`;

async function json(method: string, url: string, payload?: unknown, token?: string, ip = '203.0.113.9') {
  const response = await server.request({ method, url, token, remoteAddress: ip, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, headers: response.headers, body: response.body ? response.json() : undefined };
}

async function member(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const answer = await json('POST', '/api/members', { dues_exempt: !('fee_category' in extra), name, state, ...extra }, staff);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.body.data._id);
}

/** A member of the category admitted on 1 January of `admittedIn`, their quota of that year paid. */
async function paidMember(name: string, admittedIn = year): Promise<number> {
  const id = await member(name, { admission_date: `${admittedIn}-01-01`, fee_category: category });
  const paid = await json('POST', '/api/payments/record', { member: id, date: `${admittedIn}-01-01`, amount: 2400, method: 'numerario' }, staff);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return id;
}

async function issue(memberId: number) {
  return json('POST', '/api/membership_cards/issue', { member: memberId }, staff);
}

const verify = (code: string, ip = nextAddress()) => json('GET', `/api/membership_cards/verify/${encodeURIComponent(code)}`, undefined, undefined, ip);

beforeAll(async () => {
  server = await startTestServer();
  await ensureReferenceData(db(), server.ctx.now(), 'association');
  await db().updateTable('settings').set({ value: 'Associação Cultural de Teste' }).where('name', '=', 'name').execute();
  staff = (await server.login(await server.createUser('editor'))).access;
  state = Number((await db().selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow())._id);
  year = lisbonYear(server.ctx.now());
  category = Number((await json('POST', '/api/fee_categories', { name: 'Efetivo' }, staff)).body.data._id);
  for (const y of [year - 1, year]) {
    expect((await json('POST', '/api/fee_schedules', { year: y, category, amount: 2400, periodicity: 'annual', due_day: 1 }, staff)).status).toBe(201);
  }
});
afterAll(async () => {
  await server?.close();
});

describe('verification codes', () => {
  it('are 13 symbols of Crockford base32, unique, and forgiving when typed', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const card = await issue(await paidMember(`Sócio Código ${i}`));
      expect(card.status, JSON.stringify(card.body)).toBe(200);
      const { code } = card.body.data;
      expect(code).toMatch(new RegExp(`^[0-9A-HJKMNP-TV-Z]{${CODE_LENGTH}}$`));
      codes.add(code);
    }
    expect(codes.size).toBe(5);
    const code = [...codes][0]!;
    const printed = formatCardCode(code);
    expect(printed).toMatch(/^.{4}-.{4}-.{5}$/);
    expect(normaliseCardCode(` ${printed.toLowerCase()} `)).toBe(code);
    expect(normaliseCardCode('0O1IL'.padEnd(13, 'A'))).toBe('00111AAAAAAAA');
    expect(normaliseCardCode('U'.repeat(13))).toBeNull();
    expect(normaliseCardCode('ABC')).toBeNull();
  });
});

describe('issuing and revoking', () => {
  it('is valid until the end of the last paid quota period, and a reissue supersedes the old card', async () => {
    const ana = await paidMember('Ana Sofia Marques');
    const first = await issue(ana);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ member: ana, state: 'active', valid_until: `${year}-12-31` });
    const second = await issue(ana);
    expect(second.body.data.state).toBe('active');
    expect(second.body.data.code).not.toBe(first.body.data.code);
    const cards = await db().selectFrom('membership_cards').select(['_id', 'state']).where('member', '=', ana).orderBy('_id').execute();
    expect(cards.map((c) => c.state)).toEqual(['superseded', 'active']);
    expect((await verify(first.body.data.code)).body.data).toMatchObject({ status: 'superseded', state: 'Substituído' });
    expect((await verify(second.body.data.code)).body.data).toMatchObject({ status: 'valid', state: 'Válido' });
  });

  it('names what a member lacks for a card, and changes nothing', async () => {
    const bare = await member('Rui Sem Dados');
    const refused = await issue(bare);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.member).toBe('Não é possível emitir o cartão de Rui Sem Dados: falta data de admissão e categoria de quota.');
    const unpaid = await member('Eva Por Pagar', { admission_date: `${year}-01-01`, fee_category: category });
    const none = await issue(unpaid);
    expect(none.status).toBe(422);
    expect(none.body.errors.member).toMatch(/^Não é possível emitir o cartão de Eva Por Pagar: falta quotas pagas/);
    expect(await db().selectFrom('membership_cards').select('_id').where('member', 'in', [bare, unpaid]).execute()).toEqual([]);
    expect((await issue(999_999)).status).toBe(422);
  });

  it('under the years rule, counts years from the issue date', async () => {
    await db().updateTable('settings').set({ value: 'years' }).where('name', '=', 'cardValidityRule').execute();
    try {
      const unpaid = await member('Joana Anos', { admission_date: `${year}-01-01`, fee_category: category });
      const card = await issue(unpaid);
      expect(card.status, JSON.stringify(card.body)).toBe(200);
      const issued = card.body.data.issued_at as string;
      expect(card.body.data.valid_until > issued).toBe(true);
      expect(Number(card.body.data.valid_until.slice(0, 4))).toBe(Number(issued.slice(0, 4)) + 1);
    } finally {
      await db().updateTable('settings').set({ value: 'paid' }).where('name', '=', 'cardValidityRule').execute();
    }
  });

  it('revoking needs a reason; a revoked code answers Inválido, a second revoke is a conflict', async () => {
    const card = (await issue(await paidMember('Carlos Revogado'))).body.data;
    expect((await json('POST', `/api/membership_cards/${card._id}/revoke`, {}, staff)).status).toBe(422);
    const revoked = await json('POST', `/api/membership_cards/${card._id}/revoke`, { reason: 'Cartão perdido' }, staff);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ state: 'revoked', revoke_reason: 'Cartão perdido' });
    expect((await verify(card.code)).body.data).toMatchObject({ status: 'invalid', state: 'Inválido' });
    expect((await json('POST', `/api/membership_cards/${card._id}/revoke`, { reason: 'Outra vez' }, staff)).status).toBe(409);
  });

  it('a member reads their own cards only, and cannot issue one', async () => {
    const own = await paidMember('Marta Própria');
    const other = await paidMember('Nuno Outro');
    const ownCard = (await issue(own)).body.data;
    const otherCard = (await issue(other)).body.data;
    const token = (await server.login(await server.createUser('member', { memberId: own }))).access;
    const list = await json('GET', '/api/membership_cards', undefined, token);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { _id: number }) => c._id)).toEqual([ownCard._id]);
    expect(list.body.data[0]).not.toHaveProperty('issued_by');
    expect((await json('GET', `/api/membership_cards/${otherCard._id}`, undefined, token)).status).toBe(404);
    expect((await json('POST', '/api/membership_cards/issue', { member: own }, token)).status).toBe(403);
  });
});

describe('public verification', () => {
  it('answers the RGPD minimum, without login, with no-store and noindex', async () => {
    const id = await paidMember('Beatriz Almeida Costa');
    await json('PATCH', `/api/members/${id}`, { email: 'beatriz@exemplo.pt', phone: '912345678', address: 'Rua Secreta 1' }, staff);
    const card = (await issue(id)).body.data;
    const number = Number((await db().selectFrom('members').select('number').where('_id', '=', id).executeTakeFirstOrThrow()).number);
    const answer = await verify(card.code.toLowerCase());
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-robots-tag']).toContain('noindex');
    expect(answer.body.data).toEqual({
      organisation: 'Associação Cultural de Teste',
      first_name: 'Beatriz',
      last_name: 'Costa',
      number,
      category: 'Efetivo',
      status: 'valid',
      state: 'Válido',
      valid_until: `${year}-12-31`,
      expired: false,
      code: formatCardCode(card.code),
    });
    expect(answer.body.data).not.toHaveProperty('email');
  });

  it("answers 'Quotas em atraso' for an active card of a member with overdue debts", async () => {
    const id = await paidMember('Duarte Atrasado', year - 1);
    const card = (await issue(id)).body.data;
    const raised = await json('POST', '/api/unsettled_payments/raise', { member: id, kind: 'other', year: year - 1, amount: 1500, due_date: `${year - 1}-06-30`, description: 'Jantar' }, staff);
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    // In arrears and past its validity: the arrears come first, the validity is flagged as past.
    expect((await verify(card.code)).body.data).toMatchObject({ status: 'arrears', state: 'Quotas em atraso', valid_until: `${year - 1}-12-31`, expired: true });
    // Paid up again, the card of last year says it has expired, not that it was revoked.
    await json('POST', '/api/payments/record', { member: id, date: `${year}-01-02`, amount: 1500, method: 'numerario' }, staff);
    expect((await verify(card.code)).body.data).toMatchObject({ status: 'expired', state: 'Expirado', valid_until: `${year - 1}-12-31`, expired: true });
    // Staff find such cards with the list's validity filter.
    const expired = await json('GET', `/api/membership_cards?_validity=expired&_member=${id}`, undefined, staff);
    expect(expired.body.data.map((c: { _id: number }) => c._id)).toEqual([card._id]);
    expect((await json('GET', `/api/membership_cards?_validity=valid&_member=${id}`, undefined, staff)).body.data).toEqual([]);
  });

  it('unknown and malformed codes are a 404 with a pt-PT message, never a 500', async () => {
    for (const code of ['0000000000000', 'nada', 'x'.repeat(90), '%E2%82%AC', "' OR 1=1 --"]) {
      const answer = await verify(code);
      expect(answer.status, code).toBe(404);
      expect(answer.body.message).toBe('Cartão não encontrado: confirme o código impresso no cartão.');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    // Longer than any route parameter: the router's own 404.
    expect((await verify('x'.repeat(300))).status).toBe(404);
  });

  it('logs every check with a hashed address and its result', async () => {
    const card = (await issue(await paidMember('Filipa Registada'))).body.data;
    const address = '192.0.2.77';
    await verify(card.code, address);
    await verify('ZZZZZZZZZZZZZ', address);
    const rows = await db().selectFrom('membership_card_verifications').selectAll().where('code', 'in', [card.code, 'ZZZZZZZZZZZZZ']).orderBy('_id').execute();
    expect(rows.map((r) => [r.code, r.result, r.card === null ? null : Number(r.card)])).toEqual([
      [card.code, 'valid', card._id],
      ['ZZZZZZZZZZZZZ', 'not_found', null],
    ]);
    expect(rows[0]!.address_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.address_hash).toBe(rows[1]!.address_hash);
    expect(JSON.stringify(rows)).not.toContain(address);
    expect(String(rows[0]!.at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d/);
  });

  it('answers 429 to one address guessing at speed, until the window passes', async () => {
    const card = (await issue(await paidMember('Gil Limitado'))).body.data;
    const address = '192.0.2.200';
    for (let i = 0; i < CARD_VERIFY_LIMIT.max; i += 1) expect((await verify(`GUESS${String(i).padStart(8, '0')}`, address)).status).toBe(404);
    const refused = await verify(card.code, address);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.body.message).toMatch(/^Demasiadas verificações seguidas/);
    // Another address is not held up; the first one is served again after the window.
    expect((await verify(card.code, '192.0.2.201')).status).toBe(200);
    server.advance(CARD_VERIFY_LIMIT.windowMs);
    expect((await verify(card.code, address)).status).toBe(200);
  });
});
