import { lisbonDay } from '../../core/days.js';
import type { Db } from '../db/database.js';
import { generateNif } from './nif.js';
import { seededRandom } from './random.js';

// Its own generator: the households' draws do not move the people later modules draw from faker.
const HOUSEHOLDS_SEED = 20_261_130;
/** The demo's family category (demo-fees.ts): "Uma quota para o agregado familiar". */
const FAMILY_CATEGORY = 'Família';
/** A contact who pays for a household without being a member: a grandmother paying for two grandchildren. */
const CONTACT_PAYER = { name: 'Teresa Moura Fonseca', email: 'teresa.fonseca@exemplo.pt', phone: '+351912480316' };

interface Candidate {
  id: number;
  name: string;
  address: string | null;
  postalCode: string | null;
  locality: string | null;
}

const surname = (name: string): string => name.trim().split(/\s+/).at(-1) ?? name;

/**
 * Two households of the demo (issue 34), among the active members of the 'Família' category:
 * the Família <surname> of three, paid by its first member, living at that member's address;
 * and a household of two whose quotas a contact with a NIF pays. Their members point at them,
 * and the debts this year raised and those still owing are charged to them, as the generation
 * job charges a household member's debts: the household's page has something to pay. Runs in
 * the first start's transaction, after the dues' seed (the category, the debts and payments).
 */
export async function seedDemoHouseholds(db: Db, now: number): Promise<void> {
  const category = await db.selectFrom('fee_categories').select('_id').where('name', '=', FAMILY_CATEGORY).executeTakeFirst();
  if (!category) return;
  const candidates: Candidate[] = (
    await db
      .selectFrom('members as m')
      .leftJoin('member_states as s', 's._id', 'm.state')
      .select(['m._id', 'm.name', 'm.address', 'm.postal_code', 'm.locality', 's.marksEnd'])
      .where('m.fee_category', '=', Number(category._id))
      .orderBy('m.number')
      .execute()
  )
    .filter((row) => Number(row.marksEnd ?? 0) !== 1)
    .map((row) => ({ id: Number(row._id), name: String(row.name), address: row.address ?? null, postalCode: row.postal_code ?? null, locality: row.locality ?? null }));
  if (candidates.length < 5) return;

  const stamp = new Date(now).toISOString();
  const record = { created_at: stamp, updated_at: stamp, _version: 1 };
  const random = seededRandom(HOUSEHOLDS_SEED);
  const [payer, ...family] = candidates.slice(0, 3) as [Candidate, ...Candidate[]];
  const grandchildren = candidates.slice(3, 5);

  const withPayer = await db
    .insertInto('households')
    .values({
      ...record,
      name: `Família ${surname(payer.name)}`,
      payer_member: payer.id,
      shared_address: 1,
      address: payer.address,
      postal_code: payer.postalCode,
      locality: payer.locality,
      notes: 'Casal e filho; a quota de todos é paga pelo primeiro titular.',
    })
    .returning('_id')
    .executeTakeFirstOrThrow();
  const withContact = await db
    .insertInto('households')
    .values({
      ...record,
      name: `Netos de ${CONTACT_PAYER.name}`,
      payer_member: null,
      payer_name: CONTACT_PAYER.name,
      payer_nif: generateNif((max) => random.int(0, max)),
      payer_email: CONTACT_PAYER.email,
      payer_phone: CONTACT_PAYER.phone,
      shared_address: 0,
      notes: 'A avó paga as quotas dos dois netos; os recibos levam o seu nome e NIF.',
    })
    .returning('_id')
    .executeTakeFirstOrThrow();

  const year = Number(lisbonDay(now).slice(0, 4));
  for (const [household, members] of [
    [Number(withPayer._id), [payer, ...family]],
    [Number(withContact._id), grandchildren],
  ] as const) {
    const ids = members.map((member) => member.id);
    await db.updateTable('members').set({ household, updated_at: stamp }).where('_id', 'in', ids).execute();
    await db
      .updateTable('unsettled_payments')
      .set({ household, updated_at: stamp })
      .where('member', 'in', ids)
      .where((eb) => eb.or([eb('year', '=', year), eb('status', 'in', ['open', 'partial'])]))
      .execute();
  }
}
