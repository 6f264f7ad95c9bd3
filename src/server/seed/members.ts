import { loose, type Db } from '../db/database.js';
import { INSERT_BATCH_ROWS } from './batches.js';
import type { MemberFactory, MemberRow } from './people.js';

export interface FakeMembersOptions {
  count: number;
  /** Member number of the first one; the rest follow. */
  firstNumber?: number;
  /** created_at of the first member (ms since the epoch); each next one is `stepMs` later. */
  firstCreatedAt: number;
  stepMs: number;
  /** Fields to force on some members (e.g. a planted rare surname for the benchmark). */
  overridesFor?: (number: number) => Partial<MemberRow> | undefined;
  /** Called after each batch with the number inserted so far. */
  onProgress?: (inserted: number) => void;
}

/**
 * Generates and inserts members batch by batch, so a million never sit in memory at once.
 * Returns their `_id`s in member-number order. Run it inside a transaction.
 */
export async function insertFakeMembers(db: Db, factory: MemberFactory, options: FakeMembersOptions): Promise<number[]> {
  const firstNumber = options.firstNumber ?? 1;
  const ids: number[] = [];
  for (let offset = 0; offset < options.count; offset += INSERT_BATCH_ROWS) {
    const rows: MemberRow[] = [];
    const size = Math.min(INSERT_BATCH_ROWS, options.count - offset);
    for (let i = 0; i < size; i += 1) {
      const index = offset + i;
      const number = firstNumber + index;
      const stamp = new Date(options.firstCreatedAt + index * options.stepMs).toISOString();
      rows.push(factory.member(number, stamp, options.overridesFor?.(number)));
    }
    // Loose: a generated row is built field by field (people.ts), not typed column by column.
    const inserted = await loose(db).insertInto('members').values(rows).returning(['_id', 'number']).execute();
    // RETURNING order is not promised for multi-row inserts, so sort by number.
    inserted.sort((a, b) => Number(a.number) - Number(b.number));
    for (const row of inserted) ids.push(Number(row._id));
    options.onProgress?.(offset + size);
  }
  return ids;
}
