// The organisation's logo: POST /api/organisation_logo (multipart, administrators) checks the image
// by its bytes (PNG or JPEG: what pdfkit draws), shrinks it and stores it through the file store,
// then names its file in setting orgLogo; DELETE clears the setting; GET serves it to anyone,
// like the organisation's name. A replaced logo's file is kept: a receipt issued with it names it.
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE } from '../../../core/contract.js';
import { LOGO_SETTING, SETUP_PATHS } from '../../../core/setup.js';
import type { AuthenticatedCaller } from '../../auth/caller.js';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../errors.js';
import { acceptUpload } from '../../files/accept.js';
import { insertFile } from '../../files/records.js';
import { loadSharp } from '../../files/sharp.js';
import { readLogo } from '../../pdf/letterhead.js';
import { readSetting } from '../../settings/read.js';
import { LOGO_DELETE_DOC, LOGO_GET_DOC, LOGO_UPLOAD_DOC } from './route-docs.js';
import { announceSettings, writeSetting } from './write-setting.js';

const FILE_FIELD = 'file';
const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** Largest side kept, in pixels: sharp on paper at 3 cm and light in every PDF. */
const LOGO_MAX_SIDE = 600;

function admin(request: FastifyRequest): AuthenticatedCaller {
  const { caller } = request;
  if (caller.kind === 'anonymous') throw unauthorized();
  if (caller.role !== ROLE.admin) throw forbidden('Só os administradores mudam o logótipo.');
  return caller;
}

/** The image no larger than LOGO_MAX_SIDE on either side, in its own format. */
async function shrink(bytes: Buffer, type: string): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(bytes).resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  return type === 'image/png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

export function logoRoutes(app: FastifyInstance): void {
  void app.register(async (scope) => {
    const { ctx } = scope;
    const { db } = ctx.database;
    const store = ctx.files;
    await scope.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

    async function uploaded(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
      if (!request.isMultipart()) throw new HttpError(415, `Envie a imagem como multipart/form-data, no campo "${FILE_FIELD}".`);
      try {
        const part = await request.file();
        if (!part || part.fieldname !== FILE_FIELD) throw badRequest(`Falta a imagem: envie-a no campo "${FILE_FIELD}".`);
        return { bytes: await part.toBuffer(), name: part.filename };
      } catch (error) {
        if (error instanceof scope.multipartErrors.RequestFileTooLargeError) throw new HttpError(413, 'A imagem é demasiado grande: o máximo são 5 MB.');
        throw error;
      }
    }

    scope.post(`/${SETUP_PATHS.logo}`, { config: { openapi: LOGO_UPLOAD_DOC } }, async (request) => {
      const caller = admin(request);
      const upload = await uploaded(request);
      const accepted = await acceptUpload(upload.bytes, upload.name, 'logo');
      const bytes = await shrink(accepted.bytes, accepted.contentType);
      const storageKey = await store.write(bytes);
      try {
        const { file, changed } = await db.transaction().execute(async (trx) => {
          const stored = { originalName: accepted.originalName, contentType: accepted.contentType, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
          const record = await insertFile(trx, { ...stored, storageKey, uploadedBy: caller, at: ctx.now() });
          return { file: record, changed: await writeSetting(trx, ctx.now(), { caller, address: request.ip ?? null }, LOGO_SETTING, String(record._id)) };
        });
        if (changed !== null) await announceSettings(ctx, changed);
        return { data: { file: file._id, contentType: file.contentType } };
      } catch (error) {
        await store.remove(storageKey);
        throw error;
      }
    });

    scope.delete(`/${SETUP_PATHS.logo}`, { config: { openapi: LOGO_DELETE_DOC } }, async (request, reply) => {
      const caller = admin(request);
      const changed = await db.transaction().execute((trx) => writeSetting(trx, ctx.now(), { caller, address: request.ip ?? null }, LOGO_SETTING, ''));
      if (changed !== null) await announceSettings(ctx, changed);
      return reply.status(204).send();
    });

    scope.get(`/${SETUP_PATHS.logo}`, { config: { public: true, openapi: LOGO_GET_DOC } }, async (_request, reply) => {
      const logo = await readLogo(db, ctx.files, await readSetting(db, 'orgLogo'));
      if (!logo) throw notFound('A organização não tem logótipo.');
      return reply
        .header('content-type', logo.contentType)
        .header('x-content-type-options', 'nosniff')
        // Public like the name; a new logo is a new file, so a short cache is enough.
        .header('cache-control', 'public, max-age=300')
        .send(logo.bytes);
    });
  });
}
