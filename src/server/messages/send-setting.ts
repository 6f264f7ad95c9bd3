import type { Db } from '../db/database.js';
import { readSetting } from '../settings/read.js';
import type { MailMessage } from './smtp-transport.js';

/** Whether the organisation lets the server send messages now (setting SendMessages). */
export async function sendingEnabled(db: Db): Promise<boolean> {
  return readSetting(db, 'SendMessages');
}

/**
 * Who an e-mail is from: the server's address (configuration: the mail server must accept it)
 * under the display name staff chose, and where answers go (settings messageSenderName and
 * messageReplyTo). Read per message, so a change applies to the next one sent.
 */
export async function senderIdentity(db: Db, mailFrom: string): Promise<Pick<MailMessage, 'from' | 'replyTo'>> {
  const name = (await readSetting(db, 'messageSenderName')).trim();
  const replyTo = (await readSetting(db, 'messageReplyTo')).trim();
  // MAIL_FROM may carry its own name ("Associa <noreply@...>"): the chosen name replaces it.
  const address = /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return { from: name === '' ? mailFrom : { name, address }, ...(replyTo === '' ? {} : { replyTo }) };
}
