import { lisbonDay } from '../../../../core/days.js';
import { conflict } from '../../../errors.js';
import type { WriteHooks } from '../../../resources/define.js';
import { members } from '../../members/public.js';
import { ERASED_NAME, erasedMemberColumns, schemaOf } from './target.js';
import { endsMembership } from '../../reference/public.js';

const ERASED_FIELD = 'Os dados pessoais deste sócio foram apagados: este campo fica vazio.';

/**
 * What the erasure part adds to members. `members.left_on`, the day retention counts from: set to today when a member enters an ending
 * state (Desistente, Falecido...) from one that is not, or is created in one; cleared when they
 * come back to an active state. A day staff send with the change (an old departure entered
 * late) is kept. A move between two ending states keeps the first departure's day.
 */
export const leftOnHooks: WriteHooks = {
  /** An erased member's personal fields stay empty (and the name 'Titular apagado'): nobody writes them back by mistake. */
  async validate(_hook, values, existing): Promise<Record<string, string>> {
    const errors: Record<string, string> = {};
    if (!existing?.erased_at) return errors;
    for (const name of erasedMemberColumns(schemaOf([members]))) {
      if (!Object.hasOwn(values, name)) continue;
      const value = values[name];
      const empty = value === null || value === undefined || value === '' || (name === 'name' && value === ERASED_NAME);
      if (!empty) errors[name] = ERASED_FIELD;
    }
    return errors;
  },
  async beforeWrite(hook, values, existing): Promise<void> {
    if (!Object.hasOwn(values, 'state')) return;
    if (existing && Number(existing.state) === Number(values.state)) return;
    const sentDay = Object.hasOwn(values, 'left_on') && values.left_on !== null && values.left_on !== undefined;
    const ends = await endsMembership(hook.db, values.state);
    if (!ends) {
      if (existing?.left_on) values.left_on = null;
      return;
    }
    if (sentDay) return;
    const endedBefore = existing ? await endsMembership(hook.db, existing.state) : false;
    if (endedBefore && existing?.left_on) return;
    values.left_on = lisbonDay(hook.ctx.now());
  },
  /**
   * A member record deleted (one with no payments): their requests stay in the register, no
   * longer linked; the retention job's warnings go with them. An erased member's record stays,
   * with the record of the erasure.
   */
  async beforeDelete(hook, existing): Promise<void> {
    const id = Number(existing._id);
    if (existing.erased_at) throw conflict('Os dados pessoais deste sócio já foram apagados: o registo fica, com o registo do apagamento.');
    await hook.db.updateTable('data_subject_requests').set({ member: null }).where('member', '=', id).execute();
    await hook.db.deleteFrom('retention_warnings').where('member', '=', id).execute();
  },
};
