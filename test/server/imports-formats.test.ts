import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { check, commit, fixture, membersByNumber, prepareOrganisation, upload } from './imports-support.js';
import { multipart } from './member-files/support.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let token: string;

beforeEach(async () => {
  server = await startTestServer();
  await ensureReferenceData(server.database.db, server.ctx.now(), 'association');
  token = (await server.login(await server.createUser('admin'))).access;
  await prepareOrganisation(server, token);
});
afterEach(async () => {
  await server.close();
});

describe('members import: formats and mappings', () => {
  it('reads the XLSX as the CSV: the same judgement, and the members one commits are the ones the other finds unchanged', async () => {
    const csv = await upload(server, token, 'socios-excel.csv');
    const xlsx = await upload(server, token, 'socios-excel.xlsx');
    expect(xlsx.columns.map((c) => c.header)).toEqual(csv.columns.map((c) => c.header));
    expect(xlsx.mapping).toEqual(csv.mapping);
    const fromCsv = await check(server, token, csv.id, csv.mapping);
    const fromXlsx = await check(server, token, xlsx.id, xlsx.mapping);
    expect(fromXlsx).toEqual(fromCsv);
    await commit(server, token, xlsx.id);
    const again = await upload(server, token, 'socios-excel.csv');
    expect((await check(server, token, again.id, again.mapping)).summary).toEqual({ create: 0, update: 0, unchanged: 30, duplicate: 0, error: 0 });
  });

  it("maps Galette's export by itself, joins first and last name, and takes a category for every row from the defaults", async () => {
    const uploaded = await upload(server, token, 'galette-export.csv');
    const byHeader = Object.fromEntries(uploaded.columns.map((c) => [c.header, uploaded.mapping[String(c.index)]]));
    expect(byHeader).toEqual({
      id_adh: null, id_statut: null, nom_adh: 'name', prenom_adh: 'name', pseudo_adh: null, titre_adh: null, ddn_adh: 'birth_date', sexe_adh: null,
      adresse_adh: 'address', cp_adh: 'postal_code', ville_adh: 'locality', pays_adh: 'country', tel_adh: null, gsm_adh: 'phone', email_adh: 'email',
      info_adh: 'notes', date_crea_adh: 'admission_date', activite_adh: null, bool_exempt_adh: 'dues_exempt', num_adh: 'number',
    });
    // Without a category, the members who are not exempt are refused by the dues terms rule, with its words.
    const bare = await check(server, token, uploaded.id, uploaded.mapping);
    expect(bare.summary).toEqual({ create: 2, update: 0, unchanged: 0, duplicate: 0, error: 6 });
    expect(bare.rows.find((r) => r.outcome === 'error')!.errors).toEqual([{ field: 'fee_category', message: 'Indique a categoria de quota, ou marque o sócio como isento de quotas.' }]);

    const withCategory = await check(server, token, uploaded.id, uploaded.mapping, { fee_category: 'Efetivo' });
    expect(withCategory.summary).toEqual({ create: 8, update: 0, unchanged: 0, duplicate: 0, error: 0 });
    await commit(server, token, uploaded.id);
    const members = await membersByNumber(server);
    expect(members.get(201)).toMatchObject({ name: 'Rosa Maria Carvalho', birth_date: '1961-04-12', postal_code: '1200-242', phone: '+351912000111', dues_exempt: 1, admission_date: '2015-01-10', notes: 'Presidente' });
    expect(members.get(202)).toMatchObject({ name: 'Manuel Teixeira', dues_exempt: 0 });

    // The next upload of this kind is offered the mapping and defaults kept from this one.
    const next = await upload(server, token, 'galette-export.csv');
    expect(next.mapping).toEqual(uploaded.mapping);
    expect(next.defaults).toEqual({ fee_category: 'Efetivo' });
  });

  it('keeps a mapping changed by hand for the next file with those headers', async () => {
    const first = await upload(server, token, 'socios-excel.csv');
    const notes = first.columns.find((c) => c.header === 'Observações')!.index;
    const locality = first.columns.find((c) => c.header === 'Localidade')!.index;
    await check(server, token, first.id, { ...first.mapping, [String(notes)]: null, [String(locality)]: 'address' });
    const second = await upload(server, token, 'socios-excel.csv');
    expect(second.mapping[String(notes)]).toBeNull();
    expect(second.mapping[String(locality)]).toBe('address');
  });

  it('refuses a mapping without a column for Nome, or with two columns in one single-value field, in pt-PT', async () => {
    const uploaded = await upload(server, token, 'socios-excel.csv');
    const name = uploaded.columns.find((c) => c.header === 'Nome')!.index;
    const nif = uploaded.columns.find((c) => c.header === 'NIF')!.index;
    const noName = await server.request({ method: 'POST', url: `/api/imports/${uploaded.id}/check`, token, payload: { mapping: { ...uploaded.mapping, [String(name)]: null } } });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.mapping).toBe('Escolha a coluna de «Nome».');
    const twice = await server.request({ method: 'POST', url: `/api/imports/${uploaded.id}/check`, token, payload: { mapping: { ...uploaded.mapping, [String(nif)]: 'number' } } });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.mapping).toBe('O campo «Número» só pode ser preenchido por uma coluna.');
  });

  it('refuses what is no spreadsheet, and an empty one, saying so', async () => {
    const bad = async (bytes: Buffer) => {
      const response = await server.request({ method: 'POST', url: '/api/imports', token, ...multipart([{ name: 'kind', value: 'members' }, { name: 'file', filename: 'x.csv', type: 'text/csv', bytes }]) });
      return { status: response.statusCode, message: response.json().message as string };
    };
    expect(await bad(Buffer.from(''))).toEqual({ status: 400, message: 'Falta o ficheiro: envie-o no campo "file".' });
    expect(await bad(Buffer.from('\r\n;;\r\n'))).toEqual({ status: 400, message: 'O ficheiro está vazio.' });
    expect(await bad(Buffer.concat([Buffer.from('PK\u0003\u0004'), fixture('socios-excel.csv')]))).toMatchObject({ status: 400, message: expect.stringMatching(/^Não foi possível ler o ficheiro Excel/) });
  });
});

describe('members import: who may', () => {
  it('is refused to members (403) and to anyone signed out (401), and a member sees no batch', async () => {
    const admin = await upload(server, token, 'socios-excel.csv');
    const member = (await server.login(await server.createUser('member'))).access;
    const form = multipart([{ name: 'kind', value: 'members' }, { name: 'file', filename: 'a.csv', type: 'text/csv', bytes: fixture('socios-excel.csv') }]);
    expect((await server.request({ method: 'POST', url: '/api/imports', token: member, ...form })).statusCode).toBe(403);
    expect((await server.request({ method: 'POST', url: '/api/imports', ...form })).statusCode).toBe(401);
    for (const [method, url] of [['GET', `/api/imports/${admin.id}`], ['POST', `/api/imports/${admin.id}/check`], ['POST', `/api/imports/${admin.id}/commit`], ['POST', `/api/imports/${admin.id}/undo`], ['GET', `/api/imports/${admin.id}/report.csv`]] as const) {
      expect((await server.request({ method, url, token: member, ...(method === 'POST' ? { payload: {} } : {}) })).statusCode, `${method} ${url}`).toBe(403);
    }
    const editor = (await server.login(await server.createUser('editor'))).access;
    expect((await server.request({ method: 'GET', url: '/api/imports', token: editor })).json().data).toHaveLength(1);
  });
});
