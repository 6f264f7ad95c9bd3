import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE } from '../../core/contract.js';
import { badRequest, forbidden, HttpError, notFound } from '../errors.js';
import { parseId } from '../resources/handlers.js';
import { acceptUpload } from './accept.js';
import { fileReader, fileStaff } from './access.js';
import { contentDisposition } from './content-disposition.js';
import { isFileKind, type FileKind } from './kinds.js';
import { findFile, insertFile, type FileRecord } from './records.js';
import { FILE_CONTENT_DOC, FILE_URL_DOC, UPLOAD_DOC } from './route-docs.js';
import { checkFileUrl, signFileUrl, type SignedFileUrl } from './signed-urls.js';
import { StoredFileMissing } from './store.js';

const FILE_FIELD = 'file';

type UploadRequest = FastifyRequest<{ Querystring: { kind?: string } }>;
type FileRequest = FastifyRequest<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>;

function kindOf(value: unknown): FileKind | undefined {
  if (value === undefined) return undefined;
  if (!isFileKind(value)) throw badRequest('Parâmetro "kind" inválido: use "image", "document" ou "statement".');
  return value;
}

/** 10485760 -> "10 MB", 4096 -> "4 KB": the limit as people read it. */
function readableSize(bytes: number): string {
  const [amount, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'MB'] : [bytes / 1024, 'KB'];
  return `${amount.toLocaleString('pt-PT', { maximumFractionDigits: 1 })} ${unit}`;
}

/**
 * `POST /api/files`, `GET /api/files/:id/url` and `GET /api/files/:id/content` (register
 * with prefix /api). Encapsulated: the multipart parser serves these routes only.
 */
export async function filesRoutes(app: FastifyInstance) {
  const { maxUploadBytes } = app.ctx.config;
  const store = app.ctx.files;
  await app.register(multipart, { limits: { fileSize: maxUploadBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
  const tooLarge = () => new HttpError(413, `O ficheiro é demasiado grande: o máximo são ${readableSize(maxUploadBytes)}.`);

  /** The uploaded file's bytes, whole: held in memory (at most the limit) to sniff and re-encode. */
  async function uploadedBytes(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
    if (!request.isMultipart()) throw new HttpError(415, `Envie o ficheiro como multipart/form-data, no campo "${FILE_FIELD}".`);
    try {
      const part = await request.file();
      if (!part || part.fieldname !== FILE_FIELD) throw badRequest(`Falta o ficheiro: envie-o no campo "${FILE_FIELD}".`);
      return { bytes: await part.toBuffer(), name: part.filename };
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
      throw error;
    }
  }

  app.post('/files', { config: { openapi: UPLOAD_DOC } }, async (request: UploadRequest, reply): Promise<{ data: FileRecord }> => {
    const caller = fileStaff(request.caller);
    const kind = kindOf(request.query.kind);
    const upload = await uploadedBytes(request);
    const file = await acceptUpload(upload.bytes, upload.name, kind);
    // Re-encoding may grow an image a little; what is stored keeps the promise of the limit.
    if (file.bytes.length > maxUploadBytes) throw tooLarge();
    const storageKey = await store.write(file.bytes);
    try {
      const record = await insertFile(app.ctx.database.db, { ...file, size: file.bytes.length, storageKey, uploadedBy: caller, at: app.ctx.now() });
      reply.status(201);
      return { data: record };
    } catch (error) {
      await store.remove(storageKey);
      throw error;
    }
  });

  app.get('/files/:id/url', { config: { openapi: FILE_URL_DOC } }, async (request: FileRequest): Promise<SignedFileUrl> => {
    const caller = fileStaff(request.caller);
    const id = parseId(request.params.id);
    const file = await findFile(app.ctx.database.db, id);
    if (!file) throw notFound('Ficheiro não encontrado.');
    // Held by something no resource serves (a whole export, decision 0047): administrators' alone.
    const owner = file.record.owner;
    if (owner && !app.registry.resourceByName(owner.resource) && caller.role !== ROLE.admin) throw forbidden('Só um administrador pode ler este ficheiro.');
    return signFileUrl(app.ctx.database.db, id, caller, app.ctx.now());
  });

  app.get('/files/:id/content', { config: { openapi: FILE_CONTENT_DOC } }, async (request: FileRequest, reply) => {
    const caller = fileReader(request.caller);
    const id = parseId(request.params.id);
    const { db } = app.ctx.database;
    const check = await checkFileUrl(db, id, caller, request.query.exp, request.query.sig, app.ctx.now());
    if (check === 'expired') throw forbidden('Esta ligação para o ficheiro expirou. Peça uma nova.');
    if (check === 'invalid') throw forbidden('Esta ligação para o ficheiro não é válida para quem a usa.');
    const file = await findFile(db, id);
    if (!file) throw notFound('Ficheiro não encontrado.');
    const bytes = await store.open(file.storageKey).catch((error: unknown) => {
      // Known before any header is sent: a clear 404, never a 500 halfway through the bytes.
      throw error instanceof StoredFileMissing ? notFound('O conteúdo deste ficheiro já não está guardado.') : error;
    });
    return reply
      .header('content-type', file.record.contentType)
      .header('content-length', file.record.size)
      .header('content-disposition', contentDisposition(file.record.originalName, file.record.contentType))
      .header('x-content-type-options', 'nosniff')
      // The address is for one caller and a few minutes: no shared cache may keep the bytes.
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });
}
