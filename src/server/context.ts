import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { FileStore } from './files/store.js';
import type { EventBus } from './realtime/bus.js';

/** What every plugin may use: built once in main.ts (or a test) and passed to buildApp. */
export interface ServerContext {
  config: Config;
  database: Database;
  bus: EventBus;
  /** Where stored files' bytes live (ASSOCIA_FILE_STORE): every module reads and writes them here. */
  files: FileStore;
  /** Milliseconds since the epoch; tests move time by replacing it. */
  now(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
  }
}
