import type { FastifyInstance } from 'fastify';
import type { Terminology, TerminologyResponse } from '../../core/contract.js';
import type { Db } from '../db/database.js';
import { TERMINOLOGY_DEFAULTS, type OrgType } from '../../core/contract.js';
import { isNameArticle } from '../../core/organisation-name.js';

const KEYS = Object.keys(TERMINOLOGY_DEFAULTS.association) as (keyof Terminology)[];

/** The organisation's wording, from settings, with the defaults of its type for anything unset. */
export async function readTerminology(db: Db): Promise<Terminology> {
  const rows = await db.selectFrom('settings').select(['name', 'value']).where('name', 'in', [...KEYS, 'orgType']).execute();
  const values = new Map(rows.map((r) => [String(r.name), String(r.value)]));
  const orgType: OrgType = values.get('orgType') === 'cooperative' ? 'cooperative' : 'association';
  const terminology = { ...TERMINOLOGY_DEFAULTS[orgType] };
  for (const key of KEYS) {
    const value = values.get(key);
    if (key === 'nameArticle') {
      if (isNameArticle(value)) terminology.nameArticle = value;
    } else if (value) terminology[key] = value;
  }
  return terminology;
}

/** GET /api/terminology: public, the host needs it to build its routes before anyone logs in. */
export async function terminologyRoutes(app: FastifyInstance) {
  app.get('/terminology', { config: { public: true } }, async (): Promise<TerminologyResponse> => ({
    data: { data: await readTerminology(app.ctx.database.db) },
  }));
}
