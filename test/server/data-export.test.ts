import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataExportRun } from '../../src/core/contract.js';
import { loose } from '../../src/server/db/database.js';
import { StoredFileMissing } from '../../src/server/files/store.js';
import type { ExportManifest } from '../../src/server/modules/data-export/manifest.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { multipart, pdfOf } from './member-files/support.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let admin = '';
let editor = '';
let member = '';
let pdf: Buffer;
let png: Buffer;
const uploaded: Record<string, number> = {};

/** UTF-8 text with its byte-order mark kept (TextDecoder, as fflate's strFromU8, drops it). */
const strFromU8 = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const call = (method: string, url: string, token?: string) => server.request({ method, url, ...(token ? { token } : {}) });

async function upload(bytes: Buffer, filename: string, type: string): Promise<number> {
  const response = await server.request({ method: 'POST', url: '/api/files', token: admin, ...multipart([{ name: 'file', filename, type, bytes }]) });
  expect(response.statusCode, response.body).toBe(201);
  return Number(response.json().data._id);
}

async function create(resource: string, body: object): Promise<number> {
  const response = await server.request({ method: 'POST', url: `/api/${resource}`, token: admin, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return Number(response.json().data._id);
}

/** Starts an export as the administrator, runs the jobs, and answers the zip's entries. */
async function exportAll(): Promise<{ job: number; entries: Record<string, Uint8Array> }> {
  const started = await call('POST', '/api/data_exports', admin);
  expect(started.statusCode, started.body).toBe(202);
  const job = Number(started.json().data.job._id);
  await server.app.jobs.tick();
  const address = await call('GET', `/api/data_exports/${job}`, admin);
  expect(address.statusCode, address.body).toBe(200);
  const content = await call('GET', address.json().data.url, admin);
  expect(content.statusCode).toBe(200);
  expect(content.headers['content-type']).toBe('application/zip');
  return { job, entries: unzipSync(new Uint8Array(content.rawPayload)) };
}

const manifestOf = (entries: Record<string, Uint8Array>) => JSON.parse(strFromU8(entries['manifest.json']!)) as ExportManifest;
const tableCount = async (table: string) => Number((await loose(server.database.db).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login(await server.createUser('admin'))).access;
  editor = (await server.login(await server.createUser('editor'))).access;
  member = (await server.login(await server.createUser('member'))).access;
  await ensureReferenceData(server.database.db, server.ctx.now(), 'association');
  const state = Number((await server.database.db.selectFrom('member_states').select('_id').orderBy('_id').executeTakeFirstOrThrow())._id);
  await create('members', { name: 'Ana Lúcia; "a Tesoureira"', state, dues_exempt: true, notes: 'Só para os serviços' });
  await create('members', { name: 'Bruno Sá', state, dues_exempt: true });
  const category = await create('fee_categories', { name: 'Efetivo' });
  await create('fee_schedules', { year: 2026, category, amount: 2450, periodicity: 'annual', due_day: 31 });
  pdf = pdfOf(3000);
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 60 } } }).png().toBuffer();
  uploaded.pdf = await upload(pdf, 'Ata da assembleia.pdf', 'application/pdf');
  uploaded.png = await upload(png, 'logótipo.png', 'image/png');
});
afterAll(async () => {
  await server?.close();
});

describe('who may export', () => {
  it('refuses staff who are not administrators, members and anonymous callers', async () => {
    for (const [token, status] of [[editor, 403], [member, 403], [undefined, 401]] as const) {
      expect((await call('POST', '/api/data_exports', token)).statusCode).toBe(status);
      expect((await call('GET', '/api/data_exports', token)).statusCode).toBe(status);
      expect((await call('GET', '/api/data_exports/1', token)).statusCode).toBe(status);
    }
    expect(await server.database.db.selectFrom('jobs').select('_id').where('name', '=', 'data.export').execute()).toEqual([]);
  });
});

describe('the whole export', () => {
  let entries: Record<string, Uint8Array>;
  let manifest: ExportManifest;
  let job: number;

  beforeAll(async () => {
    ({ job, entries } = await exportAll());
    manifest = manifestOf(entries);
  });

  it('holds every resource as CSV and JSON, with the counts of the database', async () => {
    const names = manifest.resources.map((r) => r.name);
    // Every resource an administrator reads, the engine's own (audit trail, jobs) included.
    for (const name of ['members', 'member_states', 'users', 'api_secrets', 'settings', 'fee_categories', 'fee_schedules', 'payments', 'audit_log', 'jobs']) expect(names).toContain(name);
    for (const resource of manifest.resources) {
      const csv = strFromU8(entries[resource.csv]!);
      const json = JSON.parse(strFromU8(entries[resource.json]!)) as unknown[];
      expect(csv.startsWith('\uFEFF'), resource.name).toBe(true);
      expect(json.length, resource.name).toBe(resource.count);
      // The export's own job row was written before it ran: the jobs table may since hold more.
      if (resource.name !== 'jobs' && resource.name !== 'audit_log') expect(resource.count, resource.name).toBe(await tableCount(resource.name));
      const lines = csv.slice(1).split('\r\n');
      expect(lines.pop()).toBe('');
      expect(lines.length, resource.name).toBe(resource.csvRows + 1);
    }
    expect(manifest.resources.find((r) => r.name === 'members')!.count).toBe(2);
  });

  it('writes CSV for Excel in Portuguese: labels, semicolons, decimal commas, quoted text', async () => {
    const members = strFromU8(entries['csv/members.csv']!).slice(1).split('\r\n');
    expect(members[0]!.split(';')).toEqual(expect.arrayContaining(['Identificador', 'Nome', 'Notas']));
    expect(members.some((line) => line.includes('"Ana Lúcia; ""a Tesoureira"""'))).toBe(true);
    expect(members.some((line) => line.includes('Só para os serviços'))).toBe(true);
    expect(strFromU8(entries['csv/fee_schedules.csv']!)).toContain(';24,50;');
    const schedules = JSON.parse(strFromU8(entries['json/fee_schedules.json']!)) as { amount: number }[];
    expect(schedules.map((s) => s.amount)).toEqual([2450]);
  });

  it('leaves out every secret: no password, key or token hashes', async () => {
    const text = Object.entries(entries)
      .filter(([name]) => name.startsWith('json/') || name.startsWith('csv/'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    for (const column of ['password_hash', 'secret_hash', 'token_version', 'totp', 'storage_key']) expect(text).not.toContain(column);
    const users = JSON.parse(strFromU8(entries['json/users.json']!)) as Record<string, unknown>[];
    expect(users.length).toBe(await tableCount('users'));
    for (const user of users) expect(Object.keys(user)).not.toContain('password');
  });

  it('holds the stored files byte for byte, and lists which record holds each', async () => {
    const byId = (id: number) => Object.entries(entries).find(([name]) => name.startsWith(`files/${id}-`));
    expect(Buffer.from(byId(uploaded.pdf!)![1]).equals(pdf)).toBe(true);
    expect(byId(uploaded.pdf!)![0]).toBe(`files/${uploaded.pdf}-Ata-da-assembleia.pdf`);
    expect(Buffer.from(byId(uploaded.png!)![1]).equals(png)).toBe(true);
    expect(manifest.files.count).toBe(2);
    expect(manifest.files.bytes).toBe(pdf.length + png.length);
    const list = JSON.parse(strFromU8(entries['json/files.json']!)) as { _id: number; path: string; sha256: string }[];
    expect(list.map((f) => f._id)).toEqual([uploaded.pdf, uploaded.png]);
    for (const file of list) expect(sha256(entries[file.path]!)).toBe(file.sha256);
  });

  it('hashes every entry in the manifest', () => {
    const listed = new Map(manifest.entries.map((e) => [e.path, e]));
    expect([...listed.keys()].sort()).toEqual(Object.keys(entries).filter((name) => name !== 'manifest.json').sort());
    for (const [name, bytes] of Object.entries(entries)) {
      if (name === 'manifest.json') continue;
      expect(listed.get(name)!.sha256, name).toBe(sha256(bytes));
      expect(listed.get(name)!.size, name).toBe(bytes.length);
    }
  });

  it('is audited: who asked for it and who took its address', async () => {
    const audit = await server.database.db.selectFrom('audit_log').select(['action', 'actor_kind', 'record_id']).where('resource', '=', 'data_exports').orderBy('_id').execute();
    expect(audit.map((a) => [a.action, a.actor_kind, Number(a.record_id)])).toEqual([
      ['export', 'user', job],
      ['download', 'user', job],
    ]);
  });

  it('lists the last exports for administrators, done with its size', async () => {
    const list = await call('GET', '/api/data_exports', admin);
    expect(list.statusCode).toBe(200);
    const [last] = list.json().data as DataExportRun[];
    expect(last).toMatchObject({ _id: job, state: 'done' });
    expect(last!.size).toBeGreaterThan(pdf.length);
    expect(last!.requestedBy).not.toBeNull();
  });

  it("keeps the zip from staff who are not administrators, even asked for by the file's id", async () => {
    const row = await server.database.db.selectFrom('jobs').select('result').where('_id', '=', job).executeTakeFirstOrThrow();
    const file = (JSON.parse(String(row.result)) as { file: number }).file;
    expect((await call('GET', `/api/files/${file}/url`, editor)).statusCode).toBe(403);
    expect((await call('GET', `/api/files/${file}/url`, admin)).statusCode).toBe(200);
    // Other stored files stay the staff's, as before.
    expect((await call('GET', `/api/files/${uploaded.pdf}/url`, editor)).statusCode).toBe(200);
  });

  it('does not put an earlier export inside the next', async () => {
    const again = await exportAll();
    const next = manifestOf(again.entries);
    expect(next.files.count).toBe(2);
    expect(Object.keys(again.entries).filter((name) => name.startsWith('files/'))).toEqual(Object.keys(entries).filter((name) => name.startsWith('files/')));
  });
});

describe('a file whose bytes are gone from the store', () => {
  it('is named in the manifest as missing, listed without a path, and the export still finishes', async () => {
    const lost = await upload(pdfOf(5000), 'Perdido.pdf', 'application/pdf');
    const { storage_key: key } = await server.database.db.selectFrom('files').select('storage_key').where('_id', '=', lost).executeTakeFirstOrThrow();
    // The bytes removed behind the row's back (a disk restored without them, a bucket emptied by hand).
    await server.ctx.files.remove(key);
    await expect(server.ctx.files.open(key)).rejects.toBeInstanceOf(StoredFileMissing);

    const { job, entries } = await exportAll();
    const row = await server.database.db.selectFrom('jobs').select('state').where('_id', '=', job).executeTakeFirstOrThrow();
    expect(row.state).toBe('done');
    const manifest = manifestOf(entries);
    expect(manifest.files.missing).toEqual([lost]);
    expect(manifest.files.count).toBe(2);
    expect(Object.keys(entries).filter((name) => name.startsWith(`files/${lost}-`))).toEqual([]);
    const list = JSON.parse(strFromU8(entries['json/files.json']!)) as { _id: number; path: string | null }[];
    expect(list.find((file) => file._id === lost)).toMatchObject({ path: null });
    expect(list.filter((file) => file.path !== null).map((file) => file._id)).toEqual([uploaded.pdf, uploaded.png]);
  });
});
