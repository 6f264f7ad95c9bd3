import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { claimFile, findFile } from '../../src/server/files/records.js';
import { FILE_URL_LIFETIME_MS } from '../../src/server/files/signed-urls.js';
import { startTestServer, type TestServer } from './support/server.js';
import { forgetStoredBytes, storedKeys } from './support/stored-files.js';

const BOUNDARY = 'associa-test-boundary';

/** A multipart/form-data body with one file part, as a browser's form would send it. */
function multipart(bytes: Buffer, filename: string, type: string, field = 'file') {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** A PDF of exactly `size` bytes (a comment pads it). */
function pdfOf(size: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%';
  const tail = '\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';
  return Buffer.from(head + 'x'.repeat(size - head.length - tail.length) + tail);
}

/** A small picture with distinct pixels, so a re-encoding that changed them would show. */
const pngImage = () =>
  sharp(Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]), { raw: { width: 2, height: 2, channels: 3 } }).png().toBuffer();

const pixels = async (bytes: Buffer) => sharp(bytes).raw().toBuffer();

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const fileRows = async (server: TestServer) => server.database.db.selectFrom('files').selectAll().execute();

async function expectNothingStored(server: TestServer) {
  expect(await fileRows(server)).toEqual([]);
  expect(await storedKeys(server)).toEqual([]);
}

let server: TestServer;
let admin = '';
let editor = '';
let member = '';

async function upload(token: string, bytes: Buffer, filename: string, type: string, query = '') {
  return server.request({ method: 'POST', url: `/api/files${query}`, token, ...multipart(bytes, filename, type) });
}

async function uploaded(bytes: Buffer, filename: string, type: string): Promise<{ _id: number; contentType: string; size: number; sha256: string; originalName: string }> {
  const response = await upload(admin, bytes, filename, type);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function urlFor(token: string, id: number): Promise<{ url: string; expiresAt: string }> {
  const response = await server.request({ method: 'GET', url: `/api/files/${id}/url`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const read = (token: string | undefined, url: string) => server.request({ method: 'GET', url, ...(token ? { token } : {}) });

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login(await server.createUser('admin'))).access;
  editor = (await server.login(await server.createUser('editor'))).access;
  member = (await server.login(await server.createUser('member'))).access;
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  await server.database.db.deleteFrom('files').execute();
  await forgetStoredBytes(server);
});

describe('uploading a file', () => {
  it('stores a PDF and serves it back byte for byte, with its type and name', async () => {
    const pdf = pdfOf(2000);
    const file = await uploaded(pdf, 'Relatório de contas.pdf', 'application/pdf');
    expect(file).toMatchObject({ contentType: 'application/pdf', size: pdf.length, sha256: sha256(pdf), originalName: 'Relatório de contas.pdf', owner: null, _version: 1 });
    expect(file).not.toHaveProperty('storage_key');

    const before = server.ctx.now();
    const { url, expiresAt } = await urlFor(admin, file._id);
    expect(Date.parse(expiresAt) - FILE_URL_LIFETIME_MS).toBeGreaterThanOrEqual(before);
    expect(Date.parse(expiresAt) - FILE_URL_LIFETIME_MS).toBeLessThanOrEqual(server.ctx.now());
    const response = await read(admin, url);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(pdf)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Relatorio de contas.pdf"; filename*=UTF-8''Relat%C3%B3rio%20de%20contas.pdf`);
  });

  it('stores the file under a random name, never the one the client sent', async () => {
    await uploaded(pdfOf(500), '../../escape.pdf', 'application/pdf');
    const [row] = await fileRows(server);
    expect(row!.original_name).toBe('escape.pdf');
    expect(await storedKeys(server)).toEqual([row!.storage_key]);
    expect(String(row!.storage_key)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('serves a PNG with the same pixels, and exactly the bytes it recorded', async () => {
    const png = await pngImage();
    const file = await uploaded(png, 'foto.png', 'image/png');
    expect(file.contentType).toBe('image/png');
    const response = await read(admin, (await urlFor(admin, file._id)).url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="foto.png"/);
    expect(sha256(response.rawPayload)).toBe(file.sha256);
    expect(response.rawPayload.length).toBe(file.size);
    expect((await pixels(response.rawPayload)).equals(await pixels(png))).toBe(true);
  });

  it('removes the EXIF data of a JPEG (a photo keeps no location, camera or owner)', async () => {
    const jpeg = await sharp(await pngImage())
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Segredo da Silva', Make: 'Câmara' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(jpeg.includes('Segredo da Silva')).toBe(true);

    const file = await uploaded(jpeg, 'retrato.jpg', 'image/jpeg');
    const stored = (await read(admin, (await urlFor(admin, file._id)).url)).rawPayload;
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes('Segredo da Silva')).toBe(false);
    expect([metadata.width, metadata.height]).toEqual([2, 2]);
  });

  it('accepts a file larger than the JSON body limit when it is within the upload limit', async () => {
    const pdf = pdfOf(server.ctx.config.bodyLimit + 1000);
    expect(server.ctx.config.maxUploadBytes).toBeGreaterThan(pdf.length);
    expect((await uploaded(pdf, 'grande.pdf', 'application/pdf')).size).toBe(pdf.length);
  });

  it('refuses a text file named .png and declared as PNG with 415, storing nothing', async () => {
    const response = await upload(admin, Buffer.from('não sou uma imagem\n'), 'foto.png', 'image/png');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'unsupported_media_type', message: 'Tipo de ficheiro não aceite. Envie um ficheiro JPEG, PNG, WEBP, PDF.' });
    await expectNothingStored(server);
  });

  it('refuses a PDF where an image is asked for, storing nothing', async () => {
    const response = await upload(admin, pdfOf(500), 'foto.pdf', 'application/pdf', '?kind=image');
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Tipo de ficheiro não aceite. Envie um ficheiro JPEG, PNG, WEBP.');
    await expectNothingStored(server);
  });

  it('refuses a damaged image with 422, storing nothing', async () => {
    const png = await pngImage();
    const damaged = Buffer.concat([png.subarray(0, 40), Buffer.alloc(60, 7)]);
    const response = await upload(admin, damaged, 'foto.png', 'image/png');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: 'A imagem está danificada ou não pode ser lida.' });
    await expectNothingStored(server);
  });

  it('answers 400 in Portuguese to a request without the file, and to an unknown kind', async () => {
    const wrongField = await server.request({ method: 'POST', url: '/api/files', token: admin, ...multipart(pdfOf(500), 'a.pdf', 'application/pdf', 'documento') });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Falta o ficheiro: envie-o no campo "file".');
    const json = await server.request({ method: 'POST', url: '/api/files', token: admin, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Envie o ficheiro como multipart/form-data, no campo "file".');
    const kind = await upload(admin, pdfOf(500), 'a.pdf', 'application/pdf', '?kind=video');
    expect(kind.statusCode).toBe(400);
    await expectNothingStored(server);
  });

  it('is for staff: anonymous 401, member 403, an editor may', async () => {
    expect((await server.request({ method: 'POST', url: '/api/files', ...multipart(pdfOf(500), 'a.pdf', 'application/pdf') })).statusCode).toBe(401);
    expect((await upload(member, pdfOf(500), 'a.pdf', 'application/pdf')).statusCode).toBe(403);
    await expectNothingStored(server);
    expect((await upload(editor, pdfOf(500), 'a.pdf', 'application/pdf')).statusCode).toBe(201);
  });
});

describe('the upload limit', () => {
  let small: TestServer;
  const LIMIT = 4096;
  beforeAll(async () => {
    small = await startTestServer({ maxUploadBytes: LIMIT });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('accepts a file of exactly the limit and refuses one byte more with 413, storing nothing', async () => {
    const token = (await small.login(await small.createUser('editor'))).access;
    const over = await small.request({ method: 'POST', url: '/api/files', token, ...multipart(pdfOf(LIMIT + 1), 'a.pdf', 'application/pdf') });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'payload_too_large', message: 'O ficheiro é demasiado grande: o máximo são 4 KB.' });
    await expectNothingStored(small);

    const far = await small.request({ method: 'POST', url: '/api/files', token, ...multipart(pdfOf(LIMIT * 50), 'a.pdf', 'application/pdf') });
    expect(far.statusCode).toBe(413);
    await expectNothingStored(small);

    const exact = await small.request({ method: 'POST', url: '/api/files', token, ...multipart(pdfOf(LIMIT), 'a.pdf', 'application/pdf') });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(await fileRows(small)).toHaveLength(1);
    expect(await storedKeys(small)).toHaveLength(1);
  });

  it('is ASSOCIA_MAX_UPLOAD_BYTES, 10 MiB by default, and must be positive', () => {
    expect(loadConfig({}).maxUploadBytes).toBe(10 * 1024 * 1024);
    expect(loadConfig({ ASSOCIA_MAX_UPLOAD_BYTES: '2048' }).maxUploadBytes).toBe(2048);
    expect(() => loadConfig({ ASSOCIA_MAX_UPLOAD_BYTES: '0' })).toThrow(/ASSOCIA_MAX_UPLOAD_BYTES/);
    expect(() => loadConfig({ ASSOCIA_MAX_UPLOAD_BYTES: '10MB' })).toThrow(/ASSOCIA_MAX_UPLOAD_BYTES/);
  });
});

describe('short-lived file addresses', () => {
  it('answer a pt-PT 404, not a 500 halfway, when the bytes are gone from the store', async () => {
    const file = await uploaded(pdfOf(600), 'a.pdf', 'application/pdf');
    const { url } = await urlFor(admin, file._id);
    const [row] = await fileRows(server);
    await server.ctx.files.remove(row!.storage_key);
    const gone = await read(admin, url);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/^application\/json/);
    expect(gone.json()).toMatchObject({ message: 'O conteúdo deste ficheiro já não está guardado.' });
  });

  it('work for the caller they were issued to until they expire', async () => {
    const file = await uploaded(pdfOf(600), 'a.pdf', 'application/pdf');
    const { url } = await urlFor(admin, file._id);
    expect(url).toMatch(new RegExp(`^/api/files/${file._id}/content\\?exp=\\d+&sig=[\\w-]+$`));
    server.advance(FILE_URL_LIFETIME_MS - 10_000);
    expect((await read(admin, url)).statusCode).toBe(200);
    server.advance(10_000);
    const expired = await read(admin, url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('Esta ligação para o ficheiro expirou. Peça uma nova.');
    // A new address works again.
    expect((await read(admin, (await urlFor(admin, file._id)).url)).statusCode).toBe(200);
  });

  it('do not work for another caller, nor without authentication', async () => {
    const file = await uploaded(pdfOf(600), 'a.pdf', 'application/pdf');
    const { url } = await urlFor(admin, file._id);
    const other = await read(editor, url);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Esta ligação para o ficheiro não é válida para quem a usa.');
    expect((await read(undefined, url)).statusCode).toBe(401);
    expect((await read(member, url)).statusCode).toBe(403);
    // An API key is another caller even when its _id equals the account's.
    const key = await server.request({ method: 'POST', url: '/api/api_secrets', token: admin, payload: { name: 'Integração', role: 'editor' } });
    expect(key.statusCode).toBe(201);
    expect((await read(key.json().data.secret, url)).statusCode).toBe(403);
    const own = await urlFor(key.json().data.secret, file._id);
    expect((await read(key.json().data.secret, own.url)).statusCode).toBe(200);
  });

  it('do not work once tampered with: signature, expiry or file', async () => {
    const file = await uploaded(pdfOf(600), 'a.pdf', 'application/pdf');
    const other = await uploaded(pdfOf(700), 'b.pdf', 'application/pdf');
    const { url } = await urlFor(admin, file._id);
    const { exp, sig } = Object.fromEntries(new URL(url, 'http://x').searchParams) as { exp: string; sig: string };
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const attempts = [
      `/api/files/${file._id}/content?exp=${exp}&sig=${flipped}`,
      `/api/files/${file._id}/content?exp=${Number(exp) + 60_000}&sig=${sig}`,
      `/api/files/${other._id}/content?exp=${exp}&sig=${sig}`,
      `/api/files/${file._id}/content?exp=${exp}`,
      `/api/files/${file._id}/content`,
    ];
    for (const attempt of attempts) expect((await read(admin, attempt)).statusCode, attempt).toBe(403);
    expect((await read(admin, url)).statusCode).toBe(200);
  });

  it('are refused for a file that does not exist, and to members', async () => {
    expect((await server.request({ method: 'GET', url: '/api/files/999999/url', token: admin })).statusCode).toBe(404);
    const file = await uploaded(pdfOf(600), 'a.pdf', 'application/pdf');
    expect((await server.request({ method: 'GET', url: `/api/files/${file._id}/url`, token: member })).statusCode).toBe(403);
    expect((await server.request({ method: 'GET', url: `/api/files/${file._id}/url` })).statusCode).toBe(401);
  });
});

describe('a file and the record field that holds it', () => {
  const photo = { resource: 'members', record: 7, field: 'photo' };

  it('is given to one field only; a rolled-back claim leaves the file free', async () => {
    const file = await uploaded(pdfOf(600), 'a.pdf', 'application/pdf');
    const { db } = server.database;
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await claimFile(trx, file._id, photo, server.ctx.now())).toBe(true);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await findFile(db, file._id))!.record.owner).toBeNull();

    expect(await claimFile(db, file._id, photo, server.ctx.now())).toBe(true);
    const claimed = (await findFile(db, file._id))!.record;
    expect(claimed).toMatchObject({ owner: photo, _version: 2 });
    // Saving the same record again keeps it; another field or record cannot take it.
    expect(await claimFile(db, file._id, photo, server.ctx.now())).toBe(true);
    expect(await claimFile(db, file._id, { ...photo, record: 8 }, server.ctx.now())).toBe(false);
    expect(await claimFile(db, file._id, { ...photo, field: 'document' }, server.ctx.now())).toBe(false);
    expect((await findFile(db, file._id))!.record).toMatchObject({ owner: photo, _version: 2 });
    expect(await claimFile(db, 999999, photo, server.ctx.now())).toBe(false);
  });
});
