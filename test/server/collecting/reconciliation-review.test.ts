import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { DEMO_MULTIBANCO, seedDemoCollecting } from '../../../src/server/seed/demo-collecting.js';
import { startTestServer } from '../support/server.js';

// The review behind the reconciliation screen: the preview says how sure each match is and names
// the members and debts; staff reject lines or choose the member and debts of others, preview
// that, and confirm it all in one transaction, which answers the payments and their receipts.
// Bad decisions are one pt-PT 422 that changes nothing.

const BOUNDARY = 'revisao';
const LEDGER = ['payments', 'payment_allocations', 'reconciliation_imports', 'reconciliation_import_lines', 'treasury_docs'] as const;

async function setUp() {
  const server = await startTestServer();
  const { db } = server.database;
  await ensureReferenceData(db, server.ctx.now(), 'association');
  await seedDemoCollecting(db, server.ctx.now());
  const staff = (await server.login(await server.createUser('editor'))).access;
  const json = async (method: string, url: string, payload?: unknown) => {
    const response = await server.request({ method, url, token: staff, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const setting = async (name: string, value: string) => {
    const updated = await db.updateTable('settings').set({ value }).where('name', '=', name).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) expect((await json('POST', '/api/settings', { name, value })).status).toBe(201);
  };
  const upload = async (text: string, name: string) => {
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`;
    const response = await server.request({
      method: 'POST',
      url: '/api/files?kind=statement',
      token: staff,
      payload: Buffer.concat([Buffer.from(head), Buffer.from(text), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    return Number(response.json().data._id);
  };
  const state = await db.selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow();
  const member = async (name: string) => {
    const answer = await json('POST', '/api/members', { dues_exempt: true, name, state: Number(state._id) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return { id: Number(answer.body.data._id), number: Number(answer.body.data.number), name };
  };
  const debt = async (memberId: number, amount: number, due: string, description: string) => {
    const answer = await json('POST', '/api/unsettled_payments/raise', { member: memberId, kind: 'other', year: Number(due.slice(0, 4)), amount, due_date: due, description });
    expect(answer.status).toBe(200);
    return Number(answer.body.data._id);
  };
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of LEDGER) out[table] = Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    return out;
  };
  return { server, json, setting, upload, member, debt, counts };
}

describe('reconciliation review', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp();
    await s.setting('hasTreasury', 'true');
    await s.setting('treasuryAutoIssue', 'true');
  });
  afterAll(async () => {
    await s?.server.close();
  });

  it('previews confidence and names, applies rejections and chosen matches, confirms them with their receipts, and recognises the lines afterwards', async () => {
    const ana = await s.member('Ana Revista');
    const rui = await s.member('Rui Revisto');
    const eva = await s.member('Eva Escolhida');
    const a1 = await s.debt(ana.id, 1200, '2026-01-31', 'Quota 2026 Ana');
    const r1 = await s.debt(rui.id, 2500, '2026-01-31', 'Quota 2026 Rui');
    const e1 = await s.debt(eva.id, 1800, '2026-01-31', 'Quota 2026 Eva');
    const e2 = await s.debt(eva.id, 900, '2026-06-30', 'Jóia Eva');
    const request = await s.json('POST', '/api/payment_requests', { member: ana.id, debts: [a1], method: 'multibanco' });
    expect(request.status).toBe(201);
    const reference = String(request.body.data.reference);

    const csv = [
      'Data;Descrição;Valor;Referência',
      `02/12/2026;PAG MB;12,00;${reference}`,
      `02/12/2026;TRF SOCIO ${rui.number} quota;25,00;`,
      '03/12/2026;TRF sem indicação;20,00;',
      `03/12/2026;TRF SOCIO ${rui.number} engano;5,00;`,
      '04/12/2026;Comissão;-1,00;',
    ].join('\n');
    const file = await s.upload(csv, 'dezembro.csv');
    const before = await s.counts();

    const preview = await s.json('POST', '/api/reconciliation_imports/preview', { file });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const data = preview.body.data;
    expect(data.imported).toBeNull();
    expect(data.results.map((l: any) => [l.line, l.confidence, l.match?.member ?? null, l.reason, l.credit])).toEqual([
      [2, 'reference', ana.id, null, 0],
      [3, 'member', rui.id, null, 0],
      [4, null, null, 'no_member', 0],
      [5, null, null, 'amount_differs', 0],
      [6, null, null, 'not_received', 0],
    ]);
    expect(data.members).toEqual([ana, rui].map((m) => ({ _id: m.id, number: m.number, name: m.name })));
    expect(data.debts).toEqual([
      { _id: a1, member: ana.id, description: 'Quota 2026 Ana', due_date: '2026-01-31', amount: 1200 },
      { _id: r1, member: rui.id, description: 'Quota 2026 Rui', due_date: '2026-01-31', amount: 2500 },
    ]);

    // Line 4 is Eva's (both debts: 27,00 €, so 20,00 € go to the first two... in due order), line 5 is rejected.
    const decisions = [
      { line: 4, member: eva.id, debts: [e2, e1] },
      { line: 5, reject: true },
    ];
    const reviewed = await s.json('POST', '/api/reconciliation_imports/preview', { file, decisions });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    const [, , manual, rejected] = reviewed.body.data.results;
    expect([manual.confidence, manual.match, manual.credit, manual.message]).toEqual(['manual', { kind: 'member', member: eva.id, debts: [{ debt: e1, amount: 1800 }, { debt: e2, amount: 200 }] }, 0, 'Sócio e dívidas escolhidos na revisão.']);
    expect([rejected.match, rejected.reason, rejected.message]).toEqual([null, 'rejected', 'Rejeitado na revisão: não foi registado.']);
    expect(reviewed.body.data.members.map((m: any) => m.name)).toEqual(['Ana Revista', 'Rui Revisto', 'Eva Escolhida']);
    expect(reviewed.body.data).toMatchObject({ matched: 3, matchedAmount: 5700, unmatched: 2 });
    expect(await s.counts()).toEqual(before);

    const announced: number[] = [];
    const stop = s.server.ctx.bus.subscribe((event) => {
      if (event.topic === 'treasury_docs changed') announced.push((event.payload as { id: number }).id);
    });
    const confirmed = await s.json('POST', '/api/reconciliation_imports/confirm', { file, decisions });
    stop();
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const answer = confirmed.body.data;
    // Each receipt is announced after the commit, so treasury lists and members' receipts refresh.
    expect([...announced].sort()).toEqual(answer.receipts.map((r: any) => r._id).sort());
    expect(answer.import).toMatchObject({ lines: 5, recorded: 3, recorded_amount: 5700, unmatched: 2 });
    expect(answer.payments).toHaveLength(3);
    expect(answer.receipts).toHaveLength(3);
    expect(answer.receipts.map((r: any) => r.payment).sort()).toEqual([...answer.payments].sort());
    for (const receipt of answer.receipts) expect(receipt.number).toMatch(/\d/);
    expect(answer.results.map((l: any) => [l.line, l.payment === null, l.receipt?.number ?? null])).toEqual([
      [2, false, answer.receipts.find((r: any) => r.payment === answer.results[0].payment).number],
      [3, false, answer.receipts.find((r: any) => r.payment === answer.results[1].payment).number],
      [4, false, answer.receipts.find((r: any) => r.payment === answer.results[2].payment).number],
      [5, true, null],
      [6, true, null],
    ]);
    expect(await s.counts()).toEqual({ ...before, payments: before.payments! + 3, payment_allocations: before.payment_allocations! + 4, reconciliation_imports: before.reconciliation_imports! + 1, reconciliation_import_lines: before.reconciliation_import_lines! + 5, treasury_docs: before.treasury_docs! + 3 });
    const db = s.server.database.db;
    const eva1 = await db.selectFrom('unsettled_payments').select(['paid', 'status']).where('_id', 'in', [e1, e2]).orderBy('_id').execute();
    expect(eva1.map((d) => [Number(d.paid), d.status])).toEqual([[1800, 'paid'], [200, 'partial']]);
    const kept = await s.json('GET', `/api/reconciliation_import_lines?_reconciliation_import=${answer.import._id}&_sort=line`);
    expect(kept.body.data.map((l: any) => [l.line, l.member, l.reason])).toEqual([[2, ana.id, null], [3, rui.id, null], [4, eva.id, null], [5, null, 'rejected'], [6, null, 'not_received']]);

    // The same file again: the preview says when it was imported and finds every line recorded.
    const again = await s.json('POST', '/api/reconciliation_imports/preview', { file: await s.upload(csv, 'dezembro (1).csv') });
    expect(again.body.data.imported).toMatchObject({ _id: answer.import._id, file_name: 'dezembro.csv' });
    expect(again.body.data.results.map((l: any) => l.reason)).toEqual(['already_recorded', 'already_recorded', 'already_recorded', 'rejected_before', 'not_received']);

    // A next statement overlapping this one: its old lines are recognised, and cannot be paid again by hand.
    const next = await s.upload(`${csv}\n05/12/2026;TRF SOCIO ${eva.number};7,00;`, 'dezembro-2.csv');
    const overlap = await s.json('POST', '/api/reconciliation_imports/preview', { file: next });
    expect(overlap.body.data.results.map((l: any) => [l.line, l.reason, l.match?.member ?? null])).toEqual([
      [2, 'already_recorded', null],
      [3, 'already_recorded', null],
      [4, 'already_recorded', null],
      [5, 'rejected_before', null],
      [6, 'not_received', null],
      [7, null, eva.id],
    ]);
    expect(overlap.body.data.results[3].message).toBe('Rejeitado numa importação anterior: só é registado se escolher o sócio de novo.');
    // A line rejected then may still be given to a member now.
    const chosenNow = await s.json('POST', '/api/reconciliation_imports/preview', { file: next, decisions: [{ line: 5, member: rui.id, debts: [] }] });
    expect([chosenNow.body.data.results[3].confidence, chosenNow.body.data.results[3].credit]).toEqual(['manual', 500]);
    const twice = await s.json('POST', '/api/reconciliation_imports/confirm', { file: next, decisions: [{ line: 4, member: rui.id, debts: [] }] });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.decisions).toBe('Linha 4: Este pagamento já está registado.');
  });

  it('refuses bad decisions with one pt-PT message and changes nothing', async () => {
    const ze = await s.member('Zé Decidido');
    const mia = await s.member('Mia Alheia');
    const own = await s.debt(ze.id, 1000, '2026-01-31', 'Quota Zé');
    const foreign = await s.debt(mia.id, 1000, '2026-01-31', 'Quota Mia');
    const file = await s.upload(['Data;Descrição;Valor', '10/12/2026;TRF anónima;10,00', '10/12/2026;Estorno;-10,00'].join('\n'), 'decisoes.csv');
    const cases: [unknown, string][] = [
      ['todas', 'As decisões têm de ser uma lista, uma por linha do extrato.'],
      [[{ line: 9, reject: true }], 'A linha 9 não existe neste extrato.'],
      [[{ reject: true }], 'Cada decisão tem de indicar a linha do extrato.'],
      [[{ line: 2, reject: true }, { line: 2, member: ze.id, debts: [own] }], 'Linha 2: tem mais do que uma decisão.'],
      [[{ line: 2 }], 'Linha 2: indique o sócio e as dívidas que paga, ou rejeite-a.'],
      [[{ line: 2, member: ze.id, debts: ['x'] }], 'Linha 2: indique o sócio e as dívidas que paga, ou rejeite-a.'],
      [[{ line: 2, member: 999_999, debts: [] }], 'Linha 2: o sócio escolhido não existe.'],
      [[{ line: 2, member: ze.id, debts: [own, foreign] }], 'Linha 2: só pode escolher dívidas em aberto do sócio escolhido.'],
      [[{ line: 3, member: ze.id, debts: [own] }], 'Linha 3: Não é um recebimento (valor zero ou negativo).'],
      [[{ line: 1, reject: true }, { line: 2 }], 'A linha 1 não existe neste extrato. Linha 2: indique o sócio e as dívidas que paga, ou rejeite-a.'],
    ];
    const before = await s.counts();
    for (const [decisions, message] of cases) {
      for (const route of ['preview', 'confirm']) {
        const answer = await s.json('POST', `/api/reconciliation_imports/${route}`, { file, decisions });
        expect({ route, decisions, status: answer.status, code: answer.body.code, message: answer.body.errors?.decisions }).toEqual({ route, decisions, status: 422, code: 'invalid_record', message });
      }
    }
    expect(await s.counts()).toEqual(before);

    // A paid debt cannot be chosen either; then the right decision goes through, with the rest as credit.
    const paid = await s.debt(ze.id, 300, '2026-02-28', 'Jóia Zé');
    expect((await s.json('POST', '/api/payments/record', { member: ze.id, date: '2026-12-01', amount: 300, method: 'numerario', debts: [paid] })).status).toBe(200);
    const stale = await s.json('POST', '/api/reconciliation_imports/confirm', { file, decisions: [{ line: 2, member: ze.id, debts: [own, paid] }] });
    expect(stale.body.errors.decisions).toBe('Linha 2: só pode escolher dívidas em aberto do sócio escolhido.');
    const credit = await s.json('POST', '/api/reconciliation_imports/preview', { file, decisions: [{ line: 2, member: ze.id, debts: [] }] });
    expect([credit.body.data.results[0].credit, credit.body.data.results[0].message]).toEqual([1000, 'Sócio e dívidas escolhidos na revisão. O restante fica como crédito do sócio.']);
    const done = await s.json('POST', '/api/reconciliation_imports/confirm', { file, decisions: [{ line: 2, member: ze.id, debts: [own] }] });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const payment = await s.server.database.db.selectFrom('payments').select(['amount', 'allocated', 'method']).where('_id', '=', done.body.data.payments[0]).executeTakeFirstOrThrow();
    expect([Number(payment.amount), Number(payment.allocated), payment.method]).toEqual([1000, 1000, 'transferencia']);
  });

  it('pays a Multibanco reference exactly and says so', async () => {
    const leo = await s.member('Leo Referência');
    const debt = await s.debt(leo.id, 1500, '2026-01-31', 'Quota Leo');
    const request = await s.json('POST', '/api/payment_requests', { member: leo.id, debts: [debt], method: 'multibanco' });
    const file = await s.upload(`Entidade;Referência;Valor;Data;ID Transação\n${DEMO_MULTIBANCO.entity};${request.body.data.reference};15,00;11/12/2026;TX-LEO\n`, 'mb.csv');
    const preview = await s.json('POST', '/api/reconciliation_imports/preview', { file });
    expect(preview.body.data.results.map((l: any) => [l.confidence, l.message])).toEqual([['reference', 'Paga o pedido de pagamento desta referência.']]);
  });
});
