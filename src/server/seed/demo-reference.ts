import { type SeedContext, seededBy } from './context.js';
import { insertInBatches } from './batches.js';

const DEMO_TAGS = [
  { name: 'Direção', color: '#1f6feb' },
  { name: 'Fundador', color: '#8250df' },
  { name: 'Voluntário', color: '#1a7f37' },
  { name: 'Newsletter', color: '#bf8700' },
  { name: 'Jovem', color: '#d1242f' },
  { name: 'Honorário', color: '#57606a' },
] as const;

/**
 * The reference module's demo data: tags, a third of the members tagged with one or two, and a
 * dozen contacts. Runs after the members (it tags them); the member states the members point at
 * are made by SeedContext.people, before the first member is drawn.
 */
export async function seedDemoReference(ctx: SeedContext): Promise<void> {
  const { db, stamp, faker } = ctx;
  const memberIds = seededBy(ctx, 'memberIds', 'members');
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
}
