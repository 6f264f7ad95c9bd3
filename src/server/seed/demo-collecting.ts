import type { Db } from '../db/database.js';
import { upsertSetting } from './settings.js';

/** A fictitious Multibanco entity and sub-entity: no bank knows them, so no reference can reach real money. */
export const DEMO_MULTIBANCO = { entity: '99999', subEntity: '999' } as const;

/**
 * Test mode issues local Multibanco references out of the box: the demo organisation gets a
 * fictitious entity and sub-entity (settings written over the empty defaults).
 */
export async function seedDemoCollecting(db: Db, now: number): Promise<void> {
  const stamp = new Date(now).toISOString();
  for (const [name, value] of [['multibancoEntity', DEMO_MULTIBANCO.entity], ['multibancoSubEntity', DEMO_MULTIBANCO.subEntity]] as const) await upsertSetting(db, name, value, stamp);
}
