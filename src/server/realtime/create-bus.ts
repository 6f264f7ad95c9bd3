import type { Database } from '../db/database.js';
import { createMemoryBus, type EventBus } from './bus.js';
import { createPgBus } from './pg-bus.js';

/**
 * The bus for this database: in-process on SQLite (only one server may open the file), and
 * LISTEN/NOTIFY on PostgreSQL so events reach every instance sharing the database.
 * Close it before the database.
 */
export async function createBus(database: Database): Promise<EventBus> {
  if (database.engine === 'postgres' && database.pool) {
    return createPgBus({ pool: database.pool, schema: database.schema });
  }
  return createMemoryBus();
}
