import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportBlockedAnswer } from '../../src/core/contract.js';
import { lisbonDay } from '../../src/core/days.js';
import { formatCents as eur } from '../../src/core/number-format.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { check, commit, snapshot, upload } from './imports-support.js';
import { expectedFromFixture, fixtureMembers, ledgerState, prepareHistory, YEARS } from './imports-history-support.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let token: string;
/** Member number -> _id. */
let ids: Map<number, number>;

const HISTORY = 'history-3-years.csv';
const get = async <T>(url: string): Promise<T> => {
  const response = await server.request({ method: 'GET', url, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
};

/** Uploads, checks and commits a history file; answers the batch and its check. */
async function importHistory(name = HISTORY, defaults: Record<string, string> = {}) {
  const uploaded = await upload(server, token, name, undefined, 'history');
  const checked = await check(server, token, uploaded.id, uploaded.mapping, defaults);
  const result = await commit(server, token, uploaded.id);
  return { uploaded, checked, result };
}

const undo = (id: number, rest = false) => server.request({ method: 'POST', url: `/api/imports/${id}/undo`, token, payload: { rest } });

beforeEach(async () => {
  server = await startTestServer();
  await ensureReferenceData(server.database.db, server.ctx.now(), 'association');
  token = (await server.login(await server.createUser('admin'))).access;
  ids = await prepareHistory(server, token);
});
afterEach(async () => {
  await server.close();
});

describe('history import: check', () => {
  it('maps the Portuguese headers, reports what each line does, and writes nothing', async () => {
    const uploaded = await upload(server, token, HISTORY, undefined, 'history');
    const byHeader = Object.fromEntries(uploaded.columns.map((c) => [c.header, uploaded.mapping[String(c.index)]]));
    expect(byHeader).toEqual({ Sócio: 'member', Ano: 'year', Tipo: 'kind', 'Valor em dívida': 'owed', 'Valor pago': 'paid', Data: 'date', 'Meio de pagamento': 'method' });
    const before = await snapshot(server, ['unsettled_payments', 'payments', 'payment_allocations', 'member_balances', 'receipt_totals', 'treasury_docs', 'audit_log', 'import_batch_changes']);
    const checked = await check(server, token, uploaded.id, uploaded.mapping);
    expect(await snapshot(server, ['unsettled_payments', 'payments', 'payment_allocations', 'member_balances', 'receipt_totals', 'treasury_docs', 'audit_log', 'import_batch_changes'])).toEqual(before);
    expect(checked.summary).toEqual({ create: 22, update: 0, unchanged: 0, duplicate: 0, error: 0 });
    const rows = checked.rows;
    expect(rows[0]).toMatchObject({ line: 2, outcome: 'create', member: { number: 11, name: 'Ana Marques' }, matchedBy: 'number' });
    expect(rows[0]!.actions).toEqual([`Lança Quota 2023 (${eur(3000)})`, `Regista pagamento de ${eur(3000)} em 15/02/2023`]);
    // Eduarda is named by her NIF; her 2025 payment leaves credit.
    expect(rows[16]).toMatchObject({ line: 18, member: { number: 15 }, matchedBy: 'nif' });
    expect(rows[16]!.actions).toEqual([`Lança Quota 2025 (${eur(3000)})`, `Regista pagamento de ${eur(4000)} em 31/01/2025 (${eur(1000)} ficam como crédito)`]);
    // Carla's second 2025 payment pays the debt of the line before.
    expect(rows[9]!.actions).toEqual([`Regista pagamento de ${eur(650)} em 30/06/2025`]);
    // Gabriela's quotas are paid up to 2024, from her admission in 2023.
    expect(rows[20]!.actions).toEqual(['Lança 2 quota(s) de 2023 a 2024', `Dá como pagas as quotas até 2024: 2 pagamento(s) histórico(s), ${eur(6000)}`]);
  });

  it('reports every bad line with its field and reason in pt-PT', async () => {
    const uploaded = await upload(server, token, 'history-bad-rows.csv', undefined, 'history');
    const checked = await check(server, token, uploaded.id, uploaded.mapping);
    const byLine = Object.fromEntries(checked.rows.map((r) => [r.line, [r.outcome, ...r.errors.map((e) => `${e.field}: ${e.message}`)]]));
    expect(byLine).toEqual({
      2: ['error', 'member: Sócio desconhecido: não há sócio com o número ou o NIF «99».'],
      3: ['error', 'owed: O valor em dívida não é um número: «trinta» (por exemplo 12,50).'],
      4: ['error', 'paid: O valor pago não é um número: «12,5x» (por exemplo 12,50).'],
      5: ['error', 'year: O período (01/01/2021 a 31/12/2021) é anterior à admissão do sócio, em 01/06/2023.'],
      6: ['create'],
      7: ['duplicate', 'member: Linha repetida: repete a linha 6.'],
      8: ['error', `date: Indique a data do pagamento de ${eur(3000)}.`],
      9: ['error', 'date: A data não é válida: «31/02/2024» (use dd/mm/aaaa).'],
      10: ['error', 'method: Meio de pagamento desconhecido: «Bitcoin». Use Numerário, Transferência, Multibanco, MB WAY, Débito direto, Cheque.'],
      11: ['error', 'kind: Tipo desconhecido: «Propina». Use Quota, Jóia, Capital social, Outro ou Quotas pagas até.'],
      12: ['error', `year: O ano 2099 ainda não começou: o histórico vai até ${lisbonDay(server.ctx.now()).slice(0, 4)}.`],
      13: ['error', 'description: Diga na descrição o que é a dívida do tipo Outro.'],
    });
    expect(checked.summary).toEqual({ create: 1, update: 0, unchanged: 0, duplicate: 1, error: 10 });
  });
});

describe('history import: commit', () => {
  it('gives ledgers whose standing, statements and reports say what the file says', async () => {
    const expected = expectedFromFixture();
    const { result } = await importHistory();
    expect(result).toMatchObject({ created: 22, skipped: 0, failures: [] });
    const db = server.database.db;
    expect(await db.selectFrom('unsettled_payments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual({ n: expected.debts });
    expect(await db.selectFrom('payments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual({ n: expected.payments });

    for (const member of fixtureMembers()) {
      const want = expected.members.get(member.number)!;
      const statement = await get<{ standing: { kind: string; openTotal: number; credit: number; upcomingTotal: number }; lines: { kind: string; description: string; debit: number; credit: number; balance: number }[] }>(`/api/members/${ids.get(member.number)}/statement`);
      const debits = statement.lines.reduce((sum, l) => sum + l.debit, 0);
      const credits = statement.lines.reduce((sum, l) => sum + l.credit, 0);
      expect({ number: member.number, debits, credits, open: statement.standing.openTotal, credit: statement.standing.credit }).toEqual({ number: member.number, debits: want.debts, credits: want.paid, open: want.open, credit: want.credit });
      expect(statement.standing.kind, `n.º ${member.number}`).toBe(want.open > 0 ? 'em_atraso' : 'em_dia');
      expect(statement.lines.at(-1)!.balance).toBe(want.open - want.credit);
      // Every payment reads as historical: its receipt was issued back then.
      expect(statement.lines.filter((l) => l.kind === 'payment').every((l) => /^Pagamento \([^,]+, histórico\)$/.test(l.description)), `n.º ${member.number}`).toBe(true);
      const balance = await server.database.db.selectFrom('member_balances').select(['open_total', 'credit']).where('member', '=', ids.get(member.number)!).execute();
      expect(balance.map((b) => [Number(b.open_total), Number(b.credit)])).toEqual([[want.open, want.credit]]);
    }

    const owed = await get<{ rows: { year: number; owed: number; members: number }[]; total: { owed: number; members: number } }>(`/api/reports/owedPerYear?from=${YEARS[0]}&to=${YEARS[2]}`);
    expect(owed.rows.filter((r) => r.owed !== 0)).toEqual(
      [...expected.owedByYear.entries()].sort(([a], [b]) => a - b).map(([year, { owed: amount, members }]) => ({ year, owed: amount, members: members.size })),
    );
    const received = await get<{ totals: { year: number; cash: number; accrual: number }[] }>(`/api/reports/paymentsPerYear?from=${YEARS[0]}&to=${YEARS[2]}`);
    expect(received.totals).toEqual(YEARS.map((year) => ({ year, cash: expected.cashByYear.get(year) ?? 0, accrual: expected.accrualByYear.get(year) ?? 0 })));
  });

  it('changes nothing when the same file comes again', async () => {
    await importHistory();
    const before = await ledgerState(server);
    const again = await importHistory();
    expect(again.checked.summary).toEqual({ create: 0, update: 0, unchanged: 22, duplicate: 0, error: 0 });
    expect(again.result).toMatchObject({ created: 0, unchanged: 22 });
    expect(await ledgerState(server)).toEqual(before);
  });
});

describe('history import: undo', () => {
  it('restores the ledger as it was before the batch', async () => {
    const before = await ledgerState(server);
    const { uploaded } = await importHistory();
    expect(await ledgerState(server)).not.toEqual(before);
    const response = await undo(uploaded.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ kept: 0, state: 'undone' });
    expect(await ledgerState(server)).toEqual(before);
    // Undone, the file may come again and does it all again.
    const again = await importHistory();
    expect(again.checked.summary.create).toBe(22);
  });

  it('refuses with a list when a payment was recorded since on an imported debt, and undoes the rest when asked', async () => {
    const { uploaded } = await importHistory();
    const bruno = ids.get(12)!;
    const today = lisbonDay(server.ctx.now());
    const paid = await server.request({ method: 'POST', url: '/api/payments/record', token, payload: { member: bruno, date: today, amount: 3000, method: 'numerario' } });
    expect(paid.statusCode, paid.body).toBe(200);
    const refused = await undo(uploaded.id);
    expect(refused.statusCode).toBe(409);
    const answer = refused.json<ImportBlockedAnswer>();
    expect(answer.code).toBe('import_blocked');
    const day = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
    expect(answer.blockers.map((b) => [b.resource, b.label, b.reason])).toEqual([
      ['payments', `Pagamento de ${eur(3000)} de Bruno Tavares (n.º 12) em ${day}`, 'Foi registado depois da importação e pagou a dívida importada Quota 2025.'],
    ]);
    const rest = await undo(uploaded.id, true);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data).toMatchObject({ kept: 1, state: 'partly_undone' });
    const db = server.database.db;
    // Bruno's 2025 quota stays, paid by the payment recorded since; everything else of the batch is gone.
    expect(await db.selectFrom('unsettled_payments').select(['member', 'year', 'status']).execute()).toEqual([{ member: bruno, year: 2025, status: 'paid' }]);
    expect(await db.selectFrom('payments').select(['member', 'amount', 'external_id']).execute()).toEqual([{ member: bruno, amount: 3000, external_id: null }]);
  });
});
