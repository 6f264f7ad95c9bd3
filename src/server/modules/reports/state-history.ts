import type { HookContext, WriteHooks } from '../../resources/define.js';
import { lisbonDay } from '../../../core/days.js';
import { endsMembership, firstActiveState } from '../reference/public.js';

interface Entry {
  member: number;
  state: number;
  previous: number | null;
  date: string;
}

async function record(hook: HookContext, entries: readonly Entry[]): Promise<void> {
  const stamp = new Date(hook.ctx.now()).toISOString();
  const changedBy = hook.caller.kind === 'user' ? hook.caller.id : null;
  await hook.db
    .insertInto('member_state_history')
    .values(entries.map((e) => ({ member: e.member, state: e.state, previous_state: e.previous, date: e.date, changed_by: changedBy, created_at: stamp })))
    .execute();
}

/**
 * Every change of a member's state, in the write's own transaction (a rolled-back write leaves
 * no history). A new member's state counts from their admission; one entered straight into an
 * ending state (someone who left before the records were kept here) joined in the first active
 * state and left today, as the migration's backfill reads old records, so every member's history
 * starts with an admission.
 */
export const stateHistoryHooks: WriteHooks = {
  async afterWrite(hook, saved, existing) {
    const member = Number(saved._id);
    const state = Number(saved.state);
    const today = lisbonDay(hook.ctx.now());
    if (existing) {
      if (Number(existing.state) === state) return;
      await record(hook, [{ member, state, previous: Number(existing.state), date: today }]);
      return;
    }
    const admission = saved.admission_date ? String(saved.admission_date) : today;
    const active = (await endsMembership(hook.db, state)) ? await firstActiveState(hook.db) : null;
    if (active === null) {
      await record(hook, [{ member, state, previous: null, date: admission }]);
      return;
    }
    await record(hook, [
      { member, state: active, previous: null, date: admission },
      { member, state, previous: active, date: admission > today ? admission : today },
    ]);
  },
  async beforeDelete(hook, existing) {
    await hook.db.deleteFrom('member_state_history').where('member', '=', Number(existing._id)).execute();
  },
};
