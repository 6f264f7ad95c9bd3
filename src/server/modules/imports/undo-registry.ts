import type { FastifyInstance } from 'fastify';
import type { ImportBlocker } from '../../../core/contract.js';
import type { Db, Row } from '../../db/database.js';
import type { Actor } from '../../resources/handlers.js';

/** One record a batch created or changed, as import_batch_changes keeps it. */
export interface UndoChange {
  /** import_batch_changes._id: changes are undone newest first. */
  id: number;
  resource: string;
  recordId: number;
  action: 'created' | 'updated';
  /** The record before the batch (null when created); an update's also lists `_changed`, the fields it changed. */
  before: Row | null;
  /** When the batch made the change: work on the record since then depends on it. */
  at: string;
}

/** What an undo's steps share: the transaction, who undoes, and which records the batch itself holds. */
export interface UndoContext {
  app: FastifyInstance;
  trx: Db;
  actor: Actor;
  batchId: number;
  afterCommit(fn: () => Promise<void> | void): void;
  /** `${resource}:${id}` of every record of the batch still to undo: later work that is itself the batch's blocks nothing. */
  batchRecords: ReadonlySet<string>;
}

/**
 * How to undo one resource's changes. Each resource a batch may touch has one (undoers.ts):
 * `blockers` names the later work that depends on the records (a payment on an imported
 * member), in pt-PT; `restore` puts one record back as it was (deleting one the batch created)
 * through the resource's own write path, with an audit entry naming the batch. A restore that
 * the database refuses all the same (a record added since that refers to it) becomes a blocker.
 */
export interface ResourceUndo {
  resource: string;
  blockers(undo: UndoContext, changes: readonly UndoChange[]): Promise<ImportBlocker[]>;
  restore(undo: UndoContext, change: UndoChange): Promise<void>;
  /** The record in pt-PT for a list ('Sócio n.º 12, Ana Silva'): a restore refused is listed by it. */
  label(undo: UndoContext, change: UndoChange): Promise<string>;
}

/** The audit entry's words for a record an undo restores: the action and the batch. */
export const undoAudit = (batchId: number) => ({ action: 'import_undo', changes: { import_batch: [batchId, null] as [unknown, unknown] } });

export const recordKey = (resource: string, id: number): string => `${resource}:${id}`;
