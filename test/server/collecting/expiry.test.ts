import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireOverdue } from '../../../src/server/modules/collecting/expiry.js';
import { startFakeIfthenpay, type FakeIfthenpay } from '../../../src/server/modules/collecting/fake-ifthenpay.js';
import type { BusEvent } from '../../../src/server/realtime/bus.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { DEMO_MULTIBANCO, seedDemoCollecting } from '../../../src/server/seed/demo-collecting.js';
import { startTestServer, type TestServer } from '../support/server.js';

// Payment requests past their time: the hourly job marks them expired (once, set-based, with
// change events), which frees a local reference; money paid on them afterwards is still recorded.

const DAY = 86_400_000;
const BOUNDARY = 'expiracao';

async function setUp(server: TestServer) {
  await ensureReferenceData(server.database.db, server.ctx.now(), 'association');
  const user = await server.createUser('editor');
  let staff = (await server.login(user)).access;
  /** Moves the clock, logging in again (the access token would have expired). */
  const advance = async (ms: number) => {
    server.advance(ms);
    staff = (await server.login(user)).access;
  };
  const json = async (method: string, url: string, payload?: unknown) => {
    const response = await server.request({ method, url, token: staff, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const state = await server.database.db.selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow();
  const member = async (name: string) => Number((await json('POST', '/api/members', { dues_exempt: true, name, state: Number(state._id) })).body.data._id);
  let n = 0;
  const debt = async (memberId: number, amount: number) => {
    n += 1;
    const answer = await json('POST', '/api/unsettled_payments/raise', { member: memberId, kind: 'other', year: 2026, amount, due_date: '2026-03-31', description: `Quota ${n}` });
    expect(answer.status).toBe(200);
    return Number(answer.body.data._id);
  };
  const request = async (memberId: number, debts: number[]) => {
    const answer = await json('POST', '/api/payment_requests', { member: memberId, debts, method: 'multibanco' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data as { _id: number; reference: string; amount: number; expires_at: string };
  };
  const stateOf = async (id: number) => String((await json('GET', `/api/payment_requests/${id}`)).body.data.state);
  const paymentsOf = (id: number) => server.database.db.selectFrom('payments').select(['_id', 'amount']).where('external_id', '=', `payment_request:${id}`).execute();
  const heard: BusEvent[] = [];
  server.ctx.bus.subscribe((event) => heard.push(event));
  const expiredEvents = () => heard.filter((e) => e.topic === 'payment_requests changed').map((e) => (e.payload as { id: number }).id);
  return { server, advance, staff: () => staff, json, member, debt, request, stateOf, paymentsOf, heard, expiredEvents };
}

describe('local references past their time', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    const server = await startTestServer();
    s = await setUp(server);
    await seedDemoCollecting(server.database.db, server.ctx.now());
  });
  afterAll(async () => {
    await s?.server.close();
  });

  it('the hourly job marks overdue pending requests expired once, announces each, and frees the reference', async () => {
    const ana = await s.member('Ana Expirada');
    const overdue = await s.request(ana, [await s.debt(ana, 1500)]);
    const paid = await s.request(ana, [await s.debt(ana, 700)]);
    // Paid before its time (as a callback would leave it): never touched by expiry.
    await s.server.database.db.updateTable('payment_requests').set({ state: 'paid' }).where('_id', '=', paid._id).execute();

    // Still within its time: the job leaves it alone.
    await s.advance(DAY);
    expect((await s.server.app.jobs.tick()).scheduled.map((job) => job.name)).toContain('collecting.expire');
    expect(await s.stateOf(overdue._id)).toBe('pending');

    await s.advance(Date.parse(overdue.expires_at) - s.server.ctx.now() + 3_600_000);
    s.heard.length = 0;
    const tick = await s.server.app.jobs.tick();
    expect(tick.scheduled.map((job) => job.name)).toContain('collecting.expire');
    expect(await s.stateOf(overdue._id)).toBe('expired');
    expect(await s.stateOf(paid._id)).toBe('paid');
    expect(s.expiredEvents()).toEqual([overdue._id]);
    const version = (await s.json('GET', `/api/payment_requests/${overdue._id}`)).body.data._version;

    // Again (a retry, another instance): nothing more changes, nothing is announced.
    s.heard.length = 0;
    expect(await expireOverdue(s.server.database.db, s.server.ctx.now())).toEqual([]);
    expect(s.expiredEvents()).toEqual([]);
    expect((await s.json('GET', `/api/payment_requests/${overdue._id}`)).body.data._version).toBe(version);

    // Its sequence is free: the counter pointed back at it issues the very same reference again.
    const row = await s.server.database.db.selectFrom('payment_requests').select('sequence').where('_id', '=', overdue._id).executeTakeFirstOrThrow();
    const counter = `multibanco:${DEMO_MULTIBANCO.entity}:${DEMO_MULTIBANCO.subEntity}`;
    await s.server.database.db.updateTable('collecting_counters').set({ value: Number(row.sequence) - 1 }).where('name', '=', counter).execute();
    const again = await s.request(ana, [await s.debt(ana, 1500)]);
    expect(again.reference).toBe(overdue.reference);
  });

  it('a statement paying an expired reference records the payment on its debts; another amount is left for staff', async () => {
    const rui = await s.member('Rui Atrasado');
    const debts = [await s.debt(rui, 2000), await s.debt(rui, 450)];
    const late = await s.request(rui, debts);
    const other = await s.request(rui, [await s.debt(rui, 990)]);
    await s.advance(Date.parse(late.expires_at) - s.server.ctx.now() + 3_600_000);
    await s.server.app.jobs.tick();
    expect([await s.stateOf(late._id), await s.stateOf(other._id)]).toEqual(['expired', 'expired']);

    const csv = ['Entidade;Referência;Valor;Data;ID Transação', `${DEMO_MULTIBANCO.entity};${late.reference};24,50;21/11/2026;LATE-1`, `${DEMO_MULTIBANCO.entity};${other.reference};9,00;21/11/2026;LATE-2`].join('\n');
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="atrasados.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const upload = await s.server.request({
      method: 'POST', url: '/api/files?kind=statement', token: s.staff(),
      payload: Buffer.concat([Buffer.from(head), Buffer.from(csv), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const confirmed = await s.json('POST', '/api/reconciliation_imports/confirm', { file: Number(upload.json().data._id) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.results.map((l: { match: { request?: number } | null; reason: string | null }) => [l.match?.request ?? null, l.reason])).toEqual([
      [late._id, null],
      [null, 'expired_reference'],
    ]);
    expect(await s.stateOf(late._id)).toBe('paid');
    expect((await s.paymentsOf(late._id)).map((p) => Number(p.amount))).toEqual([2450]);
    const statuses = await s.server.database.db.selectFrom('unsettled_payments').select('status').where('_id', 'in', debts).execute();
    expect(statuses.map((d) => d.status)).toEqual(['paid', 'paid']);
    expect(await s.stateOf(other._id)).toBe('expired');
  });
});

describe('an ifthenpay callback for an expired request', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  let fake: FakeIfthenpay;
  beforeAll(async () => {
    fake = await startFakeIfthenpay();
    const server = await startTestServer({ ifthenpay: fake.config });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    fake.callbackUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/payment_callbacks/ifthenpay`;
    s = await setUp(server);
  });
  afterAll(async () => {
    await s?.server.close();
    await fake?.close();
  });

  it('still records the payment, once, and marks the request paid: money taken is never lost', async () => {
    const eva = await s.member('Eva Tardia');
    const debt = await s.debt(eva, 1800);
    const request = await s.request(eva, [debt]);
    const providerId = String((await s.server.database.db.selectFrom('payment_requests').select('provider_id').where('_id', '=', request._id).executeTakeFirstOrThrow()).provider_id);
    await s.advance(Date.parse(request.expires_at) - s.server.ctx.now() + 3_600_000);
    await s.server.app.jobs.tick();
    expect(await s.stateOf(request._id)).toBe('expired');

    for (let i = 0; i < 3; i += 1) expect(await fake.pay(providerId)).toBe(200);
    expect((await s.paymentsOf(request._id)).map((p) => Number(p.amount))).toEqual([1800]);
    expect(await s.stateOf(request._id)).toBe('paid');
    expect((await s.server.database.db.selectFrom('unsettled_payments').select('status').where('_id', '=', debt).executeTakeFirstOrThrow()).status).toBe('paid');
    // The job never turns a paid request back.
    await s.advance(DAY);
    await s.server.app.jobs.tick();
    expect(await s.stateOf(request._id)).toBe('paid');
  });
});
