import type { CreateTableBuilder } from 'kysely';
import type { Engine } from '../database.js';

/**
 * Columns every table has: `_id` (integer key) and `created_at`/`updated_at` as ISO-8601 UTC
 * strings with milliseconds, which sort correctly as text and read the same on both engines.
 */
export function withRecordColumns<T extends string>(
  table: CreateTableBuilder<T, never>,
  engine: Engine,
): CreateTableBuilder<T, '_id' | 'created_at' | 'updated_at'> {
  const withId =
    engine === 'postgres'
      ? table.addColumn('_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('_id', 'integer', (c) => c.primaryKey().autoIncrement());
  return withId
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull());
}

/** Booleans are 0/1 integers on both engines, so rows read the same everywhere. */
export const BOOL = 'integer' as const;
