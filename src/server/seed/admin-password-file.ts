import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * The first admin's random password, kept under the data directory until that account first
 * logs in, so a crash between the commit that makes the password valid and the banner that
 * shows it never leaves the operator without a way in.
 */
export const ADMIN_PASSWORD_FILE = 'admin-password.txt';

export interface SavedPassword {
  username: string;
  password: string;
}

export function adminPasswordFile(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, ADMIN_PASSWORD_FILE);
}

const USERNAME_LINE = /^username: (.+)$/m;
const PASSWORD_LINE = /^password: (.+)$/m;

function contents({ username, password }: SavedPassword): string {
  return [
    '# Associa: the first administrator account, created at first start.',
    '# This file is deleted when this account first logs in with this password.',
    `username: ${username}`,
    `password: ${password}`,
    '',
  ].join('\n');
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes the file readable only by this process's user, durably and atomically: a temporary
 * file is written and synced, then renamed over the old one, then the directory is synced,
 * so after a crash the file holds either the old contents or the new ones, never half.
 */
export async function savePassword(config: Pick<Config, 'dataDir'>, saved: SavedPassword): Promise<void> {
  const file = adminPasswordFile(config);
  const temporary = `${file}.tmp`;
  try {
    await fs.mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    // A temporary file left by an earlier crash is replaced, never reused with its old mode.
    await fs.rm(temporary, { force: true });
    const handle = await fs.open(temporary, 'wx', 0o600);
    try {
      await handle.chmod(0o600);
      await handle.writeFile(contents(saved), 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, file);
    await syncDirectory(config.dataDir);
  } catch (error) {
    throw new Error(`Could not save the first administrator's password in ${file}: ${(error as Error).message}`, { cause: error });
  }
}

/** The saved account, or null when there is no file (or it is not one of ours). */
export async function readSavedPassword(config: Pick<Config, 'dataDir'>): Promise<SavedPassword | null> {
  let text: string;
  try {
    text = await fs.readFile(adminPasswordFile(config), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const username = USERNAME_LINE.exec(text)?.[1];
  const password = PASSWORD_LINE.exec(text)?.[1];
  return username && password ? { username, password } : null;
}

export async function removeSavedPassword(config: Pick<Config, 'dataDir'>): Promise<void> {
  await fs.rm(adminPasswordFile(config), { force: true });
}

/**
 * Called after a successful password login: the first login of the account the file names
 * deletes the file, since its owner evidently has the password. Never fails the login.
 */
export async function forgetFirstStartPassword(config: Pick<Config, 'dataDir'>, username: string): Promise<void> {
  try {
    const saved = await readSavedPassword(config);
    if (saved && saved.username.toLowerCase() === username.toLowerCase()) await removeSavedPassword(config);
  } catch (error) {
    console.error(`Could not delete ${adminPasswordFile(config)} after the first login:`, error);
  }
}
