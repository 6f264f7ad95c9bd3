import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedCaller, Caller } from '../../auth/caller.js';
import { addressKey } from '../../auth/throttle.js';
import type { Db } from '../../db/database.js';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../errors.js';
import { acceptUpload } from '../../files/accept.js';
import { signFileUrl } from '../../files/signed-urls.js';
import { owningUsers, publishChange } from '../../resources/events.js';
import { parseId } from '../../resources/handlers.js';
import { createRateLimiter } from '../../edges/rate-limit.js';
import { mayTryWrite, readerFor, UPLOAD_TOKEN_HEADER, writerFor, type Uploader } from './access.js';
import { findMemberFile, listFiles, parentOf, parentResource, type MemberFileRow, type Parent } from './records.js';
import { DOCS } from './route-docs.js';
import { photoEntry, removeMemberFile, saveMemberFiles, type MemberFileEntry } from './save.js';

export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Public (token) uploads and deletions per address: an applicant sends a photo and a few documents. */
const PUBLIC_UPLOAD_LIMIT = { max: 30, windowMs: 10 * 60_000 } as const;

const FILE_FIELD = 'file';
const MEMBER_FIELD = 'memberID';
const APPLICATION_FIELD = 'memberApplicationID';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;
interface Upload {
  fields: Record<string, string>;
  file: { bytes: Buffer; name: string };
}

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;
const tooLarge = (max: number) => new HttpError(413, `O ficheiro é demasiado grande: o máximo são ${megabytes(max)}.`);

/** The parent named by the form's id field (exactly one of memberID or memberApplicationID). */
function parentFrom(fields: Record<string, string>, allowed: readonly ('member' | 'application')[]): Parent {
  const given = allowed.filter((kind) => fields[kind === 'member' ? MEMBER_FIELD : APPLICATION_FIELD] !== undefined);
  const names = allowed.map((kind) => `"${kind === 'member' ? MEMBER_FIELD : APPLICATION_FIELD}"`).join(' ou ');
  if (given.length !== 1) throw badRequest(`Indique a quem pertence o ficheiro: envie o campo ${names} antes do ficheiro.`);
  const kind = given[0]!;
  return { kind, id: parseId(fields[kind === 'member' ? MEMBER_FIELD : APPLICATION_FIELD]) };
}

/** What a list or an upload answers of a photo; the addresses are for the caller alone, for a few minutes. */
async function photoView(db: Db, row: MemberFileRow, reader: AuthenticatedCaller | null, now: number) {
  const url = reader ? (await signFileUrl(db, row.file, reader, now)).url : null;
  const thumbUrl = reader && row.thumb_file !== null ? (await signFileUrl(db, row.thumb_file, reader, now)).url : null;
  return { _id: row._id, url, thumbUrl, width: row.width, height: row.height, createdAt: row.created_at };
}

async function documentView(db: Db, row: MemberFileRow, reader: AuthenticatedCaller | null, now: number) {
  const file = await db.selectFrom('files').select(['original_name', 'size']).where('_id', '=', row.file).executeTakeFirstOrThrow();
  const url = reader ? (await signFileUrl(db, row.file, reader, now)).url : null;
  return { _id: row._id, url, originalName: file.original_name, size: file.size, createdAt: row.created_at };
}

const readerOf = (caller: Caller): AuthenticatedCaller | null => (caller.kind === 'anonymous' ? null : caller);

/**
 * Photos and PDF documents of members and applications (SPEC 7): multipart uploads checked by
 * their bytes and stored through src/server/files; lists with short-lived signed addresses.
 */
export function memberFilesRoutes(app: FastifyInstance): void {
  void app.register(async (scope) => {
    const { ctx } = scope;
    const { db } = ctx.database;
    const store = ctx.files;
    const perAddress = createRateLimiter(ctx, 'member-files.public-upload', PUBLIC_UPLOAD_LIMIT);
    await scope.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 100, parts: 6 } });

    const tokenOf = (request: FastifyRequest): string | undefined => {
      const value = request.headers[UPLOAD_TOKEN_HEADER];
      return typeof value === 'string' ? value : undefined;
    };

    async function throttlePublic(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (request.caller.kind !== 'anonymous') return;
      const wait = await perAddress.hit(addressKey(request.ip), ctx.now());
      if (wait <= 0) return;
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      reply.header('retry-after', String(seconds));
      throw tooManyRequests(`Demasiados envios seguidos. Aguarde ${seconds} segundos e tente novamente.`);
    }

    /**
     * The form's fields and its one file, whole; a file over `max` is refused without being
     * kept. One file per request, so each has its own progress and its own answer (SPEC 4).
     */
    async function readUpload(request: FastifyRequest, max: number): Promise<Upload> {
      if (!request.isMultipart()) throw new HttpError(415, `Envie o ficheiro como multipart/form-data, no campo "${FILE_FIELD}".`);
      const fields: Record<string, string> = {};
      let file: Upload['file'] | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') fields[part.fieldname] = String(part.value);
          else if (part.fieldname !== FILE_FIELD) throw badRequest(`Envie o ficheiro no campo "${FILE_FIELD}".`);
          else file = { bytes: await part.toBuffer(), name: part.filename };
        }
      } catch (error) {
        if (error instanceof scope.multipartErrors.RequestFileTooLargeError) throw tooLarge(max);
        if (error instanceof scope.multipartErrors.FilesLimitError) throw badRequest('Envie um ficheiro de cada vez.');
        throw error;
      }
      if (!file) throw badRequest(`Falta o ficheiro: envie-o no campo "${FILE_FIELD}".`);
      if (file.bytes.length > max) throw tooLarge(max);
      return { fields, file };
    }

    const lockParent = ctx.database.engine === 'postgres';

    /** Tells staff's open pages (and a member, of their own record) that the parent's files changed. */
    async function announce(parent: Parent) {
      const resource = scope.registry.resourceByName(parentResource(parent))!;
      const owners = parent.kind === 'member' ? await owningUsers(db, resource, [{ _id: parent.id }], ctx.now()) : [];
      await publishChange(ctx.bus, resource, { action: 'updated', id: parent.id }, owners);
    }

    async function save(parent: Parent, by: Uploader, entries: readonly MemberFileEntry[]): Promise<MemberFileRow> {
      const [row] = await saveMemberFiles(db, store, { parent, by, now: ctx.now, lockParent }, entries);
      await announce(parent);
      return row!;
    }

    async function uploadPhoto(request: FastifyRequest, reply: FastifyReply, parentKind: 'member' | 'application') {
      mayTryWrite(request.caller, tokenOf(request));
      await throttlePublic(request, reply);
      const upload = await readUpload(request, PHOTO_MAX_BYTES);
      const parent = parentFrom(upload.fields, [parentKind]);
      const by = await writerFor(db, request.caller, tokenOf(request), parent, ctx.now());
      const row = await save(parent, by, [await photoEntry(await acceptUpload(upload.file.bytes, upload.file.name, 'image'))]);
      reply.status(201);
      const view = await photoView(db, row, readerOf(request.caller), ctx.now());
      return { data: { _id: view._id, url: view.url, thumbUrl: view.thumbUrl } };
    }

    async function listOf(request: IdRequest, parentKind: 'member' | 'application', kind: 'photo' | 'document') {
      const parent: Parent = { kind: parentKind, id: parseId(request.params.id) };
      const reader = await readerFor(db, request.caller, parent);
      const rows = await listFiles(db, parent, kind);
      const view = kind === 'photo' ? photoView : documentView;
      return { data: await Promise.all(rows.map((row) => view(db, row, reader, ctx.now()))) };
    }

    async function remove(request: IdRequest, reply: FastifyReply, kind: 'photo' | 'document', parentKind?: 'member' | 'application') {
      mayTryWrite(request.caller, tokenOf(request));
      await throttlePublic(request, reply);
      const row = await findMemberFile(db, parseId(request.params.id));
      const parent = row ? parentOf(row) : undefined;
      if (!row || !parent || row.kind !== kind || (parentKind && parent.kind !== parentKind)) throw notFound(kind === 'photo' ? 'Fotografia não encontrada.' : 'Documento não encontrado.');
      await writerFor(db, request.caller, tokenOf(request), parent, ctx.now());
      await removeMemberFile(db, store, row, lockParent);
      await announce(parent);
      return reply.status(204).send();
    }

    const publicWrite = { public: true } as const;
    scope.post('/member_photos', { config: { openapi: DOCS.uploadMemberPhoto } }, (request, reply) => uploadPhoto(request, reply, 'member'));
    scope.post('/member_application_photos', { config: { ...publicWrite, openapi: DOCS.uploadApplicationPhoto } }, (request, reply) => uploadPhoto(request, reply, 'application'));
    scope.get('/members/:id/member_photos', { config: { openapi: DOCS.memberPhotos } }, (request: IdRequest) => listOf(request, 'member', 'photo'));
    scope.get('/member_applications/:id/member_application_photos', { config: { openapi: DOCS.applicationPhotos } }, (request: IdRequest) => listOf(request, 'application', 'photo'));
    scope.get('/members/:id/pdf_documents', { config: { openapi: DOCS.memberDocuments } }, (request: IdRequest) => listOf(request, 'member', 'document'));
    scope.get('/member_applications/:id/pdf_documents', { config: { openapi: DOCS.applicationDocuments } }, (request: IdRequest) => listOf(request, 'application', 'document'));
    scope.delete('/member_photos/:id', { config: { openapi: DOCS.deleteMemberPhoto } }, (request: IdRequest, reply) => remove(request, reply, 'photo', 'member'));
    scope.delete('/member_application_photos/:id', { config: { ...publicWrite, openapi: DOCS.deleteApplicationPhoto } }, (request: IdRequest, reply) => remove(request, reply, 'photo', 'application'));
    scope.delete('/pdf_documents/:id', { config: { ...publicWrite, openapi: DOCS.deleteDocument } }, (request: IdRequest, reply) => remove(request, reply, 'document'));

    scope.post('/pdf_documents', { config: { ...publicWrite, openapi: DOCS.uploadDocuments } }, async (request, reply) => {
      mayTryWrite(request.caller, tokenOf(request));
      await throttlePublic(request, reply);
      const upload = await readUpload(request, DOCUMENT_MAX_BYTES);
      const parent = parentFrom(upload.fields, ['member', 'application']);
      const by = await writerFor(db, request.caller, tokenOf(request), parent, ctx.now());
      const row = await save(parent, by, [{ kind: 'document', main: await acceptUpload(upload.file.bytes, upload.file.name, 'document') }]);
      reply.status(201);
      return { data: await documentView(db, row, readerOf(request.caller), ctx.now()) };
    });
  });
}
