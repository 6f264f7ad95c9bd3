import type { Db } from '../../../db/database.js';
import { HttpError } from '../../../errors.js';
import { checkCard, scannedCode } from '../../cards/public.js';

/** Who a check-in or a ballot names: a card read at the door, or a member staff searched by name. */
export interface Identified {
  member: number;
  /** The card's code as read, when it was a card. */
  code: string | null;
}

/** A 422 whose message is the field's: a scanning screen shows the message as is. */
export const refused = (field: string, message: string) => new HttpError(422, message, { [field]: message });

/**
 * The member a body names: `input` (what the scanner typed: the card's address or code, checked
 * and logged as the public check does) or `member` (staff searched the name). A card of someone
 * who left is judged by the caller (not an associate); a revoked card identifies nobody.
 */
export async function identify(db: Db, body: { input?: unknown; member?: unknown }, address: string | null, now: number): Promise<Identified> {
  const typed = typeof body.input === 'string' ? body.input.trim() : '';
  const member = body.member === null || body.member === undefined ? null : Number(body.member);
  if (typed && member !== null) throw refused('input', 'Leia um cartão ou escolha o associado pelo nome, não os dois.');
  if (member !== null) return { member, code: null };
  if (!typed) throw refused('input', 'Leia o cartão do associado ou procure-o pelo nome.');
  const code = scannedCode(typed);
  if (!code) throw refused('input', 'O que foi lido não é o código de um cartão de sócio. Leia de novo ou procure o associado pelo nome.');
  const check = await checkCard(db, code, address ?? '', now);
  if (!check) throw refused('input', 'Cartão não encontrado: confirme o código ou procure o associado pelo nome.');
  const { verification } = check;
  if (verification.status === 'invalid') {
    const left = await db.selectFrom('members').innerJoin('member_states', 'member_states._id', 'members.state').select('member_states.marksEnd').where('members._id', '=', check.member).executeTakeFirst();
    // Someone who left is told apart by the caller, which names why they are no associate.
    if (!left?.marksEnd) throw refused('input', 'Este cartão foi revogado: procure o associado pelo nome.');
  }
  return { member: check.member, code: verification.code };
}
