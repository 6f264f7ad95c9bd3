// A setting written by the server on an admin's behalf (a passed test confirms its step, an
// uploaded logo names its file): the same declaration check, audit entry and change event as a
// write through the settings resource, so it is an ordinary setting written another way.
import { TOPIC } from '../../../core/contract.js';
import { diffRecords, recordAudit } from '../../audit/record.js';
import type { Caller } from '../../auth/caller.js';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { settings } from '../settings/public.js';
import { checkSettingWrite } from '../../settings/check-write.js';
import { publishChange } from '../../resources/events.js';

export interface SettingWriter {
  caller: Caller;
  address: string | null;
}

/** Sets `name` to `value` inside `db` (the caller's transaction); answers the row's id when it changed. Publish with announceSettings after commit. */
export async function writeSetting(db: Db, now: number, by: SettingWriter, name: string, value: string): Promise<number | null> {
  const stamp = new Date(now).toISOString();
  const existing = await db.selectFrom('settings').selectAll().where('name', '=', name).executeTakeFirst();
  checkSettingWrite({ name, value }, existing);
  if (existing?.value === value) return null;
  const after = existing
    ? await db
        .updateTable('settings')
        .set((eb) => ({ value, updated_at: stamp, _version: eb('_version', '+', 1) }))
        .where('_id', '=', existing._id)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await db.insertInto('settings').values({ name, value, created_at: stamp, updated_at: stamp }).returningAll().executeTakeFirstOrThrow();
  await recordAudit(db, { at: now, actor: by.caller, address: by.address, resource: settings.name, recordId: after._id, action: existing ? 'update' : 'create', changes: diffRecords(settings, existing, after) });
  return after._id;
}

/** Tells every instance and open page the settings changed (after the commit): lists refresh, caches empty, the sender looks again. */
export async function announceSettings(ctx: Pick<ServerContext, 'bus'>, id: number): Promise<void> {
  await publishChange(ctx.bus, settings, { action: 'updated', id }, []);
  await ctx.bus.publish({ topic: TOPIC.settingsUpdated, payload: {} });
}
