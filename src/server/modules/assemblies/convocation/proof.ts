import type { Db, Row } from '../../../db/database.js';
import type { CHANNELS, DELIVERY_STATES } from './route-docs.js';

export interface ProofRow {
  member: number;
  number: number | null;
  name: string;
  channel: (typeof CHANNELS)[number];
  recipient: string;
  sent_at: string | null;
  message: number | null;
  delivery: (typeof DELIVERY_STATES)[number];
  delivery_at: string | null;
  attempts: number | null;
  last_error: string | null;
}

export interface ConvocationProof {
  assembly: {
    _id: number;
    kind: string;
    title: string;
    date: string;
    time: string;
    place: string | null;
    online_link: string | null;
    status: string;
    cutoff_date: string | null;
    convened_at: string | null;
    convened_by: string | null;
    last_notice_day: string | null;
    notice_text: string | null;
  };
  rows: ProofRow[];
  printed: { at: string; letters: number } | null;
  totals: { rows: number; emails: number; letters: number; sent: number; failed: number; pending: number; printed: number };
}

const orNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const MESSAGE_STATES = new Set<string>(['pending', 'sending', 'sent', 'failed']);

/** An e-mail's delivery as the outbox row tells it: sent (when), failed (when it gave up), or still to go. */
function emailDelivery(message: Row | undefined): Pick<ProofRow, 'delivery' | 'delivery_at' | 'attempts' | 'last_error'> {
  if (!message) return { delivery: 'pending', delivery_at: null, attempts: null, last_error: null };
  const status = String(message.status);
  const delivery = (MESSAGE_STATES.has(status) ? status : 'pending') as ProofRow['delivery'];
  const at = delivery === 'sent' ? orNull(message.sent_at) : delivery === 'failed' ? orNull(message.updated_at) : null;
  return { delivery, delivery_at: at, attempts: Number(message.attempts ?? 0), last_error: orNull(message.last_error) };
}

/**
 * The evidence of the convocation: each associate convened, by which channel, to what address,
 * when, and where their notice stands now (the outbox's delivery, or the letter's printing).
 */
export async function convocationProof(db: Db, assembly: Row): Promise<ConvocationProof> {
  const id = Number(assembly._id);
  const rows = await db.selectFrom('assembly_convocations').selectAll().where('assembly', '=', id).execute();
  const messageIds = rows.map((row) => row.message).filter((m): m is number => m !== null && m !== undefined).map(Number);
  const messages = new Map<number, Row>();
  for (let i = 0; i < messageIds.length; i += 500) {
    const found = await db.selectFrom('messages').select(['_id', 'status', 'sent_at', 'updated_at', 'attempts', 'last_error']).where('_id', 'in', messageIds.slice(i, i + 500)).execute();
    for (const message of found) messages.set(Number(message._id), message);
  }
  const by = assembly.convened_by === null || assembly.convened_by === undefined ? undefined : await db.selectFrom('users').select('name').where('_id', '=', Number(assembly.convened_by)).executeTakeFirst();

  const proofRows: ProofRow[] = rows.map((row) => {
    const channel = row.channel === 'post' ? 'post' : 'email';
    const sentAt = orNull(row.sent_at);
    const delivery =
      channel === 'email'
        ? emailDelivery(row.message === null || row.message === undefined ? undefined : messages.get(Number(row.message)))
        : { delivery: sentAt ? ('printed' as const) : ('pending' as const), delivery_at: sentAt, attempts: null, last_error: null };
    return {
      member: Number(row.member),
      number: row.number === null || row.number === undefined ? null : Number(row.number),
      name: String(row.name),
      channel,
      recipient: String(row.recipient ?? ''),
      sent_at: sentAt,
      message: row.message === null || row.message === undefined ? null : Number(row.message),
      ...delivery,
    };
  });
  // By number, those without one after, then by name: as the members' book lists them.
  proofRows.sort((a, b) => (a.number ?? Number.MAX_SAFE_INTEGER) - (b.number ?? Number.MAX_SAFE_INTEGER) || a.name.localeCompare(b.name, 'pt'));

  const letters = proofRows.filter((row) => row.channel === 'post');
  const printedRows = letters.filter((row) => row.delivery === 'printed');
  const firstPrint = printedRows.map((row) => row.sent_at!).sort()[0];
  return {
    assembly: {
      _id: id,
      kind: String(assembly.kind),
      title: String(assembly.title),
      date: String(assembly.date),
      time: String(assembly.time),
      place: orNull(assembly.place),
      online_link: orNull(assembly.online_link),
      status: String(assembly.status),
      cutoff_date: orNull(assembly.cutoff_date),
      convened_at: orNull(assembly.convened_at),
      convened_by: by ? String(by.name) : null,
      last_notice_day: orNull(assembly.last_notice_day),
      notice_text: orNull(assembly.notice_text),
    },
    rows: proofRows,
    printed: firstPrint === undefined ? null : { at: firstPrint, letters: printedRows.length },
    totals: {
      rows: proofRows.length,
      emails: proofRows.length - letters.length,
      letters: letters.length,
      sent: proofRows.filter((row) => row.delivery === 'sent').length,
      failed: proofRows.filter((row) => row.delivery === 'failed').length,
      pending: proofRows.filter((row) => row.delivery === 'pending' || row.delivery === 'sending').length,
      printed: printedRows.length,
    },
  };
}
