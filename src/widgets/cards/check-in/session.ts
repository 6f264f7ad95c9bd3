// A check-in session of verify multiple as the server keeps it (card_checkins and
// their card_checkin_scans): the readings in order, each as it was answered, duplicates
// flagged by the server; here the counts for the minutes, the words and the CSV.
import type { CardCheckinScan } from '../../../core/records.js';
import { csvTable } from '../../../core/index.js';
import { CARDS_TEXTS as T } from '../texts.js';

export type Scan = Pick<CardCheckinScan, '_id' | 'position' | 'at' | 'input' | 'code' | 'member' | 'status' | 'state' | 'holder' | 'number' | 'category' | 'duplicate_of'>;

/** A reading typed but not yet answered by the server (or whose sending failed). */
export interface PendingScan {
  key: number;
  input: string;
  at: string;
  failed: boolean;
}

/**
 * Members present: each member once, with a card that is theirs now (valid or in arrears); a
 * superseded or invalid card, an unknown code, does not count. In full rights: valid only.
 */
export function counts(scans: readonly Scan[]): { present: number; fullRights: number; scans: number } {
  const present = new Set<number>();
  const full = new Set<number>();
  for (const scan of scans) {
    if (scan.member === null) continue;
    if (scan.status === 'valid' || scan.status === 'arrears') present.add(scan.member);
    if (scan.status === 'valid') full.add(scan.member);
  }
  return { present: present.size, fullRights: full.size, scans: scans.length };
}

/** What the state column says of a scan. */
export function scanState(scan: Scan): string {
  if (scan.status === 'not_found') return T.notFound;
  if (scan.status === 'malformed') return T.malformed;
  return scan.state ?? '';
}

const DAY = new Intl.DateTimeFormat('pt-PT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Lisbon' });
/** 'YYYY-MM-DD' as people read a day here: '28/03/2026'. */
export const shownDay = (iso: string): string => DAY.format(new Date(`${iso}T12:00:00Z`));

const TIME = new Intl.DateTimeFormat('pt-PT', { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'Europe/Lisbon' });
export const scanTime = (at: string | null): string => (at ? TIME.format(new Date(at)) : '');

/** 'ABCD-EFGH-JKMNP': a code as the card prints it. */
const printed = (code: string) => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;

/** The session for the minutes: one line per scan, then the counts. */
export function sessionCsv(scans: readonly Scan[]): string {
  const c = T.columns;
  const rows = scans.map((scan) => [
    String(scan.position),
    scanTime(scan.at),
    scan.code ? printed(scan.code) : (scan.input ?? ''),
    scan.number == null ? '' : String(scan.number),
    scan.holder ?? '',
    scan.category ?? '',
    scanState(scan),
    scan.duplicate_of === null ? '' : T.duplicate(scan.duplicate_of),
  ]);
  const total = counts(scans);
  return csvTable([
    [c.order, c.time, c.code, c.number, c.name, c.category, c.state, c.note],
    ...rows,
    [],
    [T.present, String(total.present)],
    [T.fullRights, String(total.fullRights)],
    [T.scans, String(total.scans)],
  ]);
}
