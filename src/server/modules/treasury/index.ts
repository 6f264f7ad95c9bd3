import { treasuryOrderIndexesMigration } from './order-indexes-migration.js';
import { TREASURY_SWITCH } from './enabled.js';
import { defineModule, type ModuleSeed } from '../define-module.js';
import { paymentReceipts } from '../dues/public.js';
import { TREASURY_ACTIONS } from './actions.js';
import { downloadJob } from './download-job.js';
import { drawMissingJob } from './draw-job.js';
import { treasuryDrawnAfterCommitMigration } from './drawn-after-commit-migration.js';
import { treasuryMigration } from './migration.js';
import { documentStatuses, treasuryDocs } from './resources.js';
import { treasuryRoutes } from './routes.js';
import { treasurySeriesJumpsMigration } from './series-jumps-migration.js';
import { receiptsProvider } from './receipts-provider.js';
import { TREASURY_DOC_SETTINGS } from './treasury-settings.js';

// Dues records payments; their receipts are the treasury's (dues/payment-receipts-port.ts).
paymentReceipts.provide(receiptsProvider);

// Its demo data (see ModuleSeed), loaded only to seed.
const demoSeed: ModuleSeed = async (ctx) => (await import('../../seed/demo-treasury.js')).seedDemoTreasury(ctx.db, ctx.config, ctx.files, ctx.now);

/**
 * Treasury documents (when hasTreasury is on): non-fiscal receipts issued from payments and
 * donations, numbered per series and year without gaps, immutable, hash-chained; annulled by an
 * annulment note; staff-defined statuses; search and download as zips or merged blocks.
 */
export const treasuryModule = defineModule({
  name: 'treasury',
  resources: [documentStatuses, treasuryDocs],
  actions: TREASURY_ACTIONS,
  settings: TREASURY_DOC_SETTINGS,
  migrations: [treasuryMigration, treasuryOrderIndexesMigration, treasurySeriesJumpsMigration, treasuryDrawnAfterCommitMigration],
  jobs: [downloadJob, drawMissingJob],
  enabledBy: TREASURY_SWITCH,
  routes: treasuryRoutes,
  seed: demoSeed,
});
