import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { check, commit, fixture, membersByNumber, prepareOrganisation, snapshot, upload } from './imports-support.js';
import { recordingStatements } from './support/statement-recorder.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let token: string;

/** Members the association already keeps, each found by a different key of the Excel file's rows. */
async function existingMembers(): Promise<Record<string, number>> {
  const db = server.database.db;
  const category = Number((await db.selectFrom('fee_categories').select('_id').where('name', '=', 'Efetivo').executeTakeFirstOrThrow())._id);
  const active = Number((await db.selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow())._id);
  const create = async (body: Record<string, unknown>) => {
    const response = await server.request({ method: 'POST', url: '/api/members', token, payload: { state: active, fee_category: category, ...body } });
    expect(response.statusCode, response.body).toBe(201);
    return Number(response.json().data._id);
  };
  return {
    // João (102 in the file): same NIF, another number, an old locality.
    byNif: await create({ number: 50, name: 'João Pereira', nif: '198765436', locality: 'Gaia', admission_date: '2011-02-15' }),
    // Maria (103): the same number, no NIF yet, another e-mail.
    byNumber: await create({ number: 103, name: 'Maria Inês Araújo', email: 'maria@antigo.pt', admission_date: '2012-03-10' }),
    // Inês (111): only her e-mail, typed in capitals.
    byEmail: await create({ number: 900, name: 'Inês Guimarães', email: 'INES.GUIMARAES@EXEMPLO.PT', admission_date: '2016-09-09' }),
  };
}

beforeEach(async () => {
  server = await startTestServer();
  await ensureReferenceData(server.database.db, server.ctx.now(), 'association');
  token = (await server.login(await server.createUser('admin'))).access;
  await prepareOrganisation(server, token);
});
afterEach(async () => {
  await server.close();
});

describe('members import: check', () => {
  it('suggests the mapping from the Portuguese headers and judges every row, writing nothing', async () => {
    const existing = await existingMembers();
    const uploaded = await upload(server, token, 'socios-excel.csv');
    expect(uploaded.rowCount).toBe(30);
    const byHeader = Object.fromEntries(uploaded.columns.map((c) => [c.header, uploaded.mapping[String(c.index)]]));
    expect(byHeader).toEqual({
      'N.º de sócio': 'number', Nome: 'name', NIF: 'nif', Telemóvel: 'phone', 'E-mail': 'email', 'Data de nascimento': 'birth_date', Morada: 'address',
      'Código Postal': 'postal_code', Localidade: 'locality', País: 'country', 'Data de admissão': 'admission_date', Categoria: 'fee_category', Estado: 'state',
      Etiquetas: 'tags', 'Valor da quota (€)': null, 'Isento de quotas': 'dues_exempt', Observações: 'notes',
    });
    // The Windows-1252 bytes read as the accents they are.
    expect(uploaded.columns[1]!.samples).toEqual(['Ana Sofia Gonçalves', 'João Conceição Pereira', 'Maria Inês Araújo']);

    const before = await snapshot(server);
    const result = await check(server, token, uploaded.id, uploaded.mapping);
    expect(await snapshot(server)).toEqual(before);
    expect(result.summary).toEqual({ create: 27, update: 3, unchanged: 0, duplicate: 0, error: 0 });
    const updates = result.rows.filter((r) => r.outcome === 'update').map((r) => ({ line: r.line, id: r.member!.id, by: r.matchedBy }));
    expect(updates).toEqual([
      { line: 3, id: existing.byNif, by: 'nif' },
      { line: 4, id: existing.byNumber, by: 'number' },
      { line: 12, id: existing.byEmail, by: 'email' },
    ]);
    expect(result.rows.find((r) => r.line === 3)!.changes).toEqual(expect.arrayContaining(['number', 'locality', 'phone', 'email']));
  });

  it('reports every bad row with its field and reason, and the report CSV carries them in a column', async () => {
    const expected = JSON.parse(fixture('socios-erros.expected.json').toString('utf8')) as Record<string, { outcome: string; field?: string }>;
    const uploaded = await upload(server, token, 'socios-erros.csv');
    const before = await snapshot(server);
    const result = await check(server, token, uploaded.id, uploaded.mapping);
    expect(await snapshot(server)).toEqual(before);
    const got = Object.fromEntries(result.rows.map((r) => [String(r.line), { outcome: r.outcome, ...(r.errors[0] ? { field: r.errors[0].field } : {}) }]));
    expect(got).toEqual(expected);
    for (const row of result.rows.filter((r) => r.outcome !== 'create')) {
      expect(row.errors.length, `line ${row.line}`).toBeGreaterThan(0);
      for (const error of row.errors) expect(error.message, `line ${row.line}`).toMatch(/^[A-ZÀ-Ú«]/);
    }
    expect(result.summary).toEqual({ create: 1, update: 0, unchanged: 0, duplicate: 2, error: 18 });

    const report = await server.request({ method: 'GET', url: `/api/imports/${uploaded.id}/report.csv`, token });
    expect(report.statusCode).toBe(200);
    const lines = report.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/;Resultado;Erros$/);
    expect(lines).toHaveLength(22);
    expect(lines[1]).toContain('NIF: NIF inválido');
    expect(lines[21]).toContain('Repetida no ficheiro');

    const errors = await server.request({ method: 'GET', url: `/api/imports/${uploaded.id}/rows?outcome=error`, token });
    expect(errors.json().data.total).toBe(18);
  });
  it('names the member a row looks like, by the duplicate guard\'s rules, and still creates the rows that look like no one', async () => {
    const db = server.database.db;
    const category = Number((await db.selectFrom('fee_categories').select('_id').where('name', '=', 'Efetivo').executeTakeFirstOrThrow())._id);
    const active = Number((await db.selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow())._id);
    for (const body of [
      { number: 10, name: 'Rita Sousa Lima', birth_date: '1990-05-05' },
      { number: 11, name: 'Bruno Teles', email: 'bruno.teles@exemplo.pt' },
      { number: 20, name: 'Carla Meireles' },
    ]) {
      const response = await server.request({ method: 'POST', url: '/api/members', token, payload: { state: active, fee_category: category, admission_date: '2015-01-10', ...body } });
      expect(response.statusCode, response.body).toBe(201);
    }
    const csv = [
      'N.º de sócio;Nome;E-mail;Data de nascimento;Data de admissão;Categoria;Estado',
      // A new member with Rita's name (another case) and birth date.
      '500;RITA SOUSA LIMA;;05/05/1990;01/02/2026;Efetivo;Ativo',
      // Carla (by her number) given Bruno's e-mail.
      '20;Carla Meireles;Bruno.Teles@exemplo.pt;;15/01/2015;Efetivo;Ativo',
      '501;Diogo Matos Vale;diogo@exemplo.pt;07/07/1977;01/02/2026;Efetivo;Ativo',
    ].join('\r\n');
    const uploaded = await upload(server, token, 'parecidos.csv', Buffer.from(`\ufeff${csv}\r\n`));
    const result = await check(server, token, uploaded.id, uploaded.mapping);
    expect(result.rows.map((r) => ({ line: r.line, outcome: r.outcome, errors: r.errors }))).toEqual([
      { line: 2, outcome: 'error', errors: [{ field: 'name', message: 'Já existe um sócio com o mesmo nome e data de nascimento: n.º 10, Rita Sousa Lima.' }] },
      { line: 3, outcome: 'error', errors: [{ field: 'email', message: 'O e-mail Bruno.Teles@exemplo.pt já é do sócio n.º 11, Bruno Teles.' }] },
      { line: 4, outcome: 'create', errors: [] },
    ]);
  });
  it('refuses a row that takes another member\'s number, reading the chunk\'s categories, states and numbers once and not row by row', async () => {
    const existing = await existingMembers();
    const category = Number((await server.database.db.selectFrom('fee_categories').select('_id').where('name', '=', 'Efetivo').executeTakeFirstOrThrow())._id);
    const active = Number((await server.database.db.selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow())._id);
    // The number the file gives João (found by his NIF) already belongs to someone else.
    const holder = await server.request({ method: 'POST', url: '/api/members', token, payload: { number: 102, name: 'Tomás Vidal', state: active, fee_category: category, admission_date: '2018-01-01' } });
    expect(holder.statusCode, holder.body).toBe(201);
    const uploaded = await upload(server, token, 'socios-excel.csv');

    const database = server.ctx.database;
    const plain = database.db;
    const recording = recordingStatements(plain);
    database.db = recording.db;
    let result: Awaited<ReturnType<typeof check>>;
    try {
      result = await check(server, token, uploaded.id, uploaded.mapping);
    } finally {
      database.db = plain;
    }
    const joao = result.rows.find((r) => r.line === 3)!;
    expect(joao).toMatchObject({ outcome: 'error', member: { id: existing.byNif }, errors: [{ field: 'number', message: 'Já existe um registo com este valor.' }] });
    expect(result.summary).toEqual({ create: 27, update: 2, unchanged: 0, duplicate: 0, error: 1 });

    // 30 rows, one chunk: each category (Efetivo, Juvenil, Honorário) and state (Ativo, Suspenso)
    // the file names is read once, not once per row; no member number is read on its own.
    const reads = (pattern: RegExp) => recording.statements.filter((s) => pattern.test(s.sql)).length;
    expect(reads(/^select "_id" from "fee_categories" where "_id" in/)).toBe(3);
    expect(reads(/^select "_id" from "member_states" where "_id" in/)).toBe(2);
    expect(reads(/^select "_id" from "members" where "number" =/)).toBe(0);
  });
});

describe('members import: commit', () => {
  it('creates and updates exactly what the check said, names the batch in the audit trail, and a second run changes nothing', async () => {
    const existing = await existingMembers();
    const uploaded = await upload(server, token, 'socios-excel.csv');
    const checked = await check(server, token, uploaded.id, uploaded.mapping);
    const before = await membersByNumber(server);
    const result = await commit(server, token, uploaded.id);
    expect(result).toEqual({ created: 27, updated: 3, unchanged: 0, skipped: 0, failures: [] });
    const after = await membersByNumber(server);
    expect(after.size).toBe(before.size + 27);
    for (const number of [101, 102, 103, 111, 130]) expect(after.has(number), `member ${number}`).toBe(true);
    // The updated ones keep their ids and took the file's values, normalised as the form does.
    const joao = after.get(102)!;
    expect(joao).toMatchObject({ nif: '198765436', locality: 'Porto', phone: '+351934567890', email: 'joao.pereira@exemplo.pt', postal_code: '4000-322', birth_date: '1972-07-01' });
    expect((await server.database.db.selectFrom('members').select('_id').where('number', '=', 102).executeTakeFirstOrThrow())._id).toBe(existing.byNif);
    const honorary = after.get(104)!;
    expect(honorary).toMatchObject({ dues_exempt: 1, phone: '+351213456789' });
    expect(after.get(108)!.tags).toHaveLength(2);

    const changes = await server.database.db.selectFrom('import_batch_changes').select(['action']).where('batch_id', '=', uploaded.id).execute();
    expect(changes.filter((c) => c.action === 'created')).toHaveLength(checked.summary.create);
    expect(changes.filter((c) => c.action === 'updated')).toHaveLength(checked.summary.update);
    const audit = await server.database.db.selectFrom('audit_log').select(['action', 'changes']).where('resource', '=', 'members').where('action', '=', 'import').execute();
    expect(audit).toHaveLength(30);
    expect(JSON.parse(String(audit[0]!.changes)).import_batch).toEqual([null, uploaded.id]);

    // The same batch again: the same job, nothing more.
    const again = await server.request({ method: 'POST', url: `/api/imports/${uploaded.id}/commit`, token });
    expect(again.statusCode).toBe(202);
    await server.app.jobs.tick();
    expect(await membersByNumber(server)).toEqual(after);

    // The same file in a new batch: every row unchanged, and its commit writes nothing.
    const second = await upload(server, token, 'socios-excel.csv');
    const rechecked = await check(server, token, second.id, second.mapping);
    expect(rechecked.summary).toEqual({ create: 0, update: 0, unchanged: 30, duplicate: 0, error: 0 });
    const unchanged = await snapshot(server, ['members', 'member_tags', 'unsettled_payments']);
    expect(await commit(server, token, second.id)).toEqual({ created: 0, updated: 0, unchanged: 30, skipped: 0, failures: [] });
    expect(await snapshot(server, ['members', 'member_tags', 'unsettled_payments'])).toEqual(unchanged);
  });
});
