import type { Db } from '../db/database.js';
import type { MemberReferences } from './people.js';

/** Member states the demo needs; existing states with the same name are reused. */
const DEMO_STATES: ReadonlyArray<{ name: string; marksEnd: 0 | 1 }> = [
  { name: 'Ativo', marksEnd: 0 },
  { name: 'Suspenso', marksEnd: 0 },
  { name: 'Desistente', marksEnd: 1 },
  { name: 'Falecido', marksEnd: 1 },
  { name: 'Excluído', marksEnd: 1 },
];

/** A few countries other than Portugal where fictitious members live. */
const OTHER_COUNTRY_CODES = ['ES', 'FR', 'BR', 'AO', 'CV', 'CH', 'LU', 'GB'] as const;

/**
 * Makes sure the member states the demo uses exist and returns the ids members point at.
 * Countries come from the reference data; without them members get no country.
 */
export async function demoReferences(db: Db, stamp: string): Promise<MemberReferences> {
  const existing = await db.selectFrom('member_states').select(['name']).execute();
  const names = new Set(existing.map((row) => String(row.name)));
  const missing = DEMO_STATES.filter((state) => !names.has(state.name));
  if (missing.length > 0) {
    await db
      .insertInto('member_states')
      .values(missing.map((state) => ({ ...state, created_at: stamp, updated_at: stamp })))
      .execute();
  }
  const states = await db.selectFrom('member_states').select(['_id', 'marksEnd']).orderBy('_id').execute();
  const countries = await db
    .selectFrom('countries')
    .select(['_id', 'code'])
    .where('code', 'in', ['PT', ...OTHER_COUNTRY_CODES])
    .execute();
  const portugal = countries.find((row) => row.code === 'PT');
  return {
    activeStateIds: states.filter((row) => Number(row.marksEnd) === 0).map((row) => Number(row._id)),
    endStateIds: states.filter((row) => Number(row.marksEnd) === 1).map((row) => Number(row._id)),
    portugalId: portugal ? Number(portugal._id) : undefined,
    otherCountryIds: countries.filter((row) => row.code !== 'PT').map((row) => Number(row._id)),
  };
}
