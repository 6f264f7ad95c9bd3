import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { AcceptedFile } from '../../files/accept.js';
import { claimFile, insertFile } from '../../files/records.js';
import type { FileStore } from '../../files/store.js';
import { applicationMissing, assertOpenApplication, memberMissing, type Uploader } from './access.js';
import { photoVersions } from './photo-image.js';
import { deleteMemberFiles, findMemberFile, insertMemberFile, listFiles, parentOf, parentResource, type MemberFileRow, type Parent } from './records.js';

/** One photo (the picture and its thumbnail) or one PDF document, checked and ready to store. */
export interface MemberFileEntry {
  kind: 'photo' | 'document';
  main: AcceptedFile;
  thumb?: AcceptedFile;
  width?: number;
  height?: number;
}

/** Where the entries go and in whose name. */
export interface SaveTarget {
  parent: Parent;
  by: Uploader;
  /** The injected clock, read inside the transaction. */
  now: () => number;
  /** PostgreSQL: hold the parent's row until commit, so writes to one parent take turns (SQLite serialises writes). */
  lockParent: boolean;
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A checked image (acceptUpload) as the photo entry: the stored JPEG, at most 1200 px high, and its thumbnail. */
export async function photoEntry(checked: AcceptedFile): Promise<MemberFileEntry> {
  const versions = await photoVersions(checked.bytes);
  const base = checked.originalName.replace(/\.[^.]*$/, '');
  const jpeg = (bytes: Buffer, suffix: string): AcceptedFile => ({ ...checked, bytes, contentType: 'image/jpeg', originalName: `${base}${suffix}.jpg`, sha256: sha256Of(bytes) });
  return { kind: 'photo', main: jpeg(versions.photo, ''), thumb: jpeg(versions.thumb, '-miniatura'), width: versions.width, height: versions.height };
}

/**
 * The parent, inside the transaction: it must still exist, and an application must still be
 * under review (an accept may have taken its files meanwhile). Locked on PostgreSQL, so two
 * uploads to one parent, or an upload and an accept, run one after the other.
 */
async function checkParent(trx: Db, parent: Parent, lock: boolean): Promise<void> {
  if (parent.kind === 'member') {
    const query = trx.selectFrom('members').select('_id').where('_id', '=', parent.id);
    if (!(await (lock ? query.forUpdate() : query).executeTakeFirst())) throw memberMissing();
    return;
  }
  const query = trx.selectFrom('member_applications').select('state').where('_id', '=', parent.id);
  const application = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!application) throw applicationMissing();
  assertOpenApplication(application.state);
}

/**
 * Stores photos and documents of a member or an application: the bytes first, then their rows
 * in one transaction. A new photo replaces the parent's current one: two uploads at once both
 * succeed, one after the other, and the later one is the photo (never two, never a 500).
 * Refused or failed, no row and no byte stays; the replaced photo's bytes go once committed.
 *
 * Inside a caller's transaction (`db.isTransaction`, the demo seed) the rows join it and the
 * replaced bytes, if any, are left in place: the caller may still roll back (which would leave
 * the new bytes unreferenced, never a row without its bytes).
 */
export async function saveMemberFiles(db: Db, store: FileStore, target: SaveTarget, entries: readonly MemberFileEntry[]): Promise<MemberFileRow[]> {
  const { parent, by } = target;
  const files = entries.flatMap((entry) => (entry.thumb ? [entry.main, entry.thumb] : [entry.main]));
  const keys = new Map<AcceptedFile, string>();
  let replaced: string[] = [];
  const work = async (trx: Db) => {
    await checkParent(trx, parent, target.lockParent);
    const now = target.now();
    const record = async (file: AcceptedFile, field: string) => {
      const stored = await insertFile(trx, { ...file, size: file.bytes.length, storageKey: keys.get(file)!, uploadedBy: by, at: now });
      await claimFile(trx, stored._id, { resource: parentResource(parent), record: parent.id, field }, now);
      return stored._id;
    };
    if (entries.some((entry) => entry.kind === 'photo')) replaced = await deleteMemberFiles(trx, await listFiles(trx, parent, 'photo'));
    const saved: MemberFileRow[] = [];
    for (const entry of entries) {
      const file = await record(entry.main, entry.kind === 'photo' ? 'photo' : 'pdf_documents');
      const thumbFile = entry.thumb ? await record(entry.thumb, 'photo_thumb') : null;
      saved.push(await insertMemberFile(trx, parent, { kind: entry.kind, file, thumbFile, width: entry.width ?? null, height: entry.height ?? null }, now));
    }
    return saved;
  };
  try {
    for (const file of files) keys.set(file, await store.write(file.bytes));
    if (db.isTransaction) return await work(db);
    const rows = await db.transaction().execute(work);
    await Promise.all(replaced.map((key) => store.remove(key)));
    return rows;
  } catch (error) {
    await Promise.all([...keys.values()].map((key) => store.remove(key)));
    throw error;
  }
}

/**
 * Deletes one photo or document in its own transaction, its parent checked (and locked) as for
 * a save; its bytes go once committed. Already gone (a delete at the same moment): nothing to do.
 */
export async function removeMemberFile(db: Db, store: FileStore, row: MemberFileRow, lockParent: boolean): Promise<void> {
  const parent = parentOf(row);
  const keys = await db.transaction().execute(async (trx) => {
    await checkParent(trx, parent, lockParent);
    const current = await findMemberFile(trx, row._id);
    return current ? deleteMemberFiles(trx, [current]) : [];
  });
  await Promise.all(keys.map((key) => store.remove(key)));
}
