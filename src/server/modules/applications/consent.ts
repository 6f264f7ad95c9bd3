// Which consent text an application accepted. The application keeps the text's version (a hash
// of it, consentVersionOf); the text itself is the setting's value now, or one it had before, as
// the settings' audit trail remembers it, or the declared default. Staff read the text, when it
// was in force and whether it still is, never the hash.
import type { Db } from '../../db/database.js';
import { readSetting } from '../../settings/read.js';
import { SETTINGS } from '../../settings/catalogue.js';
import { defaultOf } from '../../settings/declaration.js';
import { consentVersionOf } from './form-rules.js';

const SETTING = 'applicationConsentText';

export interface ApplicationConsent {
  /** When the applicant accepted it (ISO), null when the application carries no consent. */
  acceptedAt: string | null;
  /** The text accepted, when it is still known (null: the text was changed and its history is gone). */
  text: string | null;
  /** Whether that text is the one in force now. */
  current: boolean;
  /** Since when that text was in force, when the settings' history says (null: from the start). */
  since: string | null;
}

interface KnownText {
  text: string;
  since: string | null;
}

/** The consent texts there have been, oldest first: the default, then each value the setting was given. */
async function knownTexts(db: Db): Promise<KnownText[]> {
  const declaration = SETTINGS.get(SETTING);
  const texts: KnownText[] = declaration ? [{ text: defaultOf(declaration, 'association'), since: null }] : [];
  const row = await db.selectFrom('settings').select('_id').where('name', '=', SETTING).executeTakeFirst();
  if (!row) return texts;
  const entries = await db
    .selectFrom('audit_log')
    .select(['at', 'changes'])
    .where('resource', '=', 'settings')
    .where('record_id', '=', Number(row._id))
    .orderBy('at')
    .orderBy('_id')
    .execute();
  for (const entry of entries) {
    const pair = parseValueChange(entry.changes);
    if (pair === null) continue;
    if (texts.length === 0 && typeof pair[0] === 'string') texts.push({ text: pair[0], since: null });
    if (typeof pair[1] === 'string') texts.push({ text: pair[1], since: String(entry.at) });
  }
  return texts;
}

function parseValueChange(changes: string | null): [unknown, unknown] | null {
  if (!changes) return null;
  try {
    const value = (JSON.parse(changes) as Record<string, unknown>).value;
    return Array.isArray(value) && value.length === 2 ? [value[0], value[1]] : null;
  } catch {
    return null;
  }
}

/** What the application's consent was: when, which text, and whether that text is still in force. */
export async function applicationConsent(db: Db, application: { consent_version: string | null; consent_at: string | null }): Promise<ApplicationConsent> {
  const version = application.consent_version;
  if (!version) return { acceptedAt: null, text: null, current: false, since: null };
  const now = await readSetting(db, SETTING);
  const current = consentVersionOf(now) === version;
  // The latest time the setting became that text.
  const match = (await knownTexts(db)).reverse().find((known) => (current ? known.text === now : consentVersionOf(known.text) === version));
  return { acceptedAt: application.consent_at, text: current ? now : (match?.text ?? null), current, since: match?.since ?? null };
}
