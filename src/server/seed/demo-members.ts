import type { SeedContext } from './context.js';
import { insertFakeMembers } from './members.js';
import { seedDemoStateHistory } from './demo-state-history.js';

export const DEMO_MEMBERS = 1200;

/**
 * The members module's demo data: the members (drawn first from the demo's generator) and their
 * state history, as the reports read it. Leaves their ids for later modules (tags, accounts).
 */
export async function seedDemoMembers(ctx: SeedContext): Promise<void> {
  const factory = await ctx.people();
  ctx.seeded.memberIds = await insertFakeMembers(ctx.db, factory, {
    count: DEMO_MEMBERS,
    // Spread creation over the past weeks, oldest first, so the default sort reads naturally.
    firstCreatedAt: ctx.now - DEMO_MEMBERS * 3_600_000,
    stepMs: 3_600_000,
  });
  await seedDemoStateHistory(ctx.db, ctx.now);
}
