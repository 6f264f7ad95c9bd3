import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueUploadToken, UPLOAD_TOKEN_LIFETIME_MS } from '../../../src/server/modules/member-files/upload-token.js';
import { moveApplicationFilesToMember } from '../../../src/server/modules/member-files/move.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import type { BusEvent } from '../../../src/server/realtime/bus.js';
import { startTestServer, type TestServer, type TestUser } from '../support/server.js';
import { countRows, forgetFiles, multipart, pdfOf, storedFiles, type Part } from './support.js';

let server: TestServer;
let admin = '';
let memberToken = '';
let adminUser: TestUser;
let memberUser: TestUser;

async function newApplication(state = 'submitted'): Promise<number> {
  const stamp = new Date(server.ctx.now()).toISOString();
  const row = await server.database.db
    .insertInto('member_applications')
    .values({ created_at: stamp, updated_at: stamp, name: 'Maria Candidata', state })
    .returning('_id')
    .executeTakeFirstOrThrow();
  return Number(row._id);
}

async function newMember(): Promise<number> {
  const state = await server.database.db.selectFrom('member_states').select('_id').orderBy('_id').executeTakeFirstOrThrow();
  const response = await server.request({ method: 'POST', url: '/api/members', token: admin, payload: { dues_exempt: true, name: 'Maria Candidata', state: state._id } });
  return Number(response.json().data._id);
}

const photo = () => sharp({ create: { width: 300, height: 400, channels: 3, background: '#884422' } }).jpeg().toBuffer();
const photoParts = async (applicationId: number): Promise<Part[]> => [{ name: 'memberApplicationID', value: String(applicationId) }, { name: 'file', filename: 'eu.jpg', type: 'image/jpeg', bytes: await photo() }];
const docParts = (applicationId: number): Part[] => [{ name: 'memberApplicationID', value: String(applicationId) }, { name: 'file', filename: 'cc.pdf', type: 'application/pdf', bytes: pdfOf(900) }];

const send = (url: string, parts: Part[], auth: { token?: string; uploadToken?: string }) =>
  server.request({
    method: 'POST',
    url,
    ...(auth.token ? { token: auth.token } : {}),
    ...multipart(parts),
    headers: { ...multipart(parts).headers, ...(auth.uploadToken ? { 'x-upload-token': auth.uploadToken } : {}) },
  });

async function expectNothingStored() {
  expect(await countRows(server, 'member_files')).toBe(0);
  expect(await countRows(server, 'files')).toBe(0);
  expect(await storedFiles(server)).toEqual([]);
}

beforeAll(async () => {
  server = await startTestServer();
  await ensureReferenceData(server.database.db, server.ctx.now());
  adminUser = await server.createUser('admin');
  admin = (await server.login(adminUser)).access;
  memberUser = await server.createUser('member', { memberId: await newMember() });
});
// A test moves the clock past an upload token's hour: every test signs in afresh.
beforeEach(async () => {
  admin = (await server.login(adminUser)).access;
  memberToken = (await server.login(memberUser)).access;
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => forgetFiles(server));

describe("an application's photo and documents from the public form", () => {
  it('the browser that sent the application uploads with its token; staff then see them', async () => {
    const id = await newApplication();
    const uploadToken = await issueUploadToken(server.database.db, id, server.ctx.now());
    const uploaded = await send('/api/member_application_photos', await photoParts(id), { uploadToken });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    // The public gets no address of the stored photo: it already shows its own crop.
    expect(uploaded.json().data).toEqual({ _id: expect.any(Number), url: null, thumbUrl: null });
    const docs = await send('/api/pdf_documents', docParts(id), { uploadToken });
    expect(docs.statusCode, docs.body).toBe(201);

    const photos = await server.request({ method: 'GET', url: `/api/member_applications/${id}/member_application_photos`, token: admin });
    expect(photos.json().data).toEqual([expect.objectContaining({ _id: uploaded.json().data._id, width: 300, height: 400 })]);
    const listed = await server.request({ method: 'GET', url: `/api/member_applications/${id}/pdf_documents`, token: admin });
    expect(listed.json().data).toEqual([expect.objectContaining({ originalName: 'cc.pdf', size: 900 })]);
    const uploader = await server.database.db.selectFrom('files').select(['uploaded_by_kind', 'uploaded_by', 'owner_resource', 'owner_record']).execute();
    expect(new Set(uploader.map((f) => JSON.stringify(f)))).toEqual(new Set([JSON.stringify({ uploaded_by_kind: 'applicant', uploaded_by: id, owner_resource: 'member_applications', owner_record: id })]));
    // The public never lists them, with or without the token.
    expect((await server.request({ method: 'GET', url: `/api/member_applications/${id}/member_application_photos`, headers: { 'x-upload-token': uploadToken } })).statusCode).toBe(401);
    expect((await server.request({ method: 'GET', url: `/api/member_applications/${id}/pdf_documents`, token: memberToken })).statusCode).toBe(403);
  });

  it("a token of another application, a forged one, an expired one, or none: refused, nothing stored", async () => {
    const id = await newApplication();
    const other = await newApplication();
    const ofOther = await issueUploadToken(server.database.db, other, server.ctx.now());
    const refusals = [
      [await send('/api/member_application_photos', await photoParts(id), { uploadToken: ofOther }), 403],
      [await send('/api/member_application_photos', await photoParts(id), { uploadToken: `${id}.${server.ctx.now() + 1000}.${'A'.repeat(43)}` }), 403],
      [await send('/api/pdf_documents', docParts(id), { uploadToken: 'lixo' }), 403],
      [await send('/api/member_application_photos', await photoParts(id), {}), 401],
      [await send('/api/member_application_photos', await photoParts(id), { token: memberToken }), 403],
    ] as const;
    for (const [response, status] of refusals) expect(response.statusCode, response.body).toBe(status);
    expect(refusals[0][0].json().message).toBe('A autorização para enviar ficheiros para esta candidatura não é válida ou expirou. Envie a candidatura de novo.');

    const token = await issueUploadToken(server.database.db, id, server.ctx.now());
    server.advance(UPLOAD_TOKEN_LIFETIME_MS + 1);
    const expired = await send('/api/member_application_photos', await photoParts(id), { uploadToken: token });
    expect(expired.statusCode).toBe(403);
    await expectNothingStored();
  });

  it('two photos sent at the same moment by the applicant and by staff: both succeed in turn, one stays, and staff hear of each', async () => {
    const id = await newApplication();
    const uploadToken = await issueUploadToken(server.database.db, id, server.ctx.now());
    const heard: BusEvent[] = [];
    const unsubscribe = server.ctx.bus.subscribe((event) => heard.push(event));
    try {
      const answers = await Promise.all([send('/api/member_application_photos', await photoParts(id), { uploadToken }), send('/api/member_application_photos', await photoParts(id), { token: admin })]);
      expect(answers.map((answer) => answer.statusCode), answers.map((answer) => answer.body).join('\n')).toEqual([201, 201]);
      const photos = await server.request({ method: 'GET', url: `/api/member_applications/${id}/member_application_photos`, token: admin });
      expect(photos.json().data.map((photo: { _id: number }) => photo._id)).toEqual([Math.max(...answers.map((answer) => answer.json().data._id))]);
      expect(await storedFiles(server)).toHaveLength(2);
      const changes = () => heard.filter((event) => event.topic === 'member_applications changed').map((event) => event.payload);
      await expect.poll(changes, { timeout: 5000 }).toEqual([
        { resource: 'member_applications', action: 'updated', id },
        { resource: 'member_applications', action: 'updated', id },
      ]);
    } finally {
      unsubscribe();
    }
  });

  it('a decided application takes no more files (409), not even from staff', async () => {
    const id = await newApplication('accepted');
    const response = await send('/api/member_application_photos', await photoParts(id), { token: admin });
    expect(response.statusCode).toBe(409);
    await expectNothingStored();
  });

  it('the applicant may delete their own upload with the token, not another application’s', async () => {
    const id = await newApplication();
    const other = await newApplication();
    const uploadToken = await issueUploadToken(server.database.db, id, server.ctx.now());
    const doc = (await send('/api/pdf_documents', docParts(id), { uploadToken })).json().data;
    const otherDoc = (await send('/api/pdf_documents', docParts(other), { token: admin })).json().data;
    expect((await server.request({ method: 'DELETE', url: `/api/pdf_documents/${otherDoc._id}`, headers: { 'x-upload-token': uploadToken } })).statusCode).toBe(403);
    expect((await server.request({ method: 'DELETE', url: `/api/pdf_documents/${doc._id}`, headers: { 'x-upload-token': uploadToken } })).statusCode).toBe(204);
    expect(await countRows(server, 'member_files')).toBe(1);
  });
});

describe('accepting moves the files to the member', () => {
  async function withFiles(): Promise<number> {
    const id = await newApplication();
    expect((await send('/api/member_application_photos', await photoParts(id), { token: admin })).statusCode).toBe(201);
    expect((await send('/api/pdf_documents', docParts(id), { token: admin })).statusCode).toBe(201);
    return id;
  }
  const list = async (url: string) => (await server.request({ method: 'GET', url, token: admin })).json().data as unknown[];

  it("inside the accept's transaction: the member has the photo and documents, the application none", async () => {
    const id = await withFiles();
    const member = await newMember();
    await server.database.db.transaction().execute((trx) => moveApplicationFilesToMember(trx, id, member, server.ctx.now()));
    expect(await list(`/api/members/${member}/member_photos`)).toHaveLength(1);
    expect(await list(`/api/members/${member}/pdf_documents`)).toHaveLength(1);
    expect(await list(`/api/member_applications/${id}/member_application_photos`)).toEqual([]);
    const owners = await server.database.db.selectFrom('files').select(['owner_resource', 'owner_record']).execute();
    expect(owners).toEqual(owners.map(() => ({ owner_resource: 'members', owner_record: member })));
    expect(await storedFiles(server)).toHaveLength(3);
  });

  it('a rolled-back accept leaves them with the application', async () => {
    const id = await withFiles();
    const member = await newMember();
    await expect(
      server.database.db.transaction().execute(async (trx) => {
        await moveApplicationFilesToMember(trx, id, member, server.ctx.now());
        throw new Error('the card could not be issued');
      }),
    ).rejects.toThrow('the card could not be issued');
    expect(await list(`/api/members/${member}/member_photos`)).toEqual([]);
    expect(await list(`/api/member_applications/${id}/member_application_photos`)).toHaveLength(1);
    expect(await list(`/api/member_applications/${id}/pdf_documents`)).toHaveLength(1);
  });
});
