import { ROLE } from '../../core/contract.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { insertInBatches } from './batches.js';
import { insertFakeMembers } from './members.js';
import { createMemberFactory } from './people.js';
import { randomPassword } from './passwords.js';
import { demoReferences } from './reference.js';
import { seedDemoDues } from './demo-dues.js';
import { seedDemoCollecting } from './demo-collecting.js';
import { seedDemoCards } from './demo-cards.js';
import { drawDemoApplicationPhotos, seedDemoApplications } from './demo-applications.js';
import { seedDemoTreasury } from './demo-treasury.js';
import { seedDemoStateHistory } from './demo-state-history.js';
import { insertAccount, type Account } from './accounts.js';

export const DEMO_MEMBERS = 1200;
/** Fixed so every fresh demo database holds the same people. */
const DEMO_SEED = 20_240_601;

const DEMO_TAGS = [
  { name: 'Direção', color: '#1f6feb' },
  { name: 'Fundador', color: '#8250df' },
  { name: 'Voluntário', color: '#1a7f37' },
  { name: 'Newsletter', color: '#bf8700' },
  { name: 'Jovem', color: '#d1242f' },
  { name: 'Honorário', color: '#57606a' },
] as const;

/**
 * Fills an empty test-mode database with a fictitious organisation: members, tags, contacts
 * and two accounts besides the admin (an editor and a member user linked to member 1).
 * Returns those accounts with their passwords. Run it inside a transaction.
 */
export async function seedDemo(db: Db, now: number, config: Config): Promise<Account[]> {
  const stamp = new Date(now).toISOString();
  // Drawn while the members and their dues are written; the applications take them at the end.
  const applicationPhotos = drawDemoApplicationPhotos();
  const refs = await demoReferences(db, stamp);
  const factory = createMemberFactory(DEMO_SEED, refs);
  const { faker } = factory;

  const memberIds = await insertFakeMembers(db, factory, {
    count: DEMO_MEMBERS,
    // Spread creation over the past weeks, oldest first, so the default sort reads naturally.
    firstCreatedAt: now - DEMO_MEMBERS * 3_600_000,
    stepMs: 3_600_000,
  });

  const tagIds = (
    await db
      .insertInto('tags')
      .values(DEMO_TAGS.map((tag) => ({ ...tag, created_at: stamp, updated_at: stamp })))
      .returning('_id')
      .execute()
  ).map((row) => Number(row._id));
  const memberTags: Array<{ member_id: number; tag_id: number }> = [];
  for (const memberId of memberIds) {
    if (faker.number.int(99) >= 35) continue;
    for (const tagId of faker.helpers.arrayElements(tagIds, { min: 1, max: 2 })) {
      memberTags.push({ member_id: memberId, tag_id: tagId });
    }
  }
  await insertInBatches(db, 'member_tags', memberTags);
  await seedDemoStateHistory(db, now);

  const contacts = Array.from({ length: 12 }, () => {
    const name = faker.person.fullName();
    return {
      name,
      email: `${faker.internet.username().toLowerCase()}@example.com`,
      // E.164, as writes store phones (the browser shows them formatted).
      phone: `+3512${faker.string.numeric(2)}${faker.string.numeric(3)}${faker.string.numeric(3)}`,
      organisation: faker.company.name(),
      notes: null,
      created_at: stamp,
      updated_at: stamp,
    };
  });
  await insertInBatches(db, 'contacts', contacts);
  await seedDemoDues(db, now);
  await seedDemoCollecting(db, now);
  await seedDemoCards(db, now);
  await seedDemoApplications(db, factory, config, now, applicationPhotos);
  await seedDemoTreasury(db, config, now);

  const firstMember = await db
    .selectFrom('members')
    .select(['_id', 'name', 'email'])
    .where('_id', '=', memberIds[0] ?? -1)
    .executeTakeFirstOrThrow();
  const accounts: Account[] = [
    { username: 'editor', name: 'Editor de demonstração', role: ROLE.editor, email: 'editor@example.com', member: null, password: randomPassword() },
    {
      username: 'socio',
      name: String(firstMember.name),
      role: ROLE.member,
      email: String(firstMember.email),
      member: Number(firstMember._id),
      password: randomPassword(),
    },
  ];
  for (const account of accounts) await insertAccount(db, account, stamp);
  return accounts;
}
