import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { filesDirectory, STORAGE_KEY, StoredFileMissing, type FileStore } from './store.js';

const newKey = () => randomBytes(16).toString('hex');

/**
 * The files under `<dataDir>/files/`, in a subdirectory per first two characters of the key so no
 * directory grows huge. One instance's own: another instance, with its own data directory, does
 * not see them (the database store is for several instances).
 */
export function directoryFileStore(dataDir: string): FileStore {
  const root = filesDirectory(dataDir);
  const pathOf = (key: string) => {
    // Keys come from our own table, but a path is never built from an unchecked string.
    if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return path.join(root, key.slice(0, 2), key);
  };

  /**
   * Written beside its final place, then renamed (atomic on one file system): a crash leaves a
   * stray .part file, never a truncated file under a key.
   */
  async function writeThenRename<T>(write: (temporary: string) => Promise<T>): Promise<{ key: string; written: T }> {
    const key = newKey();
    const target = pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(4).toString('hex')}.part`;
    try {
      const written = await write(temporary);
      await fs.promises.rename(temporary, target);
      return { key, written };
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    kind: 'directory',
    async write(bytes) {
      return (await writeThenRename((temporary) => fs.promises.writeFile(temporary, bytes, { flag: 'wx' }))).key;
    },
    async writeStream(source) {
      const hash = createHash('sha256');
      let size = 0;
      const counted = async function* () {
        for await (const chunk of source) {
          hash.update(chunk as Buffer);
          size += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
      };
      const { key } = await writeThenRename((temporary) => pipeline(counted, fs.createWriteStream(temporary, { flags: 'wx' })));
      return { key, size, sha256: hash.digest('hex') };
    },
    async open(key) {
      let handle: fs.promises.FileHandle;
      try {
        // Opened before the stream is handed over: a missing file is known before any byte.
        handle = await fs.promises.open(pathOf(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileMissing(key);
        throw error;
      }
      // The stream closes the handle when it ends or is destroyed.
      return handle.createReadStream();
    },
    async remove(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
    async *keys() {
      let folders: string[];
      try {
        folders = (await fs.promises.readdir(root)).sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const folder of folders) {
        if (!/^[0-9a-f]{2}$/.test(folder)) continue;
        const names = await fs.promises.readdir(path.join(root, folder)).catch(() => [] as string[]);
        // A .part file is a write that never finished: no key.
        for (const name of names.sort()) if (STORAGE_KEY.test(name) && name.startsWith(folder)) yield name;
      }
    },
  };
}
