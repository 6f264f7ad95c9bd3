import { sql } from 'kysely';
import { STAFF_ROLES } from '../../../../core/contract.js';
import { conflict, unauthorized } from '../../../errors.js';
import { defineAction } from '../../../resources/actions.js';
import { draftMinutesText } from './draft-text.js';
import { finalizeMinutes, MINUTES_FINAL } from './finalize.js';

/**
 * POST /assemblies/{id}/draft_minutes: writes the minutes' draft from what the assembly recorded
 * (header, table, call, attendance and quorum, each item's deliberation and vote) over the text
 * there was. Refused once the minutes are final.
 */
export const draftMinutesAction = defineAction({
  resource: 'assemblies',
  name: 'draft_minutes',
  label: 'Gerar o rascunho da ata',
  on: 'record',
  access: STAFF_ROLES,
  async run({ db, ctx, record }) {
    if (!record) return undefined;
    if (record.minutes_final_at) throw conflict(MINUTES_FINAL);
    if (record.status === 'draft') throw conflict('A assembleia ainda não foi convocada: não há ata a redigir.');
    const text = await draftMinutesText(db, record);
    const stamp = new Date(ctx.now()).toISOString();
    await db
      .updateTable('assemblies')
      .set({ minutes_text: text, updated_at: stamp, _version: sql`_version + 1` })
      .where('_id', '=', Number(record._id))
      .execute();
    return undefined;
  },
});

/**
 * POST /assemblies/{id}/finalize_minutes: the minutes become final: numbered in the year's book,
 * drawn as a PDF stored with its SHA-256, the assembly closed, published to members per setting.
 */
export const finalizeMinutesAction = defineAction({
  resource: 'assemblies',
  name: 'finalize_minutes',
  label: 'Tornar a ata final',
  on: 'record',
  access: STAFF_ROLES,
  async run({ db, ctx, caller, record }) {
    if (!record) return undefined;
    if (caller.kind === 'anonymous') throw unauthorized();
    if (record.status === 'draft') throw conflict('A assembleia ainda não foi convocada: não há ata a aprovar.');
    await finalizeMinutes(db, ctx, record, caller);
    return undefined;
  },
});
