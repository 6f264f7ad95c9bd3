import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import type { ServerContext } from './context.js';
import { DatabaseLockedError, openDatabase, type Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { createFileStore } from './files/create-store.js';
import { appMigrations } from './modules/migrations.js';
import type { EventBus } from './realtime/bus.js';
import { createBus } from './realtime/create-bus.js';
import { startSender, type MessageSender } from './messages/sender.js';
import { ensureReferenceData } from './resources/reference-data.js';
import { startAuditPruning } from './audit/retention.js';
import { firstStartBanner, unusedPasswordNotice } from './seed/banner.js';
import { checkSavedPassword, prepareFirstStart } from './seed/first-start.js';

/*
 * V8 lets the old space grow to up to four times what survived its last full collection
 * before collecting again. A server's live heap is small (about 30 MB at 1,000,000 members)
 * but every request promotes some of its short-lived objects, so under load the heap grew to
 * 150-200 MB of garbage (RSS 300 MB). Growing by half instead keeps RSS under 200 MB for the
 * same throughput (7 full collections in 30 s of list load, each a few ms). It sets no
 * ceiling: a large export or PDF may use as much memory as before. The flag is read at each
 * collection, so setting it here applies to `npm start` and to any way of starting main.js.
 */
v8.setFlagsFromString('--heap-growing-percent=50');

/** Longest wait for connections and workers to finish at shutdown before giving up. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/** An error the operator can act on from its message alone: printed without a stack trace. */
class StartupError extends Error {}

async function openOrExplain(config: Config): Promise<Database> {
  try {
    return await openDatabase(config);
  } catch (error) {
    if (error instanceof DatabaseLockedError) throw new StartupError(error.message);
    throw error;
  }
}

function describeDatabase(config: Config, database: Database): string {
  if (database.engine === 'sqlite') return `sqlite (${config.dataDir})`;
  return `postgres${database.schema ? ` (schema ${database.schema})` : ''}`;
}

async function listen(app: FastifyInstance, config: Config): Promise<void> {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      throw new StartupError(`Port ${config.port} is already in use. Stop what uses it, or start with another PORT.`);
    }
    throw error;
  }
}

/** Closes everything in reverse order of opening, once, however many signals arrive. */
function closeOnSignals(app: FastifyInstance, sender: MessageSender, bus: EventBus, database: Database): void {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: closing connections and the database.`);
    const timer = setTimeout(() => {
      console.error(`Shutdown did not finish within ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    let code = 0;
    try {
      // Stops accepting requests, closes sockets and runs every plugin's onClose hook.
      await app.close();
      // Waits for a delivery in progress, so a message is never sent without being marked sent.
      await sender.stop();
      await bus.close();
      await database.close();
    } catch (error) {
      console.error('Error during shutdown:', error);
      code = 1;
    }
    clearTimeout(timer);
    process.exit(code);
  };
  // Fire and forget: shutdown catches its own errors and ends the process itself.
  process.once('SIGINT', (signal) => void shutdown(signal));
  process.once('SIGTERM', (signal) => void shutdown(signal));
}

async function start(): Promise<void> {
  const config = loadConfig();
  const database = await openOrExplain(config);
  let app: FastifyInstance | undefined;
  let bus: EventBus | undefined;
  try {
    await migrate(database.db, database.engine, appMigrations);
    const now = () => Date.now();
    // Every start, idempotent: adds missing countries and settings; before the first-start
    // seed so demo members get countries and the default member states.
    await ensureReferenceData(database.db, now(), 'association');
    const url = `${config.publicUrl}/`;
    const files = createFileStore(config, database, (line) => console.log(line));
    // The banner is printed the moment the accounts are committed (not after listen), and the
    // admin's password was saved to a file before that commit: a crash cannot lose it.
    const firstStart = await prepareFirstStart(database, config, now(), {
      files,
      afterCommit: (report) => console.log(firstStartBanner(report, url)),
    });
    const unused = firstStart ? null : await checkSavedPassword(database, config);
    if (unused) console.log(unusedPasswordNotice(unused));

    bus = await createBus(database);
    const ctx: ServerContext = { config, database, bus, files, now };
    app = await buildApp(ctx);
    // Deletes audit entries past the retention setting now and once a day; stops with the app.
    const pruner = startAuditPruning(ctx);
    app.addHook('onClose', () => pruner.stop());
    await listen(app, config);
    // Delivers the messages outbox (only with SMTP_URL and setting SendMessages 'true').
    const sender = startSender(ctx);
    // Scheduled and queued background jobs; app.close stops them (an onClose hook of buildApp).
    app.jobs.start(config.jobsTickMs);
    closeOnSignals(app, sender, bus, database);

    console.log(`Associa listening on ${url} (engine ${describeDatabase(config, database)}, mode ${config.mode})`);
  } catch (error) {
    await app?.close().catch(() => undefined);
    await bus?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}

start().catch((error: unknown) => {
  if (error instanceof StartupError) console.error(error.message);
  else console.error('Associa could not start:', error);
  process.exit(1);
});
