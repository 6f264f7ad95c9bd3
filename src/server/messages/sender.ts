import { changedTopic, RESOURCE, TOPIC } from '../../core/contract.js';
import type { ServerContext } from '../context.js';
import { loadMessageKey, unseal } from './message-secrets.js';
import { announceMessage } from './outbox.js';
import { claimMessage, dueMessageIds, markFailed, markSent, type QueuedMessage } from './queue.js';
import { senderIdentity, sendingEnabled } from './send-setting.js';
import { createSmtpTransport, type MailTransport } from './smtp-transport.js';

export interface SenderOptions {
  /** How often the queue is looked at without being triggered. */
  pollIntervalMs?: number;
  /** After this many failed attempts a message is marked 'failed'. */
  maxAttempts?: number;
  /** Delay before the next attempt, after `failures` failed ones. */
  backoffMs?: (failures: number) => number;
  /** How long a claimed message is reserved for this sender (longer than any SMTP timeout). */
  leaseMs?: number;
  batchSize?: number;
  /** Defaults to SMTP at config.smtpUrl. */
  transport?: MailTransport;
  log?: (message: string) => void;
}

export interface SendSummary {
  sent: number;
  failed: number;
  /** Why nothing was attempted, if so. */
  idle?: 'no smtp' | 'disabled';
}

export interface MessageSender {
  /** Starts polling; also wakes up when settings or messages change on the bus. */
  start(): void;
  /** Stops polling and waits for the delivery in progress. */
  stop(): Promise<void>;
  /** Looks at the queue soon, without waiting for the next poll. */
  trigger(): void;
  /** One pass over the messages due now (waits for a pass already running). */
  runOnce(): Promise<SendSummary>;
}

const DEFAULT_POLL_INTERVAL_MS = 5000;
const DEFAULT_MAX_ATTEMPTS = 8;
const DEFAULT_LEASE_MS = 2 * 60_000;
/** 1, 2, 4, ... minutes, at most an hour: about two hours of retries before giving up. */
const defaultBackoffMs = (failures: number) => Math.min(60_000 * 2 ** Math.max(0, failures - 1), 3_600_000);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Delivers the outbox (`messages` rows) by SMTP while SMTP_URL is set and setting
 * SendMessages is 'true'; otherwise messages wait, and none is lost. Several instances may
 * run a sender on one database: each message is claimed by exactly one of them at a time.
 */
export function createSender(
  ctx: Pick<ServerContext, 'config' | 'database' | 'bus' | 'now'>,
  options: SenderOptions = {},
): MessageSender {
  const { db } = ctx.database;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = options.batchSize ?? 20;
  const log = options.log ?? ((message: string) => console.error(`[associa] ${message}`));
  let transport = options.transport;
  let running: Promise<SendSummary> | undefined;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let key: Buffer | undefined;

  /** The text and HTML the recipient gets: secret links are put back only here, as the e-mail is built. */
  async function deliverable(message: QueuedMessage): Promise<{ text: string; html?: string }> {
    const open = async (sealed: string) => unseal((key ??= await loadMessageKey(db)), sealed, message.recipient);
    const text = message.sealedBody === null ? message.body : await open(message.sealedBody);
    const html = message.sealedHtml === null ? message.html : await open(message.sealedHtml);
    return html === null ? { text } : { text, html };
  }

  function mailer(): MailTransport | undefined {
    if (!transport && ctx.config.smtpUrl) transport = createSmtpTransport(ctx.config.smtpUrl);
    return transport;
  }

  async function pass(): Promise<SendSummary> {
    const smtp = mailer();
    if (!smtp) return { sent: 0, failed: 0, idle: 'no smtp' };
    if (!(await sendingEnabled(db))) return { sent: 0, failed: 0, idle: 'disabled' };
    const summary: SendSummary = { sent: 0, failed: 0 };
    for (;;) {
      const ids = await dueMessageIds(db, ctx.now(), batchSize);
      for (const id of ids) {
        const message = await claimMessage(db, id, ctx.now(), leaseMs);
        if (!message) continue; // another instance took it
        let content: { text: string; html?: string };
        try {
          content = await deliverable(message);
        } catch (error) {
          // A body that does not open now never will (its key is gone or it was altered).
          await markFailed(db, message, ctx.now(), 'A ligação secreta desta mensagem não pôde ser recuperada; a mensagem não foi enviada.', undefined);
          await announceMessage(ctx.bus, message.id, 'updated');
          summary.failed += 1;
          log(`message ${message.id} not sent: its sealed body does not open (${errorText(error)})`);
          continue;
        }
        try {
          await smtp.send({ ...(await senderIdentity(db, ctx.config.mailFrom)), to: message.recipient, subject: message.subject, ...content });
          await markSent(db, message, ctx.now());
          await announceMessage(ctx.bus, message.id, 'updated');
          summary.sent += 1;
        } catch (error) {
          const retryAt = message.attempts >= maxAttempts ? undefined : ctx.now() + backoffMs(message.attempts);
          await markFailed(db, message, ctx.now(), errorText(error), retryAt);
          await announceMessage(ctx.bus, message.id, 'updated');
          summary.failed += 1;
          log(`message ${message.id} not sent (attempt ${message.attempts}/${maxAttempts}): ${errorText(error)}`);
        }
      }
      if (ids.length < batchSize) return summary;
    }
  }

  function runOnce(): Promise<SendSummary> {
    if (running) {
      again = true;
      return running;
    }
    running = pass().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        void runOnce().catch((error: unknown) => log(`message sender failed: ${errorText(error)}`));
      }
    });
    return running;
  }

  function trigger() {
    if (stopped) return;
    runOnce().catch((error: unknown) => log(`message sender failed: ${errorText(error)}`));
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(trigger, pollIntervalMs);
      timer.unref();
      unsubscribe = ctx.bus.subscribe((event) => {
        if (event.topic === TOPIC.settingsUpdated || event.topic === changedTopic(RESOURCE.messages)) trigger();
      });
      trigger();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe?.();
      await running?.catch(() => undefined);
      transport?.close();
      transport = options.transport;
    },
    trigger,
    runOnce,
  };
}

/** What main.ts calls: a started sender, to be stopped before the database closes. */
export function startSender(ctx: Pick<ServerContext, 'config' | 'database' | 'bus' | 'now'>, options?: SenderOptions): MessageSender {
  const sender = createSender(ctx, options);
  sender.start();
  return sender;
}
