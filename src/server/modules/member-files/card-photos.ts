import { buffer } from 'node:stream/consumers';
import type { Db } from '../../db/database.js';
import { openIfStored, type FileStore } from '../../files/store.js';

/**
 * The current photo of each of these members, as the JPEG thumbnail (240 px high: about 240 dpi
 * on a card's 25 mm, and small enough for a thousand cards in one PDF). Members without one are
 * absent from the map.
 */
export async function memberPhotoThumbs(db: Db, files: FileStore, memberIds: readonly number[]): Promise<Map<number, Buffer>> {
  const photos = new Map<number, Buffer>();
  for (let i = 0; i < memberIds.length; i += 500) {
    const rows = await db
      .selectFrom('member_files')
      .innerJoin('files', 'files._id', 'member_files.thumb_file')
      .select(['member_files.member', 'files.storage_key'])
      .where('member_files.kind', '=', 'photo')
      .where('member_files.member', 'in', memberIds.slice(i, i + 500))
      .execute();
    for (const row of rows) {
      if (row.member === null) continue;
      // A photo whose bytes are gone prints the card without it, as for a member with none.
      const bytes = await openIfStored(files, row.storage_key);
      if (bytes) photos.set(row.member, await buffer(bytes));
    }
  }
  return photos;
}
