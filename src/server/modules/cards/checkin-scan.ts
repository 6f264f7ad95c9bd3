import { STAFF_ROLES } from '../../../core/contract.js';
import { defineAction } from '../../resources/actions.js';
import { toRecord } from '../../resources/records.js';
import { publishChange } from '../../resources/events.js';
import type { Db } from '../../db/database.js';
import { cardCheckinScans } from './checkins.js';
import { normaliseCardCode } from './codes.js';
import { checkCard } from './verify.js';

/**
 * The code in what a scanner typed: the card's QR address ({public url}/v/{code}) or the code
 * itself, read as the public check reads it. Null when it cannot be a code.
 */
export function scannedCode(input: string): string | null {
  const trimmed = input.trim();
  const inAddress = /\/v\/([^/?#\s]+)\/?(?:[?#].*)?$/i.exec(trimmed)?.[1];
  let raw = inAddress ?? trimmed;
  try {
    raw = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return normaliseCardCode(raw);
}

/** The earlier reading of the same member (another card of theirs too), or of the same code when no card answered. */
async function repeated(db: Db, session: number, member: number | null, code: string | null): Promise<number | null> {
  if (member === null && code === null) return null;
  let query = db.selectFrom('card_checkin_scans').select('position').where('session', '=', session).orderBy('position').limit(1);
  query = member !== null ? query.where('member', '=', member) : query.where('code', '=', code!);
  const earlier = await query.executeTakeFirst();
  return earlier ? earlier.position : null;
}

/**
 * POST /card_checkins/{id}/scan {input}: one reading at the door, checked on the server like
 * the public check (and logged with it) but without its per-address limit, since staff scan a
 * queue; the same member read again is flagged with the reading it repeats. Answers the scan.
 */
export const scanCardAction = defineAction({
  resource: 'card_checkins',
  name: 'scan',
  label: 'Registar leitura de cartão',
  on: 'record',
  access: STAFF_ROLES,
  fields: [{ name: 'input', type: 'string', label: 'Código lido', validation: { required: true, maxLength: 500 } }],
  async run({ db, ctx, caller, input, record, address, afterCommit }) {
    if (!record) return undefined;
    const session = Number(record._id);
    const now = ctx.now();
    const read = String(input.input).trim();
    const code = scannedCode(read);
    const check = code ? await checkCard(db, code, address ?? '', now) : undefined;
    const member = check?.member ?? null;
    // The session row is locked by the action: positions are given one at a time.
    const last = await db.selectFrom('card_checkin_scans').select((eb) => eb.fn.max('position').as('last')).where('session', '=', session).executeTakeFirst();
    const stamp = new Date(now).toISOString();
    const verification = check?.verification;
    const row = await db
      .insertInto('card_checkin_scans')
      .values({
        session,
        position: (last?.last ?? 0) + 1,
        at: stamp,
        input: read.slice(0, 500),
        code,
        card: check?.card ?? null,
        member,
        status: verification ? verification.status : code ? 'not_found' : 'malformed',
        state: verification?.state ?? null,
        holder: verification ? [verification.first_name, verification.last_name].filter(Boolean).join(' ') : null,
        number: verification?.number ?? null,
        category: verification?.category ?? null,
        duplicate_of: await repeated(db, session, member, member === null ? code : null),
        created_at: stamp,
        updated_at: stamp,
        _version: 1,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    afterCommit(() => publishChange(ctx.bus, cardCheckinScans, { action: 'created', id: row._id }, []));
    return toRecord(cardCheckinScans, row, caller);
  },
});
