// A message to many members for a declared purpose (POST /api/members/broadcast): a purpose that
// rests on consent reaches only those who gave it, and the answer says how many were left out and
// why. Copied from the reminders' notify: up to an inline maximum the messages are queued in the
// request's transaction, above it by a job in steps that each commit.
import { STAFF_ROLES } from '../../../../core/contract.js';
import type { ServerContext } from '../../../context.js';
import type { Db } from '../../../db/database.js';
import { invalidRecord } from '../../../errors.js';
import type { JobDefinition } from '../../../jobs/types.js';
import { announceMessage, enqueueMessage } from '../../../messages/outbox.js';
import { defineAction } from '../../../resources/actions.js';
import type { MessageRecipient } from '../../members/public.js';
import { audienceOf, selectionOf, type BroadcastSelection, type LeftOut } from './audience.js';
import type { PurposeRow } from './purposes.js';
import { asksConsent, purposeByKey } from './register.js';

const BROADCAST_JOB = 'privacy.broadcast';
/** Up to this many messages they are queued in the request's own transaction; more go to a job. */
const BROADCAST_INLINE_MAX = 200;
/** Messages one transaction of the job queues (each step commits: on SQLite a transaction holds the only connection). */
const BROADCAST_STEP = 50;
const BATCH_KEY = /^[A-Za-z0-9_-]{8,64}$/;

interface Letter {
  purpose: Pick<PurposeRow, 'name' | 'basis'>;
  subject: string;
  body: string;
}

/** The text each recipient reads: `{nome}` is their name; a consent purpose says why they receive it and how to stop. */
function letterText(letter: Letter, recipient: MessageRecipient): string {
  const text = letter.body.replaceAll('{nome}', recipient.name);
  if (!asksConsent(letter.purpose)) return text;
  return `${text}\n\n—\nRecebe esta mensagem porque deu consentimento para «${letter.purpose.name}». Pode retirá-lo a qualquer momento na sua área de sócio, em Consentimentos.`;
}

/** Queues one message per recipient under `broadcast:{batchKey}:{member}`: the same batch sent again queues nothing twice. */
async function queueLetters(db: Db, now: number, letter: Letter, recipients: readonly MessageRecipient[], batchKey: string): Promise<number[]> {
  const messages: number[] = [];
  for (const recipient of recipients) {
    messages.push(
      await enqueueMessage(db, now, { recipient: recipient.email!, subject: letter.subject, body: letterText(letter, recipient), dedupeKey: `broadcast:${batchKey}:${recipient.member}` }),
    );
  }
  return messages;
}

const announceAll = async (ctx: Pick<ServerContext, 'bus'>, messages: readonly number[]) => {
  for (const id of messages) await announceMessage(ctx.bus, id, 'created');
};

interface BroadcastPayload {
  batchKey: string;
  purpose: number;
  subject: string;
  body: string;
  selection: BroadcastSelection;
}

/**
 * A large broadcast: the audience read again when it runs (a consent withdrawn meanwhile is
 * honoured), then its messages in steps that each commit, announced after their commit. A retry
 * queues only what is missing (the keys).
 */
export const broadcastJob: JobDefinition = {
  name: BROADCAST_JOB,
  label: 'Mensagem a vários sócios',
  resultForStaff: true,
  async run({ db, payload, ctx, progress }) {
    const p = payload as BroadcastPayload;
    const purpose = (await db.selectFrom('consent_purposes').select(['_id', 'key', 'name', 'description', 'basis', 'version', 'active', 'on_application']).where('_id', '=', p.purpose).executeTakeFirstOrThrow()) as PurposeRow;
    const audience = await audienceOf({ ...ctx.database, db }, p.selection, purpose, ctx.now());
    const letter = { purpose, subject: p.subject, body: p.body };
    const { recipients } = audience;
    let queued = 0;
    for (let from = 0; from < recipients.length; from += BROADCAST_STEP) {
      const step = recipients.slice(from, from + BROADCAST_STEP);
      const messages = await db.transaction().execute((trx) => queueLetters(trx, ctx.now(), letter, step, p.batchKey));
      await announceAll(ctx, messages);
      queued += messages.length;
      await progress(from + step.length, recipients.length);
    }
    return { queued, left_out: audience.leftOut };
  },
};

export interface BroadcastAnswer {
  /** Members chosen, before anyone was left out. */
  members: number;
  /** Messages that go (or would go, on a dry run). */
  to_send: number;
  /** Messages queued now; null on a dry run or when a job queues them. */
  queued: number | null;
  left_out: LeftOut;
  dry_run: boolean;
  job: { _id: number; state: string; name: string } | null;
}

/**
 * POST /members/broadcast: a message (subject, text) for a declared purpose to the members chosen
 * by `ids` or by the members list's filters (`query`, as in the list's address; neither: every
 * member). `dry_run` answers the counts and queues nothing: the page says them before sending.
 * `batch_key` (made by the page once per message) keys each member's message, so a repeated
 * request queues nothing twice.
 */
export const broadcastAction = defineAction({
  resource: 'members',
  name: 'broadcast',
  label: 'Enviar mensagem aos sócios',
  on: 'collection',
  access: STAFF_ROLES,
  fields: [
    { name: 'batch_key', type: 'string', label: 'Identificador do envio', validation: { required: true, maxLength: 64 } },
    { name: 'purpose', type: 'string', label: 'Finalidade', validation: { required: true, maxLength: 40 } },
    { name: 'subject', type: 'string', label: 'Assunto', validation: { required: true, minLength: 2, maxLength: 200 } },
    { name: 'body', type: 'text', label: 'Mensagem', validation: { required: true, minLength: 2, maxLength: 20000 } },
    { name: 'dry_run', type: 'boolean', label: 'Só contar, sem enviar' },
    { name: 'query', type: 'string', label: 'Filtros da lista de sócios', validation: { maxLength: 2000 } },
  ],
  async run({ db, ctx, input, body, caller, jobs, afterCommit }) {
    const batchKey = String(input.batch_key);
    if (!BATCH_KEY.test(batchKey)) throw invalidRecord({ batch_key: 'Identificador do envio inválido: use 8 a 64 letras, algarismos, "-" ou "_".' });
    const purpose = await purposeByKey(db, String(input.purpose));
    if (!purpose || Number(purpose.active) !== 1) throw invalidRecord({ purpose: 'Finalidade desconhecida: escolha uma das finalidades ativas (Configuração › Privacidade).' });
    const selection = selectionOf(body);
    const now = ctx.now();
    const audience = await audienceOf({ ...ctx.database, db }, selection, purpose, now);
    if (audience.chosen === 0) throw invalidRecord({ query: 'Nenhum sócio corresponde a esta escolha.' });
    const answer = { members: audience.chosen, to_send: audience.recipients.length, left_out: audience.leftOut };
    if (input.dry_run === 1 || input.dry_run === true) return { ...answer, queued: null, dry_run: true, job: null } satisfies BroadcastAnswer;
    const letter = { purpose, subject: String(input.subject), body: String(input.body) };
    if (audience.recipients.length > BROADCAST_INLINE_MAX) {
      const payload: BroadcastPayload = { batchKey, purpose: Number(purpose._id), subject: letter.subject, body: letter.body, selection };
      const job = await jobs.enqueue(db, { name: BROADCAST_JOB, key: `${BROADCAST_JOB}:${batchKey}`, payload, requestedBy: caller.kind === 'user' ? caller.id : null });
      afterCommit(() => jobs.wake());
      return { ...answer, queued: null, dry_run: false, job: { _id: Number(job._id), state: job.state, name: job.name } } satisfies BroadcastAnswer;
    }
    const messages = await queueLetters(db, now, letter, audience.recipients, batchKey);
    afterCommit(() => announceAll(ctx, messages));
    return { ...answer, queued: messages.length, dry_run: false, job: null } satisfies BroadcastAnswer;
  },
});
