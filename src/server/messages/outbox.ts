import type { Db } from '../db/database.js';
import type { EventBus } from '../realtime/bus.js';
import { messages } from '../resources/definitions/messages.js';
import { publishChange } from '../resources/events.js';

export interface OutgoingMessage {
  recipient: string;
  subject: string;
  body: string;
}

/**
 * Every e-mail the server sends starts as a `messages` row; the sender delivers pending rows
 * when it may. Queuing inside the caller's transaction means a message exists exactly when
 * the change that caused it was committed.
 */
export async function enqueueMessage(db: Db, now: number, message: OutgoingMessage): Promise<number> {
  const stamp = new Date(now).toISOString();
  const row = await db
    .insertInto('messages')
    .values({
      recipient: message.recipient,
      subject: message.subject,
      body: message.body,
      status: 'pending',
      attempts: 0,
      next_attempt_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('_id')
    .executeTakeFirstOrThrow();
  return Number(row._id);
}

/**
 * Tells every instance a message was queued or its status changed, after the change is
 * committed: staff lists refresh and the sender wakes up at once instead of at its next poll.
 */
export async function announceMessage(bus: EventBus, id: number, action: 'created' | 'updated'): Promise<void> {
  await publishChange(bus, messages, { action, id }, []);
}
