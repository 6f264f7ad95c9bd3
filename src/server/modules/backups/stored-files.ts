import fs from 'node:fs';
import path from 'node:path';
import { filesDirectory } from '../../files/store.js';

const KEY = /^[0-9a-f]{32}$/;

/** Every stored file's key (uploads, card and receipt PDFs), as the file store lays them out; a half-written .part is none. */
export async function storedKeys(dataDir: string): Promise<string[]> {
  const root = filesDirectory(dataDir);
  const keys: string[] = [];
  let shelves: string[];
  try {
    shelves = await fs.promises.readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return keys;
    throw error;
  }
  for (const shelf of shelves.sort()) {
    if (!/^[0-9a-f]{2}$/.test(shelf)) continue;
    for (const name of (await fs.promises.readdir(path.join(root, shelf))).sort()) if (KEY.test(name) && name.startsWith(shelf)) keys.push(name);
  }
  return keys;
}

export const storedPath = (dataDir: string, key: string) => path.join(filesDirectory(dataDir), key.slice(0, 2), key);
