import { sql } from 'kysely';
import type { Migration } from '../../db/migrate.js';

/**
 * payment_messages: a view over the outbox of the messages about payments that name their member.
 * Staged reminders name it in reminder_decisions; a notice to a selection of members in its
 * deduplication key (`notify:{batch}:{member}`, reminders/notify.ts); a payment request handed
 * over by e-mail through the payment link keyed like the message (`hand_over:…`,
 * payment-links/hand-over.ts). A receipt sent by e-mail records no member and is left out.
 */
export const paymentMessagesMigration: Migration = {
  name: 'reminders/038_payment_messages',
  async up(db, engine) {
    // The member number ending a notice's key.
    const noticeMember =
      engine === 'postgres'
        ? sql`CAST(substring(dedupe_key from '[0-9]+$') AS integer)`
        : sql`CAST(substr(dedupe_key, length(rtrim(dedupe_key, '0123456789')) + 1) AS INTEGER)`;
    await sql`
      CREATE VIEW payment_messages AS
      SELECT m._id AS _id, m._version AS _version, m.created_at AS created_at, m.updated_at AS updated_at,
        s.member AS member, s.kind AS kind, m.subject AS subject, m.recipient AS recipient, m.status AS status,
        m.sent_at AS sent_at, m._id AS message
      FROM (
        SELECT message AS message_id, member, 'reminder' AS kind FROM reminder_decisions WHERE message IS NOT NULL
        UNION ALL
        SELECT _id, ${noticeMember}, 'notice' FROM messages WHERE dedupe_key LIKE 'notify:%'
        UNION ALL
        SELECT h._id, l.member, 'payment_request' FROM messages h JOIN payment_links l ON l.purpose = h.dedupe_key WHERE h.dedupe_key LIKE 'hand_over:%'
      ) s
      JOIN messages m ON m._id = s.message_id
    `.execute(db);
  },
};
