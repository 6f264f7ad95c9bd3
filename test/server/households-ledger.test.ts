import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nifCheckDigit } from '../../src/core/field-checks.js';
import { lisbonDay } from '../../src/core/days.js';
import { generateYear } from '../../src/server/modules/dues/generation.js';
import { readPdf } from './cards/pdf-support.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';

// Households in the ledger (issue 34, part A), on the real server and both engines: a category
// charging per household raises one debt per household and period on its holder, listing the
// members; a discount rule lowers the later members' quotas; one payment by the household's
// payer settles debts of several members, its receipt names the payer and each member; each
// member's standing follows; generation twice changes nothing; bad input is refused in pt-PT
// and changes nothing.

let server: ResourceTestServer;
let staff: string;
let admin: string;
let active: number;
let today: string;
let familia: number;
let efetivo: number;

const db = () => server.database.db;
const post = (url: string, body: unknown, token = staff) => server.json('POST', url, token, body);
const patch = (url: string, body: unknown, token = staff) => server.json('PATCH', url, token, body);
const get = (url: string, token = staff) => server.json('GET', url, token);

/** A valid NIF from 8 digits (its check digit computed). */
const nif = (first8: string) => `${first8}${nifCheckDigit(first8)}`;

async function newMember(name: string, number: number, category: number, extra: Record<string, unknown> = {}): Promise<number> {
  const answer = await post('/api/members', { name, number, state: active, fee_category: category, admission_date: '2020-01-15', ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.body.data._id);
}

async function newHousehold(body: Record<string, unknown>): Promise<number> {
  const answer = await post('/api/households', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.body.data._id);
}

async function join(member: number, household: number | null) {
  const answer = await patch(`/api/members/${member}`, { household });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const debtsOf = async (member: number, year = 2025) =>
  db().selectFrom('unsettled_payments').selectAll().where('member', '=', member).where('year', '=', year).orderBy('period').orderBy('_id').execute();

const statementOf = async (member: number) => (await get(`/api/members/${member}/statement`)).body.data as { lines: { kind: string; balance: number; description: string; credit: number }[]; standing: { kind: string; openTotal: number; credit: number } };

/** Every ledger and treasury row: equal before and after a refused request. */
async function ledgerRows() {
  return {
    payments: await db().selectFrom('payments').selectAll().orderBy('_id').execute(),
    debts: await db().selectFrom('unsettled_payments').selectAll().orderBy('_id').execute(),
    allocations: await db().selectFrom('payment_allocations').selectAll().orderBy('_id').execute(),
    docs: await db().selectFrom('treasury_docs').select(['_id', 'number', 'hash']).orderBy('_id').execute(),
    households: await db().selectFrom('households').selectAll().orderBy('_id').execute(),
    balances: await db().selectFrom('member_balances').selectAll().orderBy('_id').execute(),
  };
}

let silva: { household: number; ana: number; bruno: number; carla: number };
let costa: { household: number; eva: number; filipe: number };
let sousa: { household: number; gil: number; helena: number; ivo: number };
let alone: { familia: number; efetivo: number };

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('editor')).token;
  admin = (await server.as('admin')).token;
  active = await server.stateId('Ativo');
  today = lisbonDay(server.ctx.now());
  expect((await server.putSetting(admin, 'hasTreasury', 'true')).status).toBeLessThan(300);

  const category = async (body: Record<string, unknown>) => {
    const answer = await post('/api/fee_categories', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return Number(answer.body.data._id);
  };
  familia = await category({ name: 'Família', charge: 'household' });
  efetivo = await category({ name: 'Efetivo', household_discount_percent: 25 });
  expect((await post('/api/fee_schedules', { year: 2025, category: familia, amount: 6000, periodicity: 'annual', due_day: 31 })).status).toBe(201);
  // 3002 cents less 25 % is 2251.5: rounded half up, 2252.
  expect((await post('/api/fee_schedules', { year: 2025, category: efetivo, amount: 3002, periodicity: 'annual', due_day: 31 })).status).toBe(201);

  // Silva: a member payer; its members created out of number order.
  const bruno = await newMember('Bruno Silva', 112, familia);
  const ana = await newMember('Ana Silva', 111, familia, { nif: nif('21234567') });
  const carla = await newMember('Carla Silva', 113, familia);
  const silvaId = await newHousehold({ name: 'Silva', payer_member: bruno });
  for (const id of [ana, bruno, carla]) await join(id, silvaId);
  silva = { household: silvaId, ana, bruno, carla };

  // Costa: a contact payer (no member pays); the lowest-numbered member holds its quota.
  const filipe = await newMember('Filipe Costa', 122, familia);
  const eva = await newMember('Eva Costa', 121, familia);
  const costaId = await newHousehold({ name: 'Costa', payer_name: 'Maria Costa', payer_nif: nif('18765432'), address: 'Rua das Flores, 3', postal_code: '1000-001', locality: 'Lisboa' });
  for (const id of [eva, filipe]) await join(id, costaId);
  costa = { household: costaId, eva, filipe };

  // Sousa: per-member quotas with the household discount from the 2nd member by number.
  const helena = await newMember('Helena Sousa', 132, efetivo);
  const gil = await newMember('Gil Sousa', 131, efetivo, { nif: nif('22345678') });
  const ivo = await newMember('Ivo Sousa', 133, efetivo);
  const sousaId = await newHousehold({ name: 'Sousa', payer_member: gil });
  for (const id of [gil, helena, ivo]) await join(id, sousaId);
  sousa = { household: sousaId, gil, helena, ivo };

  alone = { familia: await newMember('Duarte Só', 141, familia), efetivo: await newMember('Rita Só', 142, efetivo) };
});
afterAll(async () => {
  await server?.close();
});

describe('generating a year with households', () => {
  it('charges a per-household category once per period on its payer, listing the members; the others owe nothing of it', async () => {
    const first = await generateYear(db(), 2025, server.ctx.now());
    expect(first.raised).toBe(2 /* Silva, Costa */ + 1 /* Duarte */ + 3 /* Sousa */ + 1 /* Rita */);

    const [quota, ...more] = await debtsOf(silva.bruno);
    expect(more).toEqual([]);
    expect(quota).toMatchObject({
      kind: 'quota',
      amount: 6000,
      household: silva.household,
      status: 'open',
      due_date: '2025-01-31',
      description: 'Quota 2025 — Agregado Silva: Ana Silva (n.º 111), Bruno Silva (n.º 112), Carla Silva (n.º 113)',
    });
    expect(await debtsOf(silva.ana)).toEqual([]);
    expect(await debtsOf(silva.carla)).toEqual([]);

    // No member pays for Costa: its lowest-numbered member holds the quota.
    expect((await debtsOf(costa.eva)).map((d) => [d.amount, d.household, d.description])).toEqual([[6000, costa.household, 'Quota 2025 — Agregado Costa: Eva Costa (n.º 121), Filipe Costa (n.º 122)']]);
    expect(await debtsOf(costa.filipe)).toEqual([]);
    // Outside any household, the same category charges the member.
    expect((await debtsOf(alone.familia)).map((d) => [d.amount, d.household, d.description])).toEqual([[6000, null, 'Quota 2025']]);
  });

  it('applies the discount rule by member number: the first pays in full, the later ones less, rounded half up', async () => {
    const amounts = async (member: number) => (await debtsOf(member)).map((d) => [d.amount, d.household]);
    expect(await amounts(sousa.gil)).toEqual([[3002, sousa.household]]);
    expect(await amounts(sousa.helena)).toEqual([[2252, sousa.household]]);
    expect(await amounts(sousa.ivo)).toEqual([[2252, sousa.household]]);
    expect(await amounts(alone.efetivo)).toEqual([[3002, null]]);
  });

  it('changes nothing when run again, even after the household changed payer (one quota per household, whoever holds it)', async () => {
    expect((await patch(`/api/households/${silva.household}`, { payer_member: silva.ana })).status).toBe(200);
    try {
      const before = await ledgerRows();
      const again = await generateYear(db(), 2025, server.ctx.now());
      expect(again).toMatchObject({ raised: 0, members: 0, total: 0 });
      const after = await ledgerRows();
      expect(after.debts).toEqual(before.debts);
      expect(after.payments).toEqual(before.payments);
    } finally {
      expect((await patch(`/api/households/${silva.household}`, { payer_member: silva.bruno })).status).toBe(200);
    }
  });

  it('lists what a household owes through the household filter, its members’ debts and its own quota', async () => {
    const listed = (await get(`/api/unsettled_payments?_household=${sousa.household}&_status=open&_status=partial&_limit=-1`)).body.data as { member: number; amount: number }[];
    expect(listed.map((d) => [d.member, d.amount]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      [
        [sousa.gil, 3002],
        [sousa.helena, 2252],
        [sousa.ivo, 2252],
      ].sort((a, b) => a[0]! - b[0]!),
    );
    const silvaOwes = (await get(`/api/unsettled_payments?_household=${silva.household}`)).body.data as { member: number; amount: number }[];
    expect(silvaOwes.map((d) => [d.member, d.amount])).toEqual([[silva.bruno, 6000]]);
  });
});

describe('joining and leaving a household', () => {
  it("takes the member's owing debts along: the household's payer pays them, then no longer", async () => {
    await join(alone.efetivo, sousa.household);
    expect((await debtsOf(alone.efetivo)).map((d) => d.household)).toEqual([sousa.household]);
    const listed = (await get(`/api/unsettled_payments?_household=${sousa.household}&_member=${alone.efetivo}`)).body.data as unknown[];
    expect(listed).toHaveLength(1);
    await join(alone.efetivo, null);
    expect((await debtsOf(alone.efetivo)).map((d) => d.household)).toEqual([null]);
  });
});

describe('a household payment', () => {
  it('settles debts of three members in one payment; the receipt names the payer and each member; standings follow', async () => {
    for (const member of [sousa.gil, sousa.helena, sousa.ivo]) expect((await statementOf(member)).standing.kind).toBe('em_atraso');
    const answer = await post('/api/payments/record', { household: sousa.household, date: today, amount: 7506, method: 'transferencia', reference: 'TRF-SOUSA' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { payment, allocations, credit, receipt } = answer.body.data;
    expect(payment).toMatchObject({ member: sousa.gil, household: sousa.household, amount: 7506, allocated: 7506 });
    expect(credit).toBe(0);
    expect(allocations).toHaveLength(3);
    for (const member of [sousa.gil, sousa.helena, sousa.ivo]) {
      expect((await debtsOf(member)).map((d) => d.status)).toEqual(['paid']);
      const { standing, lines } = await statementOf(member);
      expect(standing).toMatchObject({ kind: 'em_dia', openTotal: 0, credit: 0 });
      // The running balance ends at what the member owes: the household's payment counts on each for their own debt.
      expect(lines.at(-1)).toMatchObject({ kind: 'payment', balance: 0, description: 'Pagamento do agregado (Transferência, ref. TRF-SOUSA)' });
      expect((await get(`/api/member_balances/${member}`)).body.data).toMatchObject({ open_total: 0 });
    }

    const doc = await db().selectFrom('treasury_docs').selectAll().where('_id', '=', Number(receipt._id)).executeTakeFirstOrThrow();
    expect(doc).toMatchObject({ type: 'quota', total: 7506, member: sousa.gil, payer_name: 'Gil Sousa', payer_nif: nif('22345678') });
    expect(JSON.parse(String(doc.lines))).toEqual([
      { description: 'Quota 2025 — Gil Sousa, n.º 131', amount: 3002 },
      { description: 'Quota 2025 — Helena Sousa, n.º 132', amount: 2252 },
      { description: 'Quota 2025 — Ivo Sousa, n.º 133', amount: 2252 },
    ]);
    const pdf = await server.request({ method: 'GET', url: `/api/${String(receipt.pdf)}`, token: staff });
    expect(pdf.statusCode).toBe(200);
    const text = readPdf(pdf.rawPayload).text;
    for (const words of ['Gil Sousa', nif('22345678'), 'Helena Sousa, n.º 132', 'Ivo Sousa, n.º 133']) expect(text).toContain(words);
    expect((await post('/api/treasury_docs/verify_integrity', {}, admin)).body.data).toEqual({ ok: true, checked: expect.any(Number) });
  });

  it("by a contact payer: the receipt names the contact, with NIF and the household's address", async () => {
    const answer = await post('/api/payments/record', { household: costa.household, date: today, amount: 6000, method: 'numerario' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { payment, receipt } = answer.body.data;
    expect(payment).toMatchObject({ member: costa.eva, household: costa.household });
    const doc = await db().selectFrom('treasury_docs').selectAll().where('_id', '=', Number(receipt._id)).executeTakeFirstOrThrow();
    expect(doc).toMatchObject({ payer_name: 'Maria Costa', payer_nif: nif('18765432'), payer_address: 'Rua das Flores, 3, 1000-001 Lisboa', member: costa.eva });
    expect(JSON.parse(String(doc.lines))).toEqual([{ description: 'Quota 2025 — Agregado Costa: Eva Costa (n.º 121), Filipe Costa (n.º 122)', amount: 6000 }]);
    expect((await statementOf(costa.eva)).standing).toMatchObject({ kind: 'em_dia', openTotal: 0 });
    expect((await post('/api/treasury_docs/verify_integrity', {}, admin)).body.data.ok).toBe(true);
  });

  it('annulled, reopens every member’s debt and their standings follow', async () => {
    const joined = await newMember('Joana Silva', 114, efetivo);
    await join(joined, silva.household);
    const raised = await post('/api/unsettled_payments/raise', { member: joined, kind: 'other', year: 2025, amount: 1000, due_date: '2025-03-01', description: 'Camisola' });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    // A debt raised for a household's member is charged to the household.
    expect(raised.body.data.household).toBe(silva.household);
    const paid = await post('/api/payments/record', { household: silva.household, date: today, amount: 7500, method: 'mbway' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // Oldest due first: the household's quota (January), then Joana's (March); 500 left as the payer's credit.
    expect(paid.body.data).toMatchObject({ credit: 500 });
    expect((await statementOf(silva.bruno)).standing).toMatchObject({ openTotal: 0, credit: 500 });
    expect((await statementOf(joined)).standing).toMatchObject({ openTotal: 0 });

    const annul = await post(`/api/payments/${Number(paid.body.data.payment._id)}/annul`, { reason: 'Transferência devolvida', annul_receipt: true });
    expect(annul.status, JSON.stringify(annul.body)).toBe(200);
    expect((await statementOf(silva.bruno)).standing).toMatchObject({ openTotal: 6000, credit: 0, kind: 'em_atraso' });
    expect((await statementOf(joined)).standing).toMatchObject({ openTotal: 1000 });
    expect((await get(`/api/member_balances/${joined}`)).body.data).toMatchObject({ open_total: 1000 });
    const { lines } = await statementOf(joined);
    expect(lines.at(-1)!.balance).toBe(1000);
    expect((await post('/api/treasury_docs/verify_integrity', {}, admin)).body.data.ok).toBe(true);
  });
});

describe('bad input', () => {
  it('refuses in pt-PT, changing nothing: both member and household, neither, a debt from outside the household, an unknown household', async () => {
    const before = await ledgerRows();
    const outsider = (await debtsOf(alone.efetivo))[0]!;
    const base = { date: today, amount: 1000, method: 'numerario' };
    const both = await post('/api/payments/record', { ...base, member: silva.ana, household: silva.household });
    expect(both.status).toBe(422);
    expect(both.body.errors).toMatchObject({ household: 'Indique o sócio ou o agregado que paga, não os dois.' });
    const neither = await post('/api/payments/record', base);
    expect(neither.status).toBe(422);
    expect(neither.body.errors).toMatchObject({ member: 'Indique o sócio ou o agregado que paga.' });
    const foreign = await post('/api/payments/record', { ...base, household: silva.household, debts: [outsider._id] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toMatchObject({ debts: 'Só pode escolher dívidas em aberto dos sócios deste agregado.' });
    const unknown = await post('/api/payments/record', { ...base, household: 999999 });
    expect(unknown.status).toBe(422);
    expect(await ledgerRows()).toEqual(before);
  });

  it('refuses a contact payer without NIF, on the household and on a payment of one stored without it', async () => {
    const before = await ledgerRows();
    const created = await post('/api/households', { name: 'Sem NIF', payer_name: 'Rui Contacto' });
    expect(created.status).toBe(422);
    expect(created.body.errors).toMatchObject({ payer_nif: 'Indique o NIF de quem paga: o recibo do agregado leva-o.' });
    const cleared = await patch(`/api/households/${costa.household}`, { payer_nif: null });
    expect(cleared.status).toBe(422);
    expect(await ledgerRows()).toEqual(before);

    // A household stored without one (written past the API) cannot pay: its receipt would name no one.
    await db().updateTable('households').set({ payer_nif: null }).where('_id', '=', costa.household).execute();
    try {
      const rows = await ledgerRows();
      const paid = await post('/api/payments/record', { household: costa.household, date: today, amount: 1000, method: 'numerario' });
      expect(paid.status).toBe(422);
      expect(paid.body.errors.household).toMatch(/NIF/);
      expect(await ledgerRows()).toEqual(rows);
    } finally {
      await db().updateTable('households').set({ payer_nif: nif('18765432') }).where('_id', '=', costa.household).execute();
    }
  });
});

describe('deleting a household', () => {
  it('is refused while it has members (or a ledger), for administrators only', async () => {
    const household = await newHousehold({ name: 'Temporário', payer_name: 'Luís Contacto', payer_nif: nif('19876543') });
    const member = await newMember('Luís Temporário', 151, efetivo, { dues_exempt: true, fee_category: null, admission_date: null });
    await join(member, household);
    expect((await server.json('DELETE', `/api/households/${household}`, staff)).status).toBe(403);
    const refused = await server.json('DELETE', `/api/households/${household}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Este agregado ainda tem sócios: retire-os do agregado antes de o apagar.');
    const charged = await server.json('DELETE', `/api/households/${silva.household}`, admin);
    expect(charged.status).toBe(409);

    await join(member, null);
    expect((await server.json('DELETE', `/api/households/${household}`, admin)).status).toBeLessThan(300);
    expect(await db().selectFrom('households').select('_id').where('_id', '=', household).executeTakeFirst()).toBeUndefined();
  });
});
