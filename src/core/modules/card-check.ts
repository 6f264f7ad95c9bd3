// The public card check, without signals or the core's session client: what a public element
// (the card verifier) and the staff's verify-multiple page both call.
import { ApiError } from '../api-error.js';
import { RESOURCE } from '../contract.js';
import type { Http } from '../http.js';

/** The public check's verdict, as the server names it; `state` holds it in words. */
export type CardStatus = 'valid' | 'arrears' | 'expired' | 'superseded' | 'invalid';

/** What GET membership_cards/verify/{code} answers: the RGPD minimum about the holder. */
export interface VerifiedCard {
  organisation: string;
  first_name: string;
  last_name: string;
  number: number | null;
  category: string | null;
  status: CardStatus;
  /** `status` in words: 'Válido', 'Quotas em atraso', 'Expirado', 'Substituído', 'Inválido'. */
  state: string;
  valid_until: string;
  /** The valid-until is past, also when another verdict (arrears) comes first. */
  expired: boolean;
  /** As printed, in groups: 'ABCD-EFGH-JKMNP'. */
  code: string;
}

/** One check's outcome; `too-many` carries the server's pt-PT message (how long to wait). */
export type CardCheck = { kind: 'loaded'; card: VerifiedCard } | { kind: 'not-found' } | { kind: 'too-many'; message: string | null };

export interface CardHttp {
  http: Pick<Http, 'get'>;
}

const CROCKFORD = /^[0-9A-HJKMNP-TV-Z]{13}$/;

/**
 * The code in what was typed or scanned: a bare code in any case, with spaces or hyphens, or
 * the card's QR address ({public url}/v/{code}) as a keyboard-wedge scanner types it. Read
 * like the server does (O as 0, I and L as 1). Null when it cannot be a code.
 */
export function cardCodeFrom(input: string): string | null {
  const trimmed = input.trim();
  let raw = /\/v\/([^/?#\s]+)\/?(?:[?#].*)?$/i.exec(trimmed)?.[1] ?? trimmed;
  try {
    raw = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (raw.length > 40) return null;
  const code = raw.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return CROCKFORD.test(code) ? code : null;
}

/** 'ABCD-EFGH-JKMNP': a code as the card prints it. */
export const formatCardCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;

function serverWords(error: ApiError): string | null {
  const data = error.data as { message?: unknown } | null;
  return data && typeof data === 'object' && typeof data.message === 'string' ? data.message : null;
}

/**
 * One public check, without a session token (the code is the proof): a 404 is not-found
 * (SPEC 8), a 429 too-many; other failures are thrown.
 */
export async function checkCard(core: CardHttp, code: string): Promise<CardCheck> {
  try {
    const res = await core.http.get<{ data?: VerifiedCard }>(`${RESOURCE.membershipCards}/verify/${encodeURIComponent(code)}`, { anonymous: true });
    const card = res.data?.data;
    return card ? { kind: 'loaded', card } : { kind: 'not-found' };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return { kind: 'not-found' };
    if (e instanceof ApiError && e.status === 429) return { kind: 'too-many', message: serverWords(e) };
    throw e;
  }
}
