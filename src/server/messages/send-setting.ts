import type { Db } from '../db/database.js';
import { readSetting } from '../settings/read.js';

/** Whether the organisation lets the server send messages now (setting SendMessages). */
export async function sendingEnabled(db: Db): Promise<boolean> {
  return readSetting(db, 'SendMessages');
}
