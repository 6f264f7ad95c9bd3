import type { Db } from '../db/database.js';
import type { EventBus } from '../realtime/bus.js';
import { messages } from '../modules/messages/public.js';
import { publishChange } from '../resources/events.js';
import { escapeHtml } from './escape-html.js';
import { fillTemplate, loadMessageKey, seal } from './message-secrets.js';

export interface OutgoingMessage {
  recipient: string;
  subject: string;
  /** The text; with `secretLinks`, a template whose `{{name}}` placeholders they fill. */
  body: string;
  /**
   * The same message as HTML (an e-mail's HTML part), when there is one; with `secretLinks`, it
   * must hold every placeholder too. The links are HTML-escaped where they go.
   */
  html?: string;
  /**
   * Links only the recipient may see (login links, password recovery, payment information),
   * by placeholder name. Staff reading the outbox see them hidden; the sender puts them back.
   */
  secretLinks?: Readonly<Record<string, string>>;
  /**
   * A message that must never be queued twice (a reminder for one member, debt set and stage):
   * a second enqueue with the same key queues nothing and answers the first message's id.
   */
  dedupeKey?: string;
}

// A link is text inside HTML (an href, a paragraph): '&' in a query string must stay '&amp;'.
const escapedLinks = (links: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(links).map(([name, link]) => [name, escapeHtml(link)]));

/**
 * Every e-mail the server sends starts as a `messages` row; the sender delivers pending rows
 * when it may. Queuing inside the caller's transaction means a message exists exactly when
 * the change that caused it was committed.
 */
export async function enqueueMessage(db: Db, now: number, message: OutgoingMessage): Promise<number> {
  const stamp = new Date(now).toISOString();
  let body = message.body;
  let sealed: string | null = null;
  let html = message.html ?? null;
  let sealedHtml: string | null = null;
  if (message.secretLinks) {
    const key = await loadMessageKey(db);
    const { readable, deliverable } = fillTemplate(message.body, message.secretLinks);
    body = readable;
    sealed = seal(key, deliverable, message.recipient);
    if (html !== null) {
      const filled = fillTemplate(html, escapedLinks(message.secretLinks));
      html = filled.readable;
      sealedHtml = seal(key, filled.deliverable, message.recipient);
    }
  }
  const insert = db
    .insertInto('messages')
    .values({
      recipient: message.recipient,
      subject: message.subject,
      body,
      sealed_body: sealed,
      html,
      sealed_html: sealedHtml,
      status: 'pending',
      attempts: 0,
      next_attempt_at: stamp,
      created_at: stamp,
      updated_at: stamp,
      ...(message.dedupeKey === undefined ? {} : { dedupe_key: message.dedupeKey }),
    })
    .returning('_id');
  if (message.dedupeKey === undefined) return (await insert.executeTakeFirstOrThrow())._id;
  // A unique key, never check-then-insert: two callers at once queue one message.
  const row = await insert.onConflict((conflict) => conflict.column('dedupe_key').doNothing()).executeTakeFirst();
  if (row) return row._id;
  const existing = await db.selectFrom('messages').select('_id').where('dedupe_key', '=', message.dedupeKey).executeTakeFirstOrThrow();
  return existing._id;
}

/**
 * Tells every instance a message was queued or its status changed, after the change is
 * committed: staff lists refresh and the sender wakes up at once instead of at its next poll.
 */
export async function announceMessage(bus: EventBus, id: number, action: 'created' | 'updated'): Promise<void> {
  await publishChange(bus, messages, { action, id }, []);
}
