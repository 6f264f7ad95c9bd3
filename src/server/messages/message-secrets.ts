import type { Db } from '../db/database.js';
import { seal as sealWith, serverKey, unseal as unsealWith } from '../db/sealing.js';

/*
 * Secret links in e-mails (login links, password recovery, payment information) must reach
 * the recipient and nobody else, yet every e-mail waits in the `messages` table that staff
 * read. So a message carrying secrets is stored twice: `body` with each secret replaced by
 * HIDDEN_LINK (what the API shows), and `sealed_body`, the deliverable text encrypted with a
 * server key. `sealed_body` is no field of the messages resource, so no role can read it
 * through the API; the sender opens it only to build the e-mail, then clears it.
 */

/** What staff read in place of a secret link. */
export const HIDDEN_LINK = '[ligação oculta: enviada apenas ao destinatário]';

/** `{{name}}` in a message template: where a secret link goes. */
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

const KEY_NAME = 'message_secrets';

/** The key sealing message secrets, kept in server_secrets so every instance shares it. */
export const loadMessageKey = (db: Db): Promise<Buffer> => serverKey(db, KEY_NAME);

/**
 * Encrypts `text`, bound to its recipient (additional authenticated data): a sealed body
 * copied onto another message does not open.
 */
export const seal = (key: Buffer, text: string, recipient: string): string => sealWith(key, text, recipient);

/** The text `seal` encrypted; throws if it was tampered with or sealed for another recipient. */
export function unseal(key: Buffer, sealed: string, recipient: string): string {
  const text = unsealWith(key, sealed, recipient);
  if (text === null) throw new Error('sealed body does not open');
  return text;
}

/**
 * Fills a template's `{{name}}` placeholders: with HIDDEN_LINK for readers, with the links
 * for the recipient. Only the names of `links` are placeholders (a person's name such as
 * "{{x}}" in the text stays as it is), and every link must appear, so a misspelt placeholder
 * cannot silently drop it.
 */
export function fillTemplate(template: string, links: Readonly<Record<string, string>>): { readable: string; deliverable: string } {
  const used = new Set<string>();
  const fill = (hide: boolean) =>
    template.replace(PLACEHOLDER, (match, name: string) => {
      if (!Object.hasOwn(links, name)) return match;
      used.add(name);
      return hide ? HIDDEN_LINK : links[name]!;
    });
  const deliverable = fill(false);
  const unused = Object.keys(links).filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`secret links without a placeholder: ${unused.join(', ')}`);
  return { readable: fill(true), deliverable };
}

/**
 * The text the recipient receives for one stored message: its sealed body opened, or its
 * plain body when it carries no secret. Undefined when the message is unknown, or when its
 * secrets were already cleared (sent or given up).
 */
export async function deliverableBody(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('messages').select(['recipient', 'body', 'sealed_body']).where('_id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  if (row.sealed_body === null) return row.body.includes(HIDDEN_LINK) ? undefined : row.body;
  return unseal(await loadMessageKey(db), row.sealed_body, row.recipient);
}
