import type { Db } from '../db/database.js';

/** Writes a setting's value over whatever is stored (the demo's choices over the defaults). */
export const upsertSetting = (db: Db, name: string, value: string, stamp: string) =>
  db.insertInto('settings').values({ name, value, created_at: stamp, updated_at: stamp }).onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: stamp })).execute();
