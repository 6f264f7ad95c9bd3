import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { FileStore } from '../files/store.js';
import type { Module } from '../modules/define-module.js';
import { appModules } from '../modules/index.js';
import type { Account } from './accounts.js';
import type { SeedContext } from './context.js';
import { createMemberFactory, seededFaker, type MemberFactory } from './people.js';
import { demoReferences } from './reference.js';

/** Fixed so every fresh demo database holds the same people. */
const DEMO_SEED = 20_240_601;

/**
 * Fills an empty test-mode database with a fictitious organisation: each module's `seed` hook,
 * in module order (members before the tags that tag them, dues before the cards they pay for...),
 * all drawing from one seeded generator, so every fresh demo is the same. Returns the accounts
 * the modules created (an editor and a member user) with their passwords. Run it inside a transaction.
 */
export async function seedDemo(db: Db, now: number, config: Config, files: FileStore, modules: readonly Module[] = appModules): Promise<Account[]> {
  const stamp = new Date(now).toISOString();
  const faker = seededFaker(DEMO_SEED);
  let people: Promise<MemberFactory> | undefined;
  const ctx: SeedContext = {
    db,
    now,
    stamp,
    config,
    files,
    faker,
    // Made on first use, so the member states exist before the first member points at one.
    people: () => (people ??= demoReferences(db, stamp).then((refs) => createMemberFactory(faker, refs))),
    seeded: {},
    accounts: [],
  };
  for (const module of modules) await module.seed?.(ctx);
  return ctx.accounts;
}
