import type { Migration } from '../migrate.js';

/**
 * Who holds a running job (src/server/jobs/instance.ts): the instance's name, which outlives its
 * restarts, and its process's, new at each start. A restarted instance takes back at once the
 * runs its previous process left running, instead of waiting for their leases (decision 0048).
 * Rows claimed before this migration have neither: they wait for their leases, as before.
 */
export const jobsClaimer: Migration = {
  name: 'jobs/038_claimer',
  async up(db) {
    await db.schema.alterTable('jobs').addColumn('claimed_by', 'varchar(300)').execute();
    await db.schema.alterTable('jobs').addColumn('claimed_process', 'varchar(100)').execute();
  },
};
