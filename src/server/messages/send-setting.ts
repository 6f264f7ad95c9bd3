import type { Db } from '../db/database.js';

export const SEND_MESSAGES_SETTING = 'SendMessages';

/** Whether the organisation lets the server send messages now (setting SendMessages is 'true'). */
export async function sendingEnabled(db: Db): Promise<boolean> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', SEND_MESSAGES_SETTING).executeTakeFirst();
  return row?.value === 'true';
}
