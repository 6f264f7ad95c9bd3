import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The bytes of uploaded files under `<dataDir>/files/`, each by a random key (never a name
 * the client chose), in a subdirectory per first two characters so no directory grows huge.
 */
export interface FileStore {
  /** Writes the bytes under a new key and returns it; the file appears whole or not at all. */
  write(bytes: Buffer): Promise<string>;
  /** Writes a stream under a new key, never holding it whole (a large download's zip); answers the key, size and SHA-256. */
  writeStream(source: Readable): Promise<{ key: string; size: number; sha256: string }>;
  read(key: string): fs.ReadStream;
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{32}$/;

/** The directory holding the uploaded files of a server whose data directory is `dataDir` (the setting filesDir shows it). */
export const filesDirectory = (dataDir: string): string => path.join(dataDir, 'files');

export function fileStore(dataDir: string): FileStore {
  const root = filesDirectory(dataDir);
  const pathOf = (key: string) => {
    // Keys come from our own table, but a path is never built from an unchecked string.
    if (!KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return path.join(root, key.slice(0, 2), key);
  };

  return {
    async write(bytes) {
      const key = randomBytes(16).toString('hex');
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Written beside its final place, then renamed (atomic on one file system): a crash
      // leaves a stray .part file, never a truncated file under a key.
      const temporary = `${target}.${randomBytes(4).toString('hex')}.part`;
      try {
        await fs.promises.writeFile(temporary, bytes, { flag: 'wx' });
        await fs.promises.rename(temporary, target);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
      return key;
    },
    async writeStream(source) {
      const key = randomBytes(16).toString('hex');
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(4).toString('hex')}.part`;
      const hash = createHash('sha256');
      let size = 0;
      const counted = async function* () {
        for await (const chunk of source) {
          hash.update(chunk as Buffer);
          size += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
      };
      try {
        await pipeline(counted, fs.createWriteStream(temporary, { flags: 'wx' }));
        await fs.promises.rename(temporary, target);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
      return { key, size, sha256: hash.digest('hex') };
    },
    read(key) {
      return fs.createReadStream(pathOf(key));
    },
    async remove(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
  };
}
