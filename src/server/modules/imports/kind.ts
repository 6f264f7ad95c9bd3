import type { FastifyInstance } from 'fastify';
import type { ImportDefaults, ImportKind, ImportMapping, ImportRowError, ImportRowResult } from '../../../core/contract.js';
import type { Db, Row } from '../../db/database.js';
import type { Actor } from '../../resources/handlers.js';
import type { TargetField } from './fields.js';

/** A data row read through the mapping: the API body it makes and what could not be read. */
export interface ParsedRow {
  line: number;
  cells: readonly string[];
  /** Field key -> the value the API takes (only fields with a value). */
  body: Record<string, unknown>;
  /** Cells that could not be read (a date that is no date, an unknown category). */
  errors: ImportRowError[];
}

/** A record a commit created or changed, as import_batch_changes keeps it. */
export interface RecordChange {
  resource: string;
  recordId: number;
  action: 'created' | 'updated';
  /** The record before (null when created); what an undo restores. */
  before: Row | null;
}

/** A row judged: its result for the report and, when it will write, what to write. */
export interface Judged<Plan = unknown> {
  result: ImportRowResult;
  plan?: Plan;
}

/** The run a check or a commit makes: who, which batch, the fields and the mapping. */
export interface ImportRun {
  /** A check judges only; a commit judges each row again right before writing it. */
  purpose: 'check' | 'commit';
  app: FastifyInstance;
  actor: Actor;
  batchId: number;
  fields: readonly TargetField[];
  mapping: ImportMapping;
  defaults: ImportDefaults;
}

/**
 * How one kind of file is judged and written. `judge` reads only (a check runs it in a
 * transaction that is rolled back); `write` applies a judged row inside the commit's chunk
 * transaction through the resources' own write paths, returning every record it created or
 * changed. Both see the same transaction, so a commit judges each row afresh before writing it.
 */
export interface RowHandler<Plan = unknown> {
  /** Keys naming the row's record (NIF, number, e-mail): a later row with one of them is a duplicate inside the file. */
  keysOf(row: ParsedRow): { field: string; label: string; value: string }[];
  /**
   * Reads what a chunk of rows needs in a few queries (the records their keys name), before its
   * rows are judged one by one in the same transaction; rows that repeat an earlier one of the
   * file are not given. Optional: a handler may read row by row in `judge`.
   */
  prepareChunk?(trx: Db, rows: readonly ParsedRow[]): Promise<void>;
  judge(trx: Db, row: ParsedRow): Promise<Judged<Plan>>;
  write(trx: Db, judged: Judged<Plan>, afterCommit: (fn: () => Promise<void> | void) => void): Promise<RecordChange[]>;
}

/** A kind of import (members, history): its target fields, their other header names, and its row handler. */
export interface ImportKindDefinition {
  kind: ImportKind;
  /** pt-PT, e.g. 'Sócios'. */
  label: string;
  fields(app: FastifyInstance): TargetField[];
  headerNames: Readonly<Record<string, readonly string[]>>;
  handler(run: ImportRun): Promise<RowHandler>;
}
