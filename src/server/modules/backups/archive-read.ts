import { PassThrough, type Readable } from 'node:stream';
import { openZip, ZipDamagedError, type ZipEntry, type ZipReader } from '../../zip/reader.js';

/** One part of a backup's zip, as its central directory describes it. */
export type ArchiveEntry = ZipEntry;

export class DamagedBackupError extends Error {}

const damaged = (why: string, cause: unknown) =>
  new DamagedBackupError(`O ficheiro não é uma cópia de segurança completa do Associa (${why}). Pode estar truncado ou danificado. Use outra cópia.`, { cause });

/** The zip's own errors in the backups' words; any other (the disk's) as it is. */
const asBackupError = (error: unknown, why: string) => (error instanceof ZipDamagedError ? damaged(why, error) : error);

/**
 * A backup's zip (src/server/zip, yauzl): its central directory read and checked whole, its
 * parts streamed from their place. A truncated file has no directory and is refused here,
 * before anything is read from it. close() when done with it.
 */
export async function openArchive(file: string): Promise<{ entries: ReadonlyMap<string, ArchiveEntry>; open(entry: ArchiveEntry): Promise<Readable>; close(): void }> {
  let zip: ZipReader;
  try {
    zip = await openZip(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new DamagedBackupError(`O ficheiro ${file} não existe.`);
    throw asBackupError(error, 'o índice final falta ou está danificado');
  }
  return {
    entries: zip.entries,
    async open(entry) {
      const why = `a parte ${entry.name} está danificada`;
      let stream: Readable;
      try {
        stream = await zip.open(entry);
      } catch (error) {
        throw asBackupError(error, why);
      }
      // The stream's failure, too, in the backups' words (verifyBackup passes a DamagedBackupError on as it is).
      const out = new PassThrough();
      stream.on('error', (error) => out.destroy(asBackupError(error, why) as Error));
      out.on('close', () => {
        if (!stream.readableEnded) stream.destroy();
      });
      return stream.pipe(out);
    },
    close: () => zip.close(),
  };
}
