import { loose, type Db } from '../db/database.js';

/** Ids per `IN (...)` query: far below the bound-parameter limits of both engines. */
const IDS_PER_QUERY = 500;

/**
 * What a write's checks read from the database: which referenced records exist, and which record
 * holds a unique value. A lone save reads them each time (`readEachTime`). Rows judged together in
 * one transaction (an import's chunk) share one `KnownRecords`: the same country, state or fee
 * category is read once per chunk instead of once per row, and the unique values the chunk's
 * caller has already read in a few queries are not read again row by row. Valid only while the
 * transaction writes nothing: an import judges a whole chunk before writing any of it, and its
 * writes check again on their own.
 */
export interface RecordLookups {
  /** Whether any of `ids` names no record of `table`. */
  anyMissing(db: Db, table: string, ids: readonly number[]): Promise<boolean>;
  /** The id of the record of `table` whose `column` holds `value`, or null. */
  holderOf(db: Db, table: string, column: string, value: unknown): Promise<number | null>;
}

async function missingOf(db: Db, table: string, ids: readonly number[]): Promise<number[]> {
  const missing: number[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const chunk = ids.slice(i, i + IDS_PER_QUERY);
    const found = new Set((await loose(db).selectFrom(table).select('_id').where('_id', 'in', chunk).execute()).map((row) => Number(row._id)));
    missing.push(...chunk.filter((id) => !found.has(id)));
  }
  return missing;
}

async function readHolder(db: Db, table: string, column: string, value: unknown): Promise<number | null> {
  const row = await loose(db).selectFrom(table).select('_id').where(column, '=', value as never).executeTakeFirst();
  return row ? Number(row._id) : null;
}

export const readEachTime: RecordLookups = {
  async anyMissing(db, table, ids) {
    return (await missingOf(db, table, ids)).length > 0;
  },
  holderOf: readHolder,
};

const holderKey = (table: string, column: string) => `${table}\u0000${column}`;
const valueKey = (value: unknown) => JSON.stringify(value);

/** Lookups remembered for rows judged together (see RecordLookups). */
export class KnownRecords implements RecordLookups {
  private readonly existing = new Map<string, Set<number>>();
  private readonly holders = new Map<string, Map<string, number | null>>();

  async anyMissing(db: Db, table: string, ids: readonly number[]): Promise<boolean> {
    let known = this.existing.get(table);
    if (!known) this.existing.set(table, (known = new Set<number>()));
    const unknown = [...new Set(ids.filter((id) => !known.has(id)))];
    if (unknown.length === 0) return false;
    const missing = new Set(await missingOf(db, table, unknown));
    for (const id of unknown) if (!missing.has(id)) known.add(id);
    return missing.size > 0;
  }

  async holderOf(db: Db, table: string, column: string, value: unknown): Promise<number | null> {
    const holders = this.holdersOf(table, column);
    const key = valueKey(value);
    if (holders.has(key)) return holders.get(key)!;
    const holder = await readHolder(db, table, column, value);
    holders.set(key, holder);
    return holder;
  }

  /**
   * The same lookups for rows being written one after another: the references stay remembered
   * (writing members moves no country, state or category), while unique values are read each
   * time, as a row written may just have taken or freed one.
   */
  forWrites(): RecordLookups {
    return { anyMissing: (db, table, ids) => this.anyMissing(db, table, ids), holderOf: readHolder };
  }

  /** What the caller read itself: the record holding each value, or null for a value no record holds. */
  learnHolders(table: string, column: string, holders: Iterable<readonly [unknown, number | null]>): void {
    const known = this.holdersOf(table, column);
    for (const [value, holder] of holders) known.set(valueKey(value), holder);
  }

  private holdersOf(table: string, column: string): Map<string, number | null> {
    const key = holderKey(table, column);
    let holders = this.holders.get(key);
    if (!holders) this.holders.set(key, (holders = new Map<string, number | null>()));
    return holders;
  }
}
