import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { check, commit, upload } from './imports-support.js';
import { ledgerState, prepareHistory } from './imports-history-support.js';
import { startTestServer, type TestServer } from './support/server.js';

// The members import's column "Quotas pagas até" (decision 0050): a member brought in with a year
// gets every quota from their admission up to it, each paid by a historical payment; one already
// here gets what their ledger still lacks; the whole is undone with the members batch.

let server: TestServer;
let token: string;

const FILE = 'history-members-paid-up-to.csv';

beforeEach(async () => {
  server = await startTestServer();
  await ensureReferenceData(server.database.db, server.ctx.now(), 'association');
  token = (await server.login(await server.createUser('admin'))).access;
  await prepareHistory(server, token);
});
afterEach(async () => {
  await server.close();
});

async function ledgerOf(number: number) {
  const db = server.database.db;
  const member = await db.selectFrom('members').select('_id').where('number', '=', number).executeTakeFirstOrThrow();
  const debts = await db.selectFrom('unsettled_payments').select(['year', 'amount', 'paid', 'status']).where('member', '=', member._id).orderBy('year').execute();
  const statement = await server.request({ method: 'GET', url: `/api/members/${member._id}/statement`, token });
  expect(statement.statusCode, statement.body).toBe(200);
  const { standing } = statement.json().data as { standing: { kind: string; openTotal: number; credit: number } };
  return { debts: debts.map((d) => [d.year, Number(d.amount), Number(d.paid), d.status]), standing: [standing.kind, standing.openTotal, standing.credit] };
}

describe('members import: Quotas pagas até', () => {
  it('gives each member the ledger of quotas paid up to the year, and the undo takes it away with the members', async () => {
    const before = await ledgerState(server);
    const uploaded = await upload(server, token, FILE);
    expect(uploaded.mapping[String(uploaded.columns.findIndex((c) => c.header === 'Quotas pagas até'))]).toBe('paid_up_to');
    const checked = await check(server, token, uploaded.id, uploaded.mapping);
    expect(checked.rows.map((r) => [r.line, r.outcome, ...r.errors.map((e) => `${e.field}: ${e.message}`)])).toEqual([
      [2, 'create'],
      [3, 'create'],
      // Gabriela is here already, unchanged but for her ledger.
      [4, 'update'],
      [5, 'error', 'paid_up_to: Não há tabela de quotas de 2015 para a categoria Efetivo: crie-a primeiro (num ficheiro de histórico, pode indicar o valor anual na coluna Valor em dívida).'],
    ]);
    expect(checked.rows[2]!.actions).toEqual(['Lança 3 quota(s) de 2023 a 2025', expect.stringMatching(/^Dá como pagas as quotas até 2025: 3 pagamento\(s\) histórico\(s\), 90,00\s€$/)]);
    await commit(server, token, uploaded.id);

    // Helena, admitted in March 2023: her first quota (raised on admission, ten months of twelve) and 2024's, both paid.
    expect(await ledgerOf(21)).toEqual({ debts: [[2023, 2500, 2500, 'paid'], [2024, 3000, 3000, 'paid']], standing: ['em_dia', 0, 0] });
    expect(await ledgerOf(22)).toEqual({ debts: [[2023, 1250, 1250, 'paid'], [2024, 1250, 1250, 'paid'], [2025, 1250, 1250, 'paid']], standing: ['em_dia', 0, 0] });
    expect(await ledgerOf(17)).toEqual({ debts: [[2023, 3000, 3000, 'paid'], [2024, 3000, 3000, 'paid'], [2025, 3000, 3000, 'paid']], standing: ['em_dia', 0, 0] });

    // The same file again: nothing more to raise or pay.
    const again = await upload(server, token, FILE);
    const rechecked = await check(server, token, again.id, again.mapping);
    expect(rechecked.rows.map((r) => r.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged', 'error']);

    const undone = await server.request({ method: 'POST', url: `/api/imports/${uploaded.id}/undo`, token, payload: {} });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await ledgerState(server)).toEqual(before);
    expect(await server.database.db.selectFrom('members').select('number').where('number', 'in', [21, 22]).execute()).toEqual([]);
  });
});
