import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { MemberFilesTable } from '../../db/tables.js';

export type MemberFileRow = Selectable<MemberFilesTable>;

/** Whose a photo or document is: a member, or an application not yet decided. */
export type Parent = { kind: 'member'; id: number } | { kind: 'application'; id: number };

/** The record a parent is, as `files.owner_resource` names it. */
export const parentResource = (parent: Parent) => (parent.kind === 'member' ? 'members' : 'member_applications');

const parentColumn = (parent: Parent) => (parent.kind === 'member' ? 'member' : 'member_application');

export function parentOf(row: MemberFileRow): Parent {
  return row.member !== null ? { kind: 'member', id: row.member } : { kind: 'application', id: row.member_application! };
}

export function listFiles(db: Db, parent: Parent, kind: MemberFilesTable['kind']): Promise<MemberFileRow[]> {
  return db.selectFrom('member_files').selectAll().where(parentColumn(parent), '=', parent.id).where('kind', '=', kind).orderBy('_id').execute();
}

export function findMemberFile(db: Db, id: number): Promise<MemberFileRow | undefined> {
  return db.selectFrom('member_files').selectAll().where('_id', '=', id).executeTakeFirst();
}

export interface NewMemberFile {
  kind: MemberFilesTable['kind'];
  file: number;
  thumbFile: number | null;
  width: number | null;
  height: number | null;
}

export async function insertMemberFile(db: Db, parent: Parent, row: NewMemberFile, at: number): Promise<MemberFileRow> {
  const stamp = new Date(at).toISOString();
  return db
    .insertInto('member_files')
    .values({
      created_at: stamp,
      updated_at: stamp,
      kind: row.kind,
      member: parent.kind === 'member' ? parent.id : null,
      member_application: parent.kind === 'application' ? parent.id : null,
      file: row.file,
      thumb_file: row.thumbFile,
      width: row.width,
      height: row.height,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Deletes member_files rows and their `files` rows in the caller's transaction; answers the
 * storage keys whose bytes the caller removes once the transaction has committed.
 */
export async function deleteMemberFiles(db: Db, rows: readonly MemberFileRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const fileIds = rows.flatMap((row) => (row.thumb_file === null ? [row.file] : [row.file, row.thumb_file]));
  const keys = await db.selectFrom('files').select('storage_key').where('_id', 'in', fileIds).execute();
  await db.deleteFrom('member_files').where('_id', 'in', rows.map((row) => row._id)).execute();
  await db.deleteFrom('files').where('_id', 'in', fileIds).execute();
  return keys.map((key) => key.storage_key);
}
