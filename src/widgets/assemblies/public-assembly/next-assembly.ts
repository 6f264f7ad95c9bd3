// The public read behind <associa-assembly>: anonymous, through the public element's own small
// HTTP client (no session, no core), so a page holding only it stays small.
import { ApiError } from '../../../core/api-error.js';
import type { PublicHttp } from '../../../core/public-http.js';
import type { PublicAssembly } from '../../../core/assemblies.js';

export type NextAssembly = { kind: 'loaded'; assembly: PublicAssembly } | { kind: 'none' } | { kind: 'too-many'; message: string | null };

function serverWords(error: ApiError): string | null {
  const data = error.data as { message?: unknown } | null;
  return data && typeof data === 'object' && typeof data.message === 'string' ? data.message : null;
}

/** The next convened assembly; a 404 (none, or the module off) is 'none', a 429 'too-many'; other failures are thrown. */
export async function readNextAssembly(http: Pick<PublicHttp, 'get'>): Promise<NextAssembly> {
  try {
    const res = await http.get<{ data?: PublicAssembly }>('public/assemblies/next', { anonymous: true });
    const assembly = res.data?.data;
    return assembly ? { kind: 'loaded', assembly } : { kind: 'none' };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return { kind: 'none' };
    if (e instanceof ApiError && e.status === 429) return { kind: 'too-many', message: serverWords(e) };
    throw e;
  }
}

const LONG_DATE = new Intl.DateTimeFormat('pt-PT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-03-15' -> 'domingo, 15 de março de 2026'. */
export const longDay = (iso: string): string => LONG_DATE.format(new Date(`${iso}T12:00:00Z`));
