import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { FilesTable } from '../db/tables.js';
import type { AuthenticatedCaller } from '../auth/caller.js';

const FILES_TABLE = 'files';

/** A file as the API shows it: never its storage key. */
export interface FileRecord {
  _id: number;
  created_at: string;
  updated_at: string;
  _version: number;
  originalName: string;
  contentType: string;
  size: number;
  sha256: string;
  /** The record field holding the file; null until a record takes it. */
  owner: { resource: string; record: number; field: string } | null;
}

/** What the server needs to serve a file. */
export interface StoredFile {
  record: FileRecord;
  storageKey: string;
}

function fromRow(row: Selectable<FilesTable>): StoredFile {
  const { owner_resource: resource, owner_record: record, owner_field: field } = row;
  return {
    storageKey: row.storage_key,
    record: {
      _id: row._id,
      created_at: row.created_at,
      updated_at: row.updated_at,
      _version: row._version,
      originalName: row.original_name,
      contentType: row.content_type,
      size: row.size,
      sha256: row.sha256,
      owner: resource !== null && record !== null && field !== null ? { resource, record, field } : null,
    },
  };
}

export interface NewFile {
  originalName: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
  /**
   * Who stored it: an account or API key (a background job stores in the name of who asked for
   * it), or the public applicant of a member application, known by the application's _id.
   */
  uploadedBy: Pick<AuthenticatedCaller, 'kind' | 'id'> | { kind: 'applicant'; id: number };
  at: number;
}

export async function insertFile(db: Db, file: NewFile): Promise<FileRecord> {
  const stamp = new Date(file.at).toISOString();
  const row = await db
    .insertInto(FILES_TABLE)
    .values({
      created_at: stamp,
      updated_at: stamp,
      _version: 1,
      original_name: file.originalName,
      content_type: file.contentType,
      size: file.size,
      sha256: file.sha256,
      storage_key: file.storageKey,
      uploaded_by_kind: file.uploadedBy.kind,
      uploaded_by: file.uploadedBy.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromRow(row).record;
}

export async function findFile(db: Db, id: number): Promise<StoredFile | undefined> {
  const row = await db.selectFrom(FILES_TABLE).selectAll().where('_id', '=', id).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export interface FileOwner {
  resource: string;
  record: number;
  field: string;
}

/**
 * Gives an unowned file to a record's field, in the caller's transaction (`db`): true when
 * the file is now that field's, false when it does not exist or another field holds it, so
 * one upload can never be shown through two records with different readers.
 */
export async function claimFile(db: Db, id: number, owner: FileOwner, at: number): Promise<boolean> {
  const stamp = new Date(at).toISOString();
  await db
    .updateTable(FILES_TABLE)
    .set((eb) => ({ owner_resource: owner.resource, owner_record: owner.record, owner_field: owner.field, updated_at: stamp, _version: eb('_version', '+', 1) }))
    .where('_id', '=', id)
    .where('owner_resource', 'is', null)
    .execute();
  const current = (await findFile(db, id))?.record.owner;
  return current?.resource === owner.resource && current.record === owner.record && current.field === owner.field;
}
