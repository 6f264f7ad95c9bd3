import type { Faker } from '@faker-js/faker';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { FileStore } from '../files/store.js';
import type { Account } from './accounts.js';
import type { MemberFactory } from './people.js';

/**
 * What a module's demo `seed` hook (ModuleDefinition.seed) receives. The demo seed (demo.ts) runs
 * the hooks in module order, in the first start's transaction, on an empty test-mode database.
 */
export interface SeedContext {
  /** The first start's transaction: a failing seed leaves the database empty. */
  db: Db;
  /** The demo's "now" (ms): every date of the demo is relative to it. */
  now: number;
  /** `now` as the ISO stamp of created_at / updated_at. */
  stamp: string;
  config: Config;
  /** The server's file store: the demo's photos and documents are written through it. */
  files: FileStore;
  /**
   * The demo's one seeded generator (faker, pt-PT): modules draw from it in module order, so every
   * fresh demo holds the same people, tags and contacts. A module whose draws should not move
   * when another module changes uses its own seededRandom (random.ts) instead.
   */
  faker: Faker;
  /**
   * Fictitious members drawn from `faker`, pointing at the demo's member states and countries
   * (the first call makes sure those states exist). One factory for the whole demo, so NIFs stay
   * unique across the modules that draw people.
   */
  people(): Promise<MemberFactory>;
  /** What earlier modules seeded, for later ones (read with `seededBy`). */
  seeded: DemoSeeded;
  /** Accounts a module created, with their passwords, for the first start to show the operator. */
  accounts: Account[];
}

/** Shared results of the modules' seeds, each filled by the module named in its comment. */
export interface DemoSeeded {
  /** members: the demo members' _id, in member-number order. */
  memberIds?: readonly number[];
}

/** A shared result an earlier module's seed must have left; a clear error when the module order does not provide it. */
export function seededBy<K extends keyof DemoSeeded>(ctx: SeedContext, key: K, module: string): NonNullable<DemoSeeded[K]> {
  const value = ctx.seeded[key];
  if (value === undefined) throw new Error(`The demo seed needs ${key} from the ${module} module's seed, which must come earlier in the module list`);
  return value;
}
