import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ENTITY, startFakeIfthenpay, type FakeIfthenpay } from '../../src/server/modules/collecting/fake-ifthenpay.js';
import { issuePaymentLink } from '../../src/server/modules/payment-links/public.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { DEMO_MULTIBANCO, seedDemoCollecting } from '../../src/server/seed/demo-collecting.js';
import { loose } from '../../src/server/db/database.js';
import { startTestServer, type TestServer } from './support/server.js';

// A household's payer pays from outside (issue 34): one Multibanco reference (or MB WAY push) for
// debts of several of the household's members, asked by staff, by the payer on their dashboard or
// on the payer's payment link; the provider's callback, or the statement's import, records ONE
// payment with the household set, its allocations on each member's debts, one receipt, and each
// member's standing follows. Debts from outside the household are refused, in pt-PT.

const NOT_THE_HOUSEHOLDS = 'Só pode escolher dívidas em aberto dos sócios deste agregado.';
const BOUNDARY = 'agregado';

interface Person {
  id: number;
  number: number;
  token: string;
}

let counter = 0;

async function setUp(server: TestServer) {
  await ensureReferenceData(server.database.db, server.ctx.now(), 'association');
  const db = server.database.db;
  const staff = (await server.login(await server.createUser('editor'))).access;
  const json = async (method: string, url: string, payload?: unknown, as: string | undefined = staff) => {
    const response = await server.request({ method, url, token: as, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const state = Number((await db.selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow())._id);
  const member = async (name: string): Promise<Person> => {
    const answer = await json('POST', '/api/members', { dues_exempt: true, name, state });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const id = Number(answer.body.data._id);
    const user = await server.createUser('member', { memberId: id });
    return { id, number: Number(answer.body.data.number), token: (await server.login(user)).access };
  };
  const household = async (name: string, payer: Person | null, people: readonly Person[]): Promise<number> => {
    const created = await json('POST', '/api/households', payer ? { name, payer_member: payer.id } : { name, payer_name: 'Empresa Exemplo, Lda.', payer_nif: '500000000' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = Number(created.body.data._id);
    for (const person of people) {
      const joined = await json('PATCH', `/api/members/${person.id}`, { household: id });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    }
    return id;
  };
  const debt = async (person: Person, amount: number, due = '2026-03-31'): Promise<number> => {
    counter += 1;
    const answer = await json('POST', '/api/unsettled_payments/raise', { member: person.id, kind: 'other', year: Number(due.slice(0, 4)), amount, due_date: due, description: `Quota ${counter}` });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return Number(answer.body.data._id);
  };
  const count = async (table: string) => Number((await loose(db).selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const ledger = async () => ({
    payment_requests: await count('payment_requests'),
    payments: await count('payments'),
    payment_allocations: await count('payment_allocations'),
    treasury_docs: await count('treasury_docs'),
  });
  /** Each member's standing as the unpaid list reads it. */
  const standing = async (people: readonly Person[]) => {
    const out: Record<number, string> = {};
    for (const person of people) {
      for (const value of ['em_atraso', 'em_dia']) {
        const listed = await json('GET', `/api/member_balances?_limit=-1&_member=${person.id}&_standing=${value}`);
        expect(listed.status, JSON.stringify(listed.body)).toBe(200);
        if (listed.body.data.length > 0) out[person.id] = value;
      }
    }
    return out;
  };
  const treasuryOn = () => db.updateTable('settings').set({ value: 'true' }).where('name', 'in', ['hasTreasury', 'treasuryAutoIssue']).execute();
  return { server, db, staff, json, member, household, debt, ledger, standing, treasuryOn };
}

describe('a household’s debts paid by one Multibanco reference through ifthenpay (a fake server speaking its protocol)', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  let fake: FakeIfthenpay;
  let ana: Person;
  let bruno: Person;
  let carla: Person;
  let duarte: Person;
  let silva: number;

  const providerIdOf = async (request: number) => String((await s.db.selectFrom('payment_requests').select('provider_id').where('_id', '=', request).executeTakeFirstOrThrow()).provider_id);

  beforeAll(async () => {
    fake = await startFakeIfthenpay();
    const server = await startTestServer({ ifthenpay: fake.config });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    fake.callbackUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/payment_callbacks/ifthenpay`;
    s = await setUp(server);
    await s.treasuryOn();
    ana = await s.member('Ana Silva');
    bruno = await s.member('Bruno Silva');
    carla = await s.member('Carla Silva');
    duarte = await s.member('Duarte Lopes');
    silva = await s.household('Silva', ana, [ana, bruno, carla]);
  });
  afterAll(async () => {
    await s?.server.close();
    await fake?.close();
  });

  it('staff ask one reference for three members’ debts; the callback records one payment, three allocations, one receipt, and each member is in good standing', async () => {
    const debts = [await s.debt(ana, 1200), await s.debt(bruno, 1300), await s.debt(carla, 1400)];
    expect(await s.standing([ana, bruno, carla])).toEqual({ [ana.id]: 'em_atraso', [bruno.id]: 'em_atraso', [carla.id]: 'em_atraso' });

    const created = await s.json('POST', '/api/payment_requests', { household: silva, debts, method: 'multibanco' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const request = created.body.data;
    expect({ member: request.member, household: request.household, amount: request.amount, entity: request.entity, state: request.state, debts: request.debts }).toEqual({
      member: ana.id,
      household: silva,
      amount: 3900,
      entity: FAKE_ENTITY,
      state: 'pending',
      debts,
    });
    expect(request.reference).toMatch(/^\d{9}$/);
    // The payer follows it as a request of theirs.
    expect((await s.json('GET', `/api/payment_requests/${request._id}`, undefined, ana.token)).body.data.household).toBe(silva);

    const before = await s.ledger();
    const providerId = await providerIdOf(request._id);
    expect(await fake.pay(providerId)).toBe(200);
    const payments = await s.db.selectFrom('payments').selectAll().where('external_id', '=', `payment_request:${request._id}`).execute();
    expect(payments.map((p) => ({ amount: Number(p.amount), allocated: Number(p.allocated), household: Number(p.household), member: Number(p.member) }))).toEqual([
      { amount: 3900, allocated: 3900, household: silva, member: ana.id },
    ]);
    const allocations = await s.db.selectFrom('payment_allocations').select(['debt', 'member', 'amount']).where('payment', '=', Number(payments[0]!._id)).orderBy('debt').execute();
    expect(allocations.map((a) => [Number(a.debt), Number(a.member), Number(a.amount)])).toEqual([
      [debts[0], ana.id, 1200],
      [debts[1], bruno.id, 1300],
      [debts[2], carla.id, 1400],
    ]);
    const receipts = await s.db.selectFrom('treasury_doc_payments').select('doc').where('payment', '=', Number(payments[0]!._id)).execute();
    expect(receipts).toHaveLength(1);
    expect(await s.ledger()).toEqual({ ...before, payments: before.payments + 1, payment_allocations: before.payment_allocations + 3, treasury_docs: before.treasury_docs + 1 });
    const statuses = await s.db.selectFrom('unsettled_payments').select('status').where('_id', 'in', debts).execute();
    expect(statuses.map((d) => d.status)).toEqual(['paid', 'paid', 'paid']);
    expect(await s.standing([ana, bruno, carla])).toEqual({ [ana.id]: 'em_dia', [bruno.id]: 'em_dia', [carla.id]: 'em_dia' });
    expect((await s.json('GET', `/api/payment_requests/${request._id}`, undefined, ana.token)).body.data.state).toBe('paid');

    // The callback again (ifthenpay retries): nothing changes.
    const after = await s.ledger();
    for (let i = 0; i < 2; i += 1) expect(await fake.pay(providerId)).toBe(200);
    expect(await s.ledger()).toEqual(after);
    expect(await s.db.selectFrom('payments').select('_id').where('external_id', '=', `payment_request:${request._id}`).execute()).toHaveLength(1);
  });

  it('refuses debts from outside the household, a member and a household together, and neither, in pt-PT, storing nothing', async () => {
    const hers = await s.debt(ana, 500);
    const outside = await s.debt(duarte, 700);
    const before = await s.ledger();
    const pushes = fake.requests.size;
    const refused: [Record<string, unknown>, string, string][] = [
      [{ household: silva, debts: [hers, outside], method: 'multibanco' }, 'debts', NOT_THE_HOUSEHOLDS],
      [{ household: silva, debts: [outside], method: 'mbway', phone: '912345678' }, 'debts', NOT_THE_HOUSEHOLDS],
      [{ member: ana.id, household: silva, debts: [hers], method: 'multibanco' }, 'household', 'Indique o sócio ou o agregado que paga, não os dois.'],
      [{ debts: [hers], method: 'multibanco' }, 'member', 'Indique o sócio ou o agregado que paga.'],
    ];
    for (const [body, field, message] of refused) {
      const answer = await s.json('POST', '/api/payment_requests', body);
      expect({ status: answer.status, error: answer.body.errors?.[field] }, JSON.stringify(body)).toEqual({ status: 422, error: message });
      const checked = await s.json('POST', '/api/payment_requests/validate', body);
      expect({ status: checked.status, error: checked.body.errors?.[field] }, JSON.stringify(body)).toEqual({ status: 422, error: message });
    }
    // A member asks for no household: only staff name one here.
    expect((await s.json('POST', '/api/payment_requests', { household: silva, debts: [hers], method: 'multibanco' }, ana.token)).status).toBe(403);
    expect(await s.ledger()).toEqual(before);
    expect(fake.requests.size).toBe(pushes);
  });

  it('the payer sees the household’s debts with each member’s name and pays chosen ones from the dashboard by MB WAY; others see none and may not', async () => {
    const debts = [await s.debt(bruno, 2000), await s.debt(carla, 2100, '2099-01-31')];
    const listed = await s.json('GET', '/api/own/household_debts', undefined, ana.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((h: { id: number; name: string }) => [h.id, h.name])).toEqual([[silva, 'Silva']]);
    const rows = listed.body.data[0].debts.filter((d: { id: number }) => debts.includes(d.id));
    expect(rows.map((d: any) => [d.id, d.member.name, d.member.number, d.open_amount, d.owed])).toEqual([
      [debts[0], 'Bruno Silva', bruno.number, 2000, true],
      [debts[1], 'Carla Silva', carla.number, 2100, false],
    ]);
    // Bruno is a member of the household, not its payer; Duarte has none.
    expect((await s.json('GET', '/api/own/household_debts', undefined, bruno.token)).body).toEqual({ data: [] });
    expect((await s.json('GET', '/api/own/household_debts', undefined, duarte.token)).body).toEqual({ data: [] });
    expect((await s.json('GET', '/api/own/household_debts', undefined, '')).status).toBe(401);

    const before = await s.ledger();
    const notPayer = await s.json('POST', '/api/payment_requests/own', { household: silva, debts, method: 'multibanco' }, bruno.token);
    expect({ status: notPayer.status, error: notPayer.body.errors?.household }).toEqual({ status: 422, error: 'Só pode pagar as dívidas dos agregados de que é o pagador.' });
    const outside = await s.json('POST', '/api/payment_requests/own', { household: silva, debts: [debts[0], await s.debt(duarte, 100)], method: 'multibanco' }, ana.token);
    expect({ status: outside.status, error: outside.body.errors?.debts }).toEqual({ status: 422, error: NOT_THE_HOUSEHOLDS });
    // Without the household, the payer's own request takes only her own debts.
    const notHers = await s.json('POST', '/api/payment_requests/own', { debts, method: 'multibanco' }, ana.token);
    expect(notHers.status).toBe(422);
    expect((await s.ledger()).payment_requests).toBe(before.payment_requests);

    const created = await s.json('POST', '/api/payment_requests/own', { household: silva, debts, method: 'mbway', phone: '936 111 222' }, ana.token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect({ member: created.body.data.member, household: created.body.data.household, amount: created.body.data.amount }).toEqual({ member: ana.id, household: silva, amount: 4100 });
    expect(await fake.pay(await providerIdOf(created.body.data._id))).toBe(200);
    const payment = await s.db.selectFrom('payments').selectAll().where('external_id', '=', `payment_request:${created.body.data._id}`).executeTakeFirstOrThrow();
    expect({ household: Number(payment.household), amount: Number(payment.amount), method: payment.method }).toEqual({ household: silva, amount: 4100, method: 'mbway' });
    const allocated = await s.db.selectFrom('payment_allocations').select(['member', 'amount']).where('payment', '=', Number(payment._id)).orderBy('debt').execute();
    expect(allocated.map((a) => [Number(a.member), Number(a.amount)])).toEqual([
      [bruno.id, 2000],
      [carla.id, 2100],
    ]);
    const left = (await s.json('GET', '/api/own/household_debts', undefined, ana.token)).body.data[0].debts.map((d: { id: number }) => d.id);
    expect(left.filter((id: number) => debts.includes(id))).toEqual([]);
  });

  it('the payer’s payment link lists the household’s debts by member and asks one reference for them', async () => {
    const debts = [await s.debt(ana, 900), await s.debt(carla, 800)];
    const path = await issuePaymentLink(s.db, { member: ana.id, purpose: `teste:${(counter += 1)}`, now: s.server.ctx.now() });
    const token = path!.split('/').pop()!;
    const info = await s.json('GET', `/api/payment_info/${token}`, undefined, '');
    expect(info.status).toBe(200);
    const household = info.body.data.households.find((h: { id: number }) => h.id === silva);
    expect(household.debts.filter((d: { id: number }) => debts.includes(d.id)).map((d: any) => [d.member.name, d.open_amount])).toEqual([
      // First names only on this page, as it names the payer.
      ['Ana', 900],
      ['Carla', 800],
    ]);
    // Bruno's link: he pays for no household.
    const his = await issuePaymentLink(s.db, { member: bruno.id, purpose: `teste:${(counter += 1)}`, now: s.server.ctx.now() });
    const hisInfo = await s.json('GET', `/api/payment_info/${his!.split('/').pop()!}`, undefined, '');
    expect(hisInfo.body.data.households).toEqual([]);
    const refused = await s.json('POST', `/api/payment_info/${his!.split('/').pop()!}/requests`, { household: silva, debts, method: 'multibanco' }, '');
    expect({ status: refused.status, error: refused.body.errors?.household }).toEqual({ status: 422, error: 'Só pode pagar as dívidas dos agregados de que é o pagador.' });

    const created = await s.json('POST', `/api/payment_info/${token}/requests`, { household: silva, debts, method: 'multibanco' }, '');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect({ amount: created.body.data.amount, entity: created.body.data.entity }).toEqual({ amount: 1700, entity: FAKE_ENTITY });
    const stored = await s.db.selectFrom('payment_requests').select(['member', 'household']).where('_id', '=', created.body.data.id).executeTakeFirstOrThrow();
    expect([Number(stored.member), Number(stored.household)]).toEqual([ana.id, silva]);
    expect(await fake.pay(await providerIdOf(created.body.data.id))).toBe(200);
    expect((await s.json('GET', `/api/payment_info/${token}/requests/${created.body.data.id}`, undefined, '')).body.data.state).toBe('paid');
    const statuses = await s.db.selectFrom('unsettled_payments').select('status').where('_id', 'in', debts).execute();
    expect(statuses.map((d) => d.status)).toEqual(['paid', 'paid']);
  });
});

describe('a household’s reference paid through the Multibanco statement’s import (the association’s own references)', () => {
  let s: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    s = await setUp(await startTestServer());
    await seedDemoCollecting(s.db, s.server.ctx.now());
  });
  afterAll(async () => {
    await s?.server.close();
  });

  const upload = async (text: string) => {
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="multibanco.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const response = await s.server.request({
      method: 'POST',
      url: '/api/files?kind=statement',
      token: s.staff,
      payload: Buffer.concat([Buffer.from(head), Buffer.from(text), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    return Number(response.json().data._id);
  };

  it('previews the line as the household’s request over the three members’ debts and confirms one payment with the household set', async () => {
    const eva = await s.member('Eva Costa');
    const rui = await s.member('Rui Costa');
    const ines = await s.member('Inês Costa');
    // A contact pays (no payer member): the request belongs to the household's lowest-numbered member.
    const costa = await s.household('Costa', null, [eva, rui, ines]);
    const debts = [await s.debt(eva, 1000), await s.debt(rui, 1100), await s.debt(ines, 1200)];
    const created = await s.json('POST', '/api/payment_requests', { household: costa, debts, method: 'multibanco' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect({ member: created.body.data.member, entity: created.body.data.entity, amount: created.body.data.amount }).toEqual({ member: eva.id, entity: DEMO_MULTIBANCO.entity, amount: 3300 });

    const file = await upload(['Entidade;Referência;Valor;Data;ID Transação', `${DEMO_MULTIBANCO.entity};${created.body.data.reference};33,00;21/11/2026;TX-AGREGADO`].join('\n'));
    const preview = await s.json('POST', '/api/reconciliation_imports/preview', { file });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.results[0].match).toEqual({
      kind: 'payment_request',
      request: created.body.data._id,
      member: eva.id,
      debts: [
        { debt: debts[0], amount: 1000 },
        { debt: debts[1], amount: 1100 },
        { debt: debts[2], amount: 1200 },
      ],
    });
    const before = await s.ledger();
    const confirmed = await s.json('POST', '/api/reconciliation_imports/confirm', { file });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(await s.ledger()).toEqual({ ...before, payments: before.payments + 1, payment_allocations: before.payment_allocations + 3 });
    const payment = await s.db.selectFrom('payments').selectAll().where('external_id', '=', `payment_request:${created.body.data._id}`).executeTakeFirstOrThrow();
    expect({ household: Number(payment.household), amount: Number(payment.amount) }).toEqual({ household: costa, amount: 3300 });
    expect(await s.standing([eva, rui, ines])).toEqual({ [eva.id]: 'em_dia', [rui.id]: 'em_dia', [ines.id]: 'em_dia' });
  });
});
