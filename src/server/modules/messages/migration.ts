import type { Migration } from '../../db/migrate.js';

/**
 * An optional HTML part for outgoing messages (reminders are written as HTML and text). Like
 * the text, it is kept twice when the message carries secret links: `html` as staff read it
 * (links hidden) and `sealed_html`, the deliverable HTML encrypted (messages/message-secrets.ts).
 */
export const messageHtmlMigration: Migration = {
  name: '016_message_html',
  async up(db) {
    await db.schema.alterTable('messages').addColumn('html', 'text').execute();
    await db.schema.alterTable('messages').addColumn('sealed_html', 'text').execute();
  },
};
