import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../src/core/contract.js';
import { parseCents, parseDay, parseStatement } from '../../../src/server/modules/collecting/reconciliation-csv.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { DEMO_MULTIBANCO, seedDemoCollecting } from '../../../src/server/seed/demo-collecting.js';
import { mentions } from '../../../src/server/modules/collecting/reconciliation-match.js';
import { startTestServer } from '../support/server.js';

const BOUNDARY = 'reconciliacao';
const LEDGER = ['payments', 'payment_allocations', 'payment_requests', 'reconciliation_imports', 'reconciliation_import_lines', 'files'] as const;

describe('statement parsing (pure)', () => {
  it.each([
    ['12,50', 1250], ['1.234,56', 123_456], ['1 234,56', 123_456], ['12.50', 1250], ['12,5', 1250], ['-3,00', -300], ['€ 7', 700], ['1.234.567', 123_456_700], ['0,10', 10],
  ])('%s is %i cents', (text, cents) => expect(parseCents(text)).toBe(cents));
  it.each(['12,5x', '', '1,234', '12,345', 'abc', '1.2.3,4'])('%s is no amount', (text) => expect(parseCents(text)).toBeNull());
  it.each([
    ['20/11/2026', '2026-11-20'], ['1-2-2026', '2026-02-01'], ['2026-11-20', '2026-11-20'], ['20-11-2026 14:32:00', '2026-11-20'], ['2026-11-20T10:00:00Z', '2026-11-20'],
  ])('%s is %s', (text, day) => expect(parseDay(text)).toBe(day));
  it.each(['31/02/2026', '2026-13-01', 'ontem'])('%s is no date', (text) => expect(parseDay(text)).toBeNull());

  it.each([
    ['TRF SOCIO 12 quota', [12], []],
    ['Quota da sócia nº 7, NIF 123456789', [7], ['123456789']],
    ['Pagamento N.º 45', [45], []],
    ['Transferencia 20/11/2026 de 12,50', [], []],
  ])('"%s" names members %j and NIFs %j', (text, numbers, nifs) => expect(mentions(text)).toEqual({ numbers, nifs }));

  it('reads both shapes, either delimiter, with a BOM and a bank preamble', () => {
    const mb = parseStatement(Buffer.from('\ufeffEntidade;Referência;Valor;Data;ID Transação\n99999;999 000 123;12,50;20/11/2026;T1\n'));
    expect(mb).toEqual({ source: 'multibanco', lines: [{ line: 2, date: '2026-11-20', amount: 1250, entity: '99999', reference: '999000123', description: null, transactionId: 'T1' }] });
    const bank = parseStatement(Buffer.from('Conta,PT50 0002\n\nData Movimento,Descrição,Montante\n2026-11-02,"TRF SOCIO 12, Ana",30.00\n'));
    expect(bank.source).toBe('bank');
    expect(bank.lines).toEqual([{ line: 4, date: '2026-11-02', amount: 3000, entity: null, reference: null, description: 'TRF SOCIO 12, Ana', transactionId: null }]);
  });
});

async function setUp() {
  const server = await startTestServer();
  await ensureReferenceData(server.database.db, server.ctx.now(), 'association');
  await seedDemoCollecting(server.database.db, server.ctx.now());
  const token = async (role: Role, memberId?: number) => (await server.login(await server.createUser(role, { memberId: memberId ?? null }))).access;
  const staff = await token('editor');
  const json = async (method: string, url: string, payload?: unknown, as: string | undefined = staff) => {
    const response = await server.request({ method, url, token: as, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const upload = async (text: string, name = 'extrato.csv') => {
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`;
    const response = await server.request({
      method: 'POST', url: '/api/files?kind=statement', token: staff,
      payload: Buffer.concat([Buffer.from(head), Buffer.from(text), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    return Number(response.json().data._id);
  };
  const state = await server.database.db.selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow();
  const member = async (name: string, nif?: string) => {
    const answer = await json('POST', '/api/members', { dues_exempt: true, name, state: Number(state._id), ...(nif ? { nif } : {}) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return { id: Number(answer.body.data._id), number: Number(answer.body.data.number) };
  };
  let n = 0;
  const debt = async (member: number, amount: number, due: string) => {
    n += 1;
    const answer = await json('POST', '/api/unsettled_payments/raise', { member, kind: 'other', year: 2026, amount, due_date: due, description: `Quota ${n}` });
    expect(answer.status).toBe(200);
    return Number(answer.body.data._id);
  };
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of LEDGER) out[table] = Number((await server.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    out.paid = Number((await server.database.db.selectFrom('payment_requests').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 'paid').executeTakeFirstOrThrow()).n);
    return out;
  };
  return { server, staff, token, json, upload, member, debt, counts };
}

describe('reconciliation import', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(async () => {
    await s?.server.close();
  });

  it('previews line by line without changing anything, confirms exactly the matches, and a second import records nothing', async () => {
    const ana = await s.member('Ana Reconciliada');
    const rui = await s.member('Rui Transferência', '123456789');
    const eva = await s.member('Eva Outra');
    const a1 = await s.debt(ana.id, 1250, '2026-01-31');
    const a2 = await s.debt(ana.id, 800, '2026-02-28');
    const r1 = await s.debt(rui.id, 2000, '2026-01-31');
    const r2 = await s.debt(rui.id, 1500, '2026-02-28');
    await s.debt(rui.id, 900, '2026-03-31');
    const e1 = await s.debt(eva.id, 4000, '2026-01-31');
    const request = await s.json('POST', '/api/payment_requests', { member: ana.id, debts: [a1, a2], method: 'multibanco' });
    expect(request.status).toBe(201);
    const { reference, _id: requestId } = request.body.data;
    const other = await s.json('POST', '/api/payment_requests', { member: eva.id, debts: [e1], method: 'multibanco' });

    const mb = [
      'Entidade;Referência;Valor;Data;ID Transação',
      `${DEMO_MULTIBANCO.entity};${reference};20,50;21/11/2026;TX-1`,
      `${DEMO_MULTIBANCO.entity};${reference};20,50;21/11/2026;TX-1`,
      `${DEMO_MULTIBANCO.entity};999999999;10,00;21/11/2026;TX-2`,
      `${DEMO_MULTIBANCO.entity};${other.body.data.reference};39,99;21/11/2026;TX-3`,
    ].join('\n');
    const bank = ['Data,Descrição,Valor', `22/11/2026,TRF NIF 123456789 quotas,"35,00"`, `22/11/2026,TRF SOCIO ${eva.number},"10,00"`, '23/11/2026,Juros,"0,12"', '23/11/2026,Comissão,"-1,50"'].join('\n');
    const mbFile = await s.upload(mb, 'ifthenpay.csv');
    const bankFile = await s.upload(bank, 'banco.csv');

    const before = await s.counts();
    const preview = await s.json('POST', '/api/reconciliation_imports/preview', { file: mbFile });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.results.map((l: any) => [l.line, l.match?.kind ?? null, l.reason])).toEqual([
      [2, 'payment_request', null],
      [3, null, 'duplicate_line'],
      [4, null, 'unknown_reference'],
      [5, null, 'amount_differs'],
    ]);
    expect(preview.body.data.results[0].match).toEqual({ kind: 'payment_request', request: requestId, member: ana.id, debts: [{ debt: a1, amount: 1250 }, { debt: a2, amount: 800 }] });
    const bankPreview = await s.json('POST', '/api/reconciliation_imports/preview', { file: bankFile });
    expect(bankPreview.body.data.results.map((l: any) => [l.match?.member ?? null, l.reason])).toEqual([[rui.id, null], [null, 'amount_differs'], [null, 'no_member'], [null, 'not_received']]);
    expect(bankPreview.body.data.results[0].match.debts).toEqual([{ debt: r1, amount: 2000 }, { debt: r2, amount: 1500 }]);
    expect(await s.counts()).toEqual(before);

    const confirmed = await s.json('POST', '/api/reconciliation_imports/confirm', { file: mbFile });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.import).toMatchObject({ file_name: 'ifthenpay.csv', source: 'multibanco', lines: 4, recorded: 1, recorded_amount: 2050, unmatched: 3 });
    const bankConfirmed = await s.json('POST', '/api/reconciliation_imports/confirm', { file: bankFile });
    expect(bankConfirmed.body.data.import).toMatchObject({ recorded: 1, recorded_amount: 3500 });
    const after = await s.counts();
    expect(after).toEqual({ ...before, payments: before.payments! + 2, payment_allocations: before.payment_allocations! + 4, reconciliation_imports: before.reconciliation_imports! + 2, reconciliation_import_lines: before.reconciliation_import_lines! + 8, paid: before.paid! + 1 });

    const db = s.server.database.db;
    const allocations = await db.selectFrom('payment_allocations').select(['debt', 'amount']).where('debt', 'in', [a1, a2, r1, r2, e1]).orderBy('debt').execute();
    expect(allocations.map((a) => [Number(a.debt), Number(a.amount)])).toEqual([[a1, 1250], [a2, 800], [r1, 2000], [r2, 1500]]);
    const paidRequest = await s.json('GET', `/api/payment_requests/${requestId}`);
    expect(paidRequest.body.data.state).toBe('paid');
    const payment = await db.selectFrom('payments').selectAll().where('member', '=', rui.id).executeTakeFirstOrThrow();
    expect({ date: payment.date, method: payment.method, external: String(payment.external_id).startsWith('reconciliation:') }).toEqual({ date: '2026-11-22', method: 'transferencia', external: true });

    // What each import did stays to be read: who, when, which file, and every line's outcome.
    const imported = confirmed.body.data.import;
    expect(imported.file_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(imported.created_by).toEqual(expect.any(Number));
    const kept = await s.json('GET', `/api/reconciliation_import_lines?_reconciliation_import=${imported._id}&_sort=line`);
    expect(kept.status).toBe(200);
    expect(kept.body.data.map((l: any) => [l.line, l.amount, l.reference, l.transaction_id, l.member, l.payment_request, l.payment === null ? null : 'payment', l.reason])).toEqual([
      [2, 2050, reference, 'TX-1', ana.id, requestId, 'payment', null],
      [3, 2050, reference, 'TX-1', null, null, null, 'duplicate_line'],
      [4, 1000, '999999999', 'TX-2', null, null, null, 'unknown_reference'],
      [5, 3999, other.body.data.reference, 'TX-3', null, null, null, 'amount_differs'],
    ]);
    expect(kept.body.data[0].payment).toBe(Number((await s.json('GET', `/api/payment_requests/${requestId}`)).body.data.payment));
    expect(kept.body.data[2].message).toBe('Nenhum pedido de pagamento tem esta entidade e referência.');
    const bankKept = await s.json('GET', `/api/reconciliation_import_lines?_reconciliation_import=${bankConfirmed.body.data.import._id}&_sort=line`);
    expect(bankKept.body.data.map((l: any) => [l.member, l.payment, l.reason])).toEqual([[rui.id, Number(payment._id), null], [null, null, 'amount_differs'], [null, null, 'no_member'], [null, null, 'not_received']]);

    // The same statements uploaded again, under any name: refused, nothing recorded twice.
    for (const [text, fileName] of [[mb, 'ifthenpay.csv'], [bank, 'outro-nome.csv']] as const) {
      const again = await s.json('POST', '/api/reconciliation_imports/confirm', { file: await s.upload(text, fileName) });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('conflict');
      expect(again.body.message).toMatch(/^Este extrato já foi importado em \d{2}\/\d{2}\/\d{4} \(«(ifthenpay|banco)\.csv», importação n\.º \d+\)\. Nada foi registado de novo\.$/);
    }
    const final = await s.counts();
    expect({ ...final, files: 0 }).toEqual({ ...after, files: 0 });
    // The very same file once more: already imported.
    const same = await s.json('POST', '/api/reconciliation_imports/confirm', { file: mbFile });
    expect(same.status).toBe(422);
    expect(same.body.errors.file).toBe('Este ficheiro já foi importado.');
    const list = await s.json('GET', '/api/reconciliation_imports');
    expect(list.body.data.length).toBe(2);
  });

  it('refuses a malformed file with a pt-PT 422 and stores nothing', async () => {
    const cases: [string, RegExp][] = [
      ['99999;999000123;12,50;20/11/2026\n', /nomes das colunas/],
      ['Entidade|Referência|Valor|Data\n99999|999000123|12,50|20/11/2026\n', /reconhecer as colunas/],
      ['Entidade;Referência;Valor;Data\n99999;999000123;12,5x;20/11/2026\n', /Linha 2: o valor «12,5x»/],
      ['Data;Descrição;Valor\n31/02/2026;Sócio 1;12,50\n', /Linha 2: a data/],
      ['Data;Descrição;Valor\n', /não tem movimentos/],
    ];
    for (const [text, message] of cases) {
      const file = await s.upload(text);
      const before = await s.counts();
      for (const route of ['preview', 'confirm']) {
        const answer = await s.json('POST', `/api/reconciliation_imports/${route}`, { file });
        expect({ text, route, status: answer.status, code: answer.body.code }).toEqual({ text, route, status: 422, code: 'invalid_record' });
        expect(answer.body.errors.file).toMatch(message);
      }
      expect(await s.counts()).toEqual(before);
    }
    for (const body of [{}, { file: 'x' }, { file: 999_999 }]) {
      for (const route of ['preview', 'confirm']) expect((await s.json('POST', `/api/reconciliation_imports/${route}`, body)).status).toBe(422);
    }
  });

  it('refuses a statement whose bytes are gone from the store with a pt-PT 422, changing nothing', async () => {
    const file = await s.upload('Data;Descrição;Valor\n20/11/2026;Sócio 1;12,50\n');
    const row = await s.server.database.db.selectFrom('files').select('storage_key').where('_id', '=', file).executeTakeFirstOrThrow();
    await s.server.ctx.files.remove(row.storage_key);
    const before = await s.counts();
    for (const route of ['preview', 'confirm']) {
      const answer = await s.json('POST', `/api/reconciliation_imports/${route}`, { file });
      expect({ route, status: answer.status, file: answer.body.errors?.file }).toEqual({ route, status: 422, file: 'O conteúdo deste extrato já não está guardado: envie-o de novo.' });
    }
    expect(await s.counts()).toEqual(before);
  });

  it('refuses members and anonymous callers', async () => {
    const file = await s.upload('Data;Descrição;Valor\n20/11/2026;Sócio 1;12,50\n');
    const { id } = await s.member('Sócia Curiosa');
    const member = await s.token('member', id);
    const before = await s.counts();
    for (const [token, status] of [[member, 403], ['', 401]] as const) {
      for (const route of ['preview', 'confirm']) expect((await s.json('POST', `/api/reconciliation_imports/${route}`, { file }, token)).status).toBe(status);
      expect((await s.json('GET', '/api/reconciliation_imports', undefined, token)).status).toBe(status);
      expect((await s.json('GET', '/api/reconciliation_import_lines', undefined, token)).status).toBe(status);
    }
    expect(await s.counts()).toEqual(before);
  });
});
