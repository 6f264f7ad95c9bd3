import fs from 'node:fs';
import { createInflateRaw } from 'node:zlib';
import { Readable } from 'node:stream';

/** One entry of a zip, as its central directory describes it. */
export interface ArchiveEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export class DamagedBackupError extends Error {}

const damaged = (why: string) =>
  new DamagedBackupError(`O ficheiro não é uma cópia de segurança completa do Associa (${why}). Pode estar truncado ou danificado. Use outra cópia.`);

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

async function readAt(handle: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw damaged('termina antes do fim esperado');
  return buffer;
}

/**
 * A zip read from its central directory (at the end of the file), its entries streamed from
 * their place: nothing is held in memory but the directory. A truncated file has no directory
 * and is refused here, before anything is read from it.
 */
export async function openArchive(file: string): Promise<{ entries: Map<string, ArchiveEntry>; open(entry: ArchiveEntry): Promise<Readable> }> {
  const handle = await fs.promises.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new DamagedBackupError(`O ficheiro ${file} não existe.`);
    throw error;
  });
  try {
    const { size } = await handle.stat();
    if (size < EOCD_SIZE) throw damaged('é demasiado pequeno');
    const tailLength = Math.min(size, EOCD_SIZE + MAX_COMMENT);
    const tail = await readAt(handle, size - tailLength, tailLength);
    let at = -1;
    for (let i = tail.length - EOCD_SIZE; i >= 0; i -= 1) {
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    }
    if (at < 0) throw damaged('falta-lhe o índice final');
    const count = tail.readUInt16LE(at + 10);
    const directorySize = tail.readUInt32LE(at + 12);
    const directoryOffset = tail.readUInt32LE(at + 16);
    if (directoryOffset + directorySize > size) throw damaged('o índice aponta para fora do ficheiro');
    const directory = await readAt(handle, directoryOffset, directorySize);
    const entries = new Map<string, ArchiveEntry>();
    let p = 0;
    for (let n = 0; n < count; n += 1) {
      if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL) throw damaged('o índice está danificado');
      const nameLength = directory.readUInt16LE(p + 28);
      const extraLength = directory.readUInt16LE(p + 30);
      const commentLength = directory.readUInt16LE(p + 32);
      const entry: ArchiveEntry = {
        method: directory.readUInt16LE(p + 10),
        compressedSize: directory.readUInt32LE(p + 20),
        size: directory.readUInt32LE(p + 24),
        localOffset: directory.readUInt32LE(p + 42),
        name: directory.toString('utf8', p + 46, p + 46 + nameLength),
      };
      if (entry.method !== 0 && entry.method !== 8) throw damaged(`a parte ${entry.name} usa uma compressão desconhecida`);
      entries.set(entry.name, entry);
      p += 46 + nameLength + extraLength + commentLength;
    }
    await handle.close();
    return {
      entries,
      async open(entry) {
        const local = await fs.promises.open(file, 'r');
        let start: number;
        try {
          const header = await readAt(local, entry.localOffset, 30);
          if (header.readUInt32LE(0) !== LOCAL) throw damaged(`a parte ${entry.name} está danificada`);
          start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
        } finally {
          await local.close();
        }
        if (start + entry.compressedSize > size) throw damaged(`a parte ${entry.name} está cortada`);
        // createReadStream's end is inclusive: an empty range cannot be said.
        if (entry.compressedSize === 0) return Readable.from([]);
        const raw = fs.createReadStream(file, { start, end: start + entry.compressedSize - 1 });
        if (entry.method === 0) return raw;
        const inflate = createInflateRaw();
        raw.on('error', (error) => inflate.destroy(error));
        return raw.pipe(inflate);
      },
    };
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}
