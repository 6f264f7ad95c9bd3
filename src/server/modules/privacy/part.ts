import type { FastifyInstance } from 'fastify';
import type { Migration } from '../../db/migrate.js';
import type { JobDefinition } from '../../jobs/types.js';
import type { ActionDefinition } from '../../resources/actions.js';
import type { WriteHooks } from '../../resources/define.js';

/**
 * One part of the privacy module (the consent register; erasure, retention and requests), owned
 * apart and joined by index.ts. Its resources and settings are not here: index.ts spreads each
 * part's `as const` lists, so their literal names type the tables and settings.
 */
export interface PrivacyPart {
  actions: readonly ActionDefinition[];
  migrations: readonly Migration[];
  jobs: readonly JobDefinition[];
  routes?: (app: FastifyInstance) => void;
  /** Hooks on other modules' resources (see ModuleDefinition.extends); each resource extended by one part only. */
  extends?: Readonly<Record<string, WriteHooks>>;
}
