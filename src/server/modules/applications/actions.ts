import { STAFF_ROLES } from '../../../core/contract.js';
import { conflict } from '../../errors.js';
import { announceMessage } from '../../messages/outbox.js';
import { defineAction, type ActionContext } from '../../resources/actions.js';
import { readSetting } from '../../settings/read.js';
import { queueRejection } from './messages.js';
import { decidedMessage, isOpen, type ApplicationState } from './states.js';

/** Closes an open application as `state`, with who and when (and why, for a rejection). */
async function decide({ db, ctx, caller, record }: ActionContext, state: ApplicationState, reason: string | null) {
  if (!isOpen(record!.state)) throw conflict(decidedMessage(record!.state));
  const stamp = new Date(ctx.now()).toISOString();
  await db
    .updateTable('member_applications')
    .set({
      state,
      decided_at: stamp,
      decided_by: caller.kind === 'user' ? caller.id : null,
      reject_reason: reason,
      updated_at: stamp,
      _version: Number(record!._version) + 1,
    })
    .where('_id', '=', Number(record!._id))
    .execute();
}

/** POST /member_applications/{id}/reject {reason}: refused, with a polite message when the settings say so. */
export const rejectApplicationAction = defineAction({
  resource: 'member_applications',
  name: 'reject',
  label: 'Recusar candidatura',
  on: 'record',
  access: STAFF_ROLES,
  fields: [{ name: 'reason', type: 'text', label: 'Motivo', validation: { required: true, minLength: 3, maxLength: 1000 } }],
  async run(context) {
    const reason = String(context.input.reason).trim();
    await decide(context, 'rejected', reason);
    if (await readSetting(context.db, 'applicationRejectMessage')) {
      const message = await queueRejection(context.db, context.ctx.now(), context.record!, reason);
      if (message !== null) context.afterCommit(() => announceMessage(context.ctx.bus, message, 'created'));
    }
    return { state: 'rejected' };
  },
});

/** POST /member_applications/{id}/withdraw: the applicant gave up (told staff); nothing is sent. */
export const withdrawApplicationAction = defineAction({
  resource: 'member_applications',
  name: 'withdraw',
  label: 'Registar desistência',
  on: 'record',
  access: STAFF_ROLES,
  async run(context) {
    await decide(context, 'withdrawn', null);
    return { state: 'withdrawn' };
  },
});
