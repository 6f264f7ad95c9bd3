import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError, invalidRecord } from '../errors.js';
import { acceptedTypes, formatNames, isImageType, type FileKind } from './kinds.js';
import { reencodeImage } from './image.js';

/** An upload checked and ready to store. */
export interface AcceptedFile {
  bytes: Buffer;
  contentType: string;
  originalName: string;
  sha256: string;
}

const MAX_NAME_LENGTH = 255;
const FALLBACK_NAME = 'ficheiro';

/** The client's file name as a label: no folders, no control characters, not too long. */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base.replace(/\p{Cc}|\p{Cf}/gu, '').trim().slice(0, MAX_NAME_LENGTH);
  return clean === '' || clean === '.' || clean === '..' ? FALLBACK_NAME : clean;
}

/**
 * Checks an upload by what its bytes are (the name and the declared type are the client's
 * word, so they decide nothing) and makes it safe to store: images are re-encoded, which
 * drops their metadata. Refuses with 415 a type the use does not accept and with 422 an
 * image that cannot be read.
 */
export async function acceptUpload(bytes: Buffer, clientName: string | undefined, kind: FileKind | undefined): Promise<AcceptedFile> {
  const allowed = acceptedTypes(kind);
  let detected = (await fileTypeFromBuffer(bytes))?.mime;
  // Text has no magic bytes: a statement is accepted as CSV when it is UTF-8 without NUL.
  if (!detected && allowed.includes('text/csv') && !bytes.includes(0) && isUtf8(bytes)) detected = 'text/csv';
  if (!detected || !allowed.includes(detected)) {
    throw new HttpError(415, `Tipo de ficheiro não aceite. Envie um ficheiro ${formatNames(allowed)}.`);
  }
  let stored = bytes;
  if (isImageType(detected)) {
    try {
      stored = await reencodeImage(bytes, detected);
    } catch {
      throw invalidRecord({ file: 'A imagem está danificada ou não pode ser lida.' });
    }
  }
  return {
    bytes: stored,
    contentType: detected,
    originalName: cleanFileName(clientName),
    sha256: createHash('sha256').update(stored).digest('hex'),
  };
}
