import countriesPt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import type { Db } from '../db/database.js';
import type { OrgType } from '../../core/contract.js';
import { SETTINGS } from '../settings/catalogue.js';

/** Settings every organisation starts with: each declared setting's default (src/server/settings). */
export function defaultSettings(orgType: OrgType): Record<string, string> {
  return SETTINGS.defaults(orgType);
}

/** Default member states; the ending ones mark a membership that is over. */
const DEFAULT_MEMBER_STATES: readonly { name: string; marksEnd: boolean }[] = [
  { name: 'Ativo', marksEnd: false },
  { name: 'Suspenso', marksEnd: false },
  { name: 'Desistente', marksEnd: true },
  { name: 'Falecido', marksEnd: true },
  { name: 'Excluído', marksEnd: true },
];

type CountryNames = Record<string, string | string[]>;

/** Every ISO 3166 country with its Portuguese name (the first, when the package lists several). */
function countryList(): { code: string; name: string }[] {
  return Object.entries(countriesPt.countries as CountryNames).map(([code, names]) => ({
    code,
    name: Array.isArray(names) ? names[0]! : names,
  }));
}

/**
 * Inserts what an empty organisation needs and is safe to run at every start: missing
 * countries and settings are added, nothing existing is changed; member states are created
 * only while there are none (an organisation may rename or remove them).
 */
export async function ensureReferenceData(db: Db, now: number, orgType: OrgType = 'association'): Promise<void> {
  const stamp = new Date(now).toISOString();
  const record = { created_at: stamp, updated_at: stamp };
  await db.transaction().execute(async (trx) => {
    const countries = countryList().map((c) => ({ ...c, ...record }));
    for (let i = 0; i < countries.length; i += 100) {
      await trx.insertInto('countries').values(countries.slice(i, i + 100)).onConflict((oc) => oc.column('code').doNothing()).execute();
    }
    const settings = Object.entries(defaultSettings(orgType)).map(([name, value]) => ({ name, value, ...record }));
    await trx.insertInto('settings').values(settings).onConflict((oc) => oc.column('name').doNothing()).execute();
    const anyState = await trx.selectFrom('member_states').select('_id').limit(1).executeTakeFirst();
    if (!anyState) {
      await trx
        .insertInto('member_states')
        .values(DEFAULT_MEMBER_STATES.map((s) => ({ name: s.name, marksEnd: s.marksEnd ? 1 : 0, ...record })))
        .execute();
    }
  });
}
