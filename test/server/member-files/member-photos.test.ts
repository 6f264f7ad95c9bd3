import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { PHOTO_MAX_BYTES } from '../../../src/server/modules/member-files/routes.js';
import type { BusEvent } from '../../../src/server/realtime/bus.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { countRows, forgetFiles, multipart, pdfOf, storedFiles, type Part } from './support.js';

let server: TestServer;
let admin = '';
let editor = '';
let ownMember = 0;
let memberToken = '';
let memberUserId = 0;

async function newMember(): Promise<number> {
  const state = await server.database.db.selectFrom('member_states').select('_id').orderBy('_id').executeTakeFirstOrThrow();
  const response = await server.request({ method: 'POST', url: '/api/members', token: admin, payload: { dues_exempt: true, name: `Sócio ${Math.random()}`, state: state._id } });
  expect(response.statusCode, response.body).toBe(201);
  return Number(response.json().data._id);
}

const post = (url: string, parts: Part[], token?: string) => server.request({ method: 'POST', url, ...(token ? { token } : {}), ...multipart(parts) });
const photoParts = (memberId: number, bytes: Buffer, filename = 'retrato.jpg', type = 'image/jpeg'): Part[] => [{ name: 'memberID', value: String(memberId) }, { name: 'file', filename, type, bytes }];

/** A portrait photo straight from a phone: EXIF with a place and an owner. */
const phonePhoto = (width = 900, height = 1600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 80, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Segredo da Silva', Make: 'Telemóvel' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1' } })
    .toBuffer();

async function readFile(token: string, url: string): Promise<Buffer> {
  const response = await server.request({ method: 'GET', url, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

beforeAll(async () => {
  server = await startTestServer();
  await ensureReferenceData(server.database.db, server.ctx.now());
  admin = (await server.login(await server.createUser('admin'))).access;
  editor = (await server.login(await server.createUser('editor'))).access;
  ownMember = await newMember();
  const memberUser = await server.createUser('member', { memberId: ownMember });
  memberUserId = memberUser.id;
  memberToken = (await server.login(memberUser)).access;
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => forgetFiles(server));

describe("a member's photo", () => {
  it('is stored as a JPEG at most 1200 px high with a 240 px thumbnail, and no EXIF (location, owner) survives', async () => {
    const original = await phonePhoto();
    expect(original.includes('Segredo da Silva')).toBe(true);
    const response = await post('/api/member_photos', photoParts(ownMember, original), editor);
    expect(response.statusCode, response.body).toBe(201);
    const { _id, url, thumbUrl } = response.json().data;
    expect(typeof _id).toBe('number');

    const photo = await readFile(editor, url);
    const photoMeta = await sharp(photo).metadata();
    expect({ format: photoMeta.format, height: photoMeta.height, width: photoMeta.width, exif: photoMeta.exif }).toEqual({ format: 'jpeg', height: 1200, width: 675, exif: undefined });
    expect(photo.includes('Segredo da Silva')).toBe(false);

    const thumb = await sharp(await readFile(editor, thumbUrl)).metadata();
    expect({ format: thumb.format, height: thumb.height, exif: thumb.exif }).toEqual({ format: 'jpeg', height: 240, exif: undefined });

    const list = await server.request({ method: 'GET', url: `/api/members/${ownMember}/member_photos`, token: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([{ _id, url: expect.stringMatching(/^\/api\/files\/\d+\/content\?/), thumbUrl: expect.stringMatching(/^\/api\/files\/\d+\/content\?/), width: 675, height: 1200, createdAt: expect.any(String) }]);
  });

  it('accepts PNG and WEBP too, and never enlarges a small picture', async () => {
    const png = await sharp({ create: { width: 300, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const response = await post('/api/member_photos', photoParts(ownMember, png, 'a.png', 'image/png'), admin);
    expect(response.statusCode, response.body).toBe(201);
    const stored = await sharp(await readFile(admin, response.json().data.url)).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['jpeg', 300, 400]);
    const webp = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#336699' } }).webp().toBuffer();
    const fromWebp = await post('/api/member_photos', photoParts(ownMember, webp, 'b.webp', 'image/webp'), admin);
    expect(fromWebp.statusCode, fromWebp.body).toBe(201);
    expect((await sharp(await readFile(admin, fromWebp.json().data.url)).metadata()).format).toBe('jpeg');
  });

  it('replaces the current one: a member has one photo, and the old bytes are gone', async () => {
    const first = (await post('/api/member_photos', photoParts(ownMember, await phonePhoto(300, 400)), admin)).json().data;
    expect(await storedFiles(server)).toHaveLength(2);
    const second = await post('/api/member_photos', photoParts(ownMember, await phonePhoto(600, 800)), admin);
    expect(second.statusCode).toBe(201);
    const list = (await server.request({ method: 'GET', url: `/api/members/${ownMember}/member_photos`, token: admin })).json().data;
    expect(list.map((p: { _id: number }) => p._id)).toEqual([second.json().data._id]);
    expect(list[0]).toMatchObject({ width: 600, height: 800 });
    expect(list[0]._id).not.toBe(first._id);
    expect(await storedFiles(server)).toHaveLength(2);
    expect(await countRows(server, 'files')).toBe(2);
  });

  it('sent several times at the same moment: each upload succeeds in turn, the last one stays, and no other byte is kept', async () => {
    const member = await newMember();
    const sizes = [[300, 400], [330, 440], [360, 480], [390, 520]] as const;
    const photos = await Promise.all(sizes.map(([width, height]) => phonePhoto(width, height)));
    const answers = await Promise.all(photos.map((bytes) => post('/api/member_photos', photoParts(member, bytes), admin)));
    expect(answers.map((answer) => answer.statusCode), answers.map((answer) => answer.body).join('\n')).toEqual([201, 201, 201, 201]);
    const list = (await server.request({ method: 'GET', url: `/api/members/${member}/member_photos`, token: admin })).json().data;
    expect(list.map((photo: { _id: number }) => photo._id)).toEqual([Math.max(...answers.map((answer) => answer.json().data._id))]);
    expect(await countRows(server, 'member_files')).toBe(1);
    expect(await countRows(server, 'files')).toBe(2);
    expect(await storedFiles(server)).toHaveLength(2);
  });

  it('tells open pages as other writes do: an upload and a delete are each a members change (to the member too)', async () => {
    const heard: BusEvent[] = [];
    const unsubscribe = server.ctx.bus.subscribe((event) => heard.push(event));
    try {
      const { _id } = (await post('/api/member_photos', photoParts(ownMember, await phonePhoto(30, 40)), admin)).json().data;
      expect((await server.request({ method: 'DELETE', url: `/api/member_photos/${_id}`, token: admin })).statusCode).toBe(204);
      const changes = () => heard.filter((event) => event.topic === 'members changed').map((event) => event.payload);
      await expect.poll(changes, { timeout: 5000 }).toEqual([
        { resource: 'members', action: 'updated', id: ownMember },
        { resource: 'members', action: 'updated', id: ownMember },
      ]);
      expect(heard.find((event) => event.topic === 'members changed')?.audience?.userIds).toEqual([memberUserId]);
    } finally {
      unsubscribe();
    }
  });

  it('a member reads their own photo (and its bytes), not another member’s; only staff upload', async () => {
    const other = await newMember();
    await post('/api/member_photos', photoParts(ownMember, await phonePhoto(300, 400)), admin);
    const own = await server.request({ method: 'GET', url: `/api/members/${ownMember}/member_photos`, token: memberToken });
    expect(own.statusCode).toBe(200);
    expect(await readFile(memberToken, own.json().data[0].url)).toBeInstanceOf(Buffer);
    expect((await server.request({ method: 'GET', url: `/api/members/${other}/member_photos`, token: memberToken })).statusCode).toBe(404);
    const refused = await post('/api/member_photos', photoParts(ownMember, await phonePhoto(300, 400)), memberToken);
    expect(refused.statusCode).toBe(403);
    expect((await post('/api/member_photos', photoParts(ownMember, await phonePhoto(300, 400)))).statusCode).toBe(401);
  });

  it('is deleted with its files and bytes; a second delete is a 404', async () => {
    const { _id } = (await post('/api/member_photos', photoParts(ownMember, await phonePhoto(300, 400)), admin)).json().data;
    const memberRefused = await server.request({ method: 'DELETE', url: `/api/member_photos/${_id}`, token: memberToken });
    expect(memberRefused.statusCode).toBe(403);
    const response = await server.request({ method: 'DELETE', url: `/api/member_photos/${_id}`, token: editor });
    expect(response.statusCode).toBe(204);
    expect(await countRows(server, 'member_files')).toBe(0);
    expect(await countRows(server, 'files')).toBe(0);
    expect(await storedFiles(server)).toEqual([]);
    expect((await server.request({ method: 'DELETE', url: `/api/member_photos/${_id}`, token: editor })).statusCode).toBe(404);
  });
});

describe('a refused photo stores nothing', () => {
  async function expectRefused(parts: Part[], status: number, message: RegExp) {
    const response = await post('/api/member_photos', parts, admin);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toMatch(message);
    expect(await countRows(server, 'member_files')).toBe(0);
    expect(await countRows(server, 'files')).toBe(0);
    expect(await storedFiles(server)).toEqual([]);
  }

  it('oversized (over 8 MB)', async () => {
    const big = Buffer.concat([await phonePhoto(300, 400), Buffer.alloc(PHOTO_MAX_BYTES)]);
    await expectRefused(photoParts(ownMember, big), 413, /demasiado grande: o máximo são 8 MB/);
  });

  it('not an image, whatever its name says', async () => {
    await expectRefused(photoParts(ownMember, pdfOf(800), 'retrato.jpg', 'image/jpeg'), 415, /Tipo de ficheiro não aceite\. Envie um ficheiro JPEG, PNG, WEBP/);
  });

  it('an image that cannot be read', async () => {
    const broken = (await phonePhoto(300, 400)).subarray(0, 400);
    const response = await post('/api/member_photos', photoParts(ownMember, broken), admin);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toBe('A imagem está danificada ou não pode ser lida.');
    expect(await countRows(server, 'files')).toBe(0);
    expect(await storedFiles(server)).toEqual([]);
  });

  it('without the member, or of a member that does not exist', async () => {
    await expectRefused([{ name: 'file', filename: 'a.jpg', type: 'image/jpeg', bytes: await phonePhoto(30, 40) }], 400, /"memberID"/);
    await expectRefused(photoParts(999_999, await phonePhoto(30, 40)), 404, /Sócio não encontrado/);
    await expectRefused(photoParts(ownMember, Buffer.alloc(0)).slice(0, 1), 400, /Falta o ficheiro/);
  });
});

describe("a member's PDF documents", () => {
  const docParts = (memberId: number, ...files: Buffer[]): Part[] => [{ name: 'memberID', value: String(memberId) }, ...files.map((bytes, i) => ({ name: 'file', filename: `documento ${i + 1}.pdf`, type: 'application/pdf', bytes }))];

  it('are stored one per request, listed, served and deleted', async () => {
    const saved = [];
    for (const size of [1000, 2000]) {
      const response = await post('/api/pdf_documents', docParts(ownMember, pdfOf(size)), editor);
      expect(response.statusCode, response.body).toBe(201);
      saved.push(response.json().data);
    }
    expect(saved.map((d) => [d.originalName, d.size])).toEqual([['documento 1.pdf', 1000], ['documento 1.pdf', 2000]]);
    expect((await readFile(editor, saved[1].url)).equals(pdfOf(2000))).toBe(true);
    const list = await server.request({ method: 'GET', url: `/api/members/${ownMember}/pdf_documents`, token: memberToken });
    expect(list.json().data.map((d: { _id: number }) => d._id)).toEqual(saved.map((d) => d._id));
    expect((await server.request({ method: 'DELETE', url: `/api/pdf_documents/${saved[0]._id}`, token: admin })).statusCode).toBe(204);
    expect((await server.request({ method: 'GET', url: `/api/members/${ownMember}/pdf_documents`, token: admin })).json().data).toHaveLength(1);
    expect(await storedFiles(server)).toHaveLength(1);
  });

  it('two files in one request are refused: one per request, each with its own progress', async () => {
    const response = await post('/api/pdf_documents', docParts(ownMember, pdfOf(1000), pdfOf(1000)), admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Envie um ficheiro de cada vez.');
    expect(await countRows(server, 'member_files')).toBe(0);
    expect(await storedFiles(server)).toEqual([]);
  });

  it('a PDF that is not a PDF is refused, and nothing is kept', async () => {
    const fake = Buffer.from('<html>não sou um PDF</html>');
    const response = await post('/api/pdf_documents', docParts(ownMember, fake), admin);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Tipo de ficheiro não aceite. Envie um ficheiro PDF.');
    expect(await countRows(server, 'member_files')).toBe(0);
    expect(await countRows(server, 'files')).toBe(0);
    expect(await storedFiles(server)).toEqual([]);
  });

  it('over 10 MB is refused', async () => {
    const response = await post('/api/pdf_documents', docParts(ownMember, pdfOf(10 * 1024 * 1024 + 1)), admin);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('O ficheiro é demasiado grande: o máximo são 10 MB.');
    expect(await storedFiles(server)).toEqual([]);
  });

  it('a photo id is no document id, and a document id no photo id', async () => {
    const photo = (await post('/api/member_photos', photoParts(ownMember, await phonePhoto(30, 40)), admin)).json().data;
    const doc = (await post('/api/pdf_documents', docParts(ownMember, pdfOf(500)), admin)).json().data;
    expect((await server.request({ method: 'DELETE', url: `/api/pdf_documents/${photo._id}`, token: admin })).statusCode).toBe(404);
    expect((await server.request({ method: 'DELETE', url: `/api/member_photos/${doc._id}`, token: admin })).statusCode).toBe(404);
    expect(await countRows(server, 'member_files')).toBe(2);
  });
});
