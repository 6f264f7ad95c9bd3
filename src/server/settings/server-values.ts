import type { ServerContext } from '../context.js';
import { SETTINGS } from './catalogue.js';

/**
 * Writes every read-only setting's value from this server's configuration into its row (at
 * every start): GET /api/settings, the settings pages and readSetting then all answer what the
 * server really uses (its files directory), and a value left by an older version is replaced.
 */
export async function recordServerValues(ctx: Pick<ServerContext, 'config' | 'database' | 'now'>): Promise<void> {
  const stamp = new Date(ctx.now()).toISOString();
  const db = ctx.database.db;
  for (const declaration of SETTINGS.all) {
    if (!declaration.serverValue) continue;
    const value = declaration.serverValue(ctx.config);
    const row = await db.selectFrom('settings').select(['_id', 'value']).where('name', '=', declaration.name).executeTakeFirst();
    if (!row) {
      // Another instance starting at the same moment may have written it: theirs is as good.
      await db.insertInto('settings').values({ name: declaration.name, value, created_at: stamp, updated_at: stamp }).onConflict((oc) => oc.column('name').doNothing()).execute();
    } else if (row.value !== value) {
      await db
        .updateTable('settings')
        .set((eb) => ({ value, updated_at: stamp, _version: eb('_version', '+', 1) }))
        .where('_id', '=', row._id)
        .execute();
    }
  }
}
