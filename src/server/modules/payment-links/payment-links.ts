import { STAFF_ROLES } from '../../../core/contract.js';
import { defineAction } from '../../resources/actions.js';
import { defineResource } from '../../resources/define.js';

/**
 * The links to the public payment-information page sent to members (a reminder carries one).
 * The token itself is never stored, only its hash (no field here): staff see whom a link is
 * for, why, until when, and revoke it. Nobody creates or edits them through the API; the
 * modules that send messages issue them (issuePaymentLink).
 */
export const paymentLinks = defineResource({
  name: 'payment_links',
  label: 'Ligações de pagamento',
  labelSingular: 'Ligação de pagamento',
  defaultSort: '-created_at',
  access: { list: STAFF_ROLES, read: STAFF_ROLES, create: [], update: [], delete: [] },
  fields: [
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', readOnly: true, filterable: true, sortable: true },
    { name: 'purpose', type: 'string', label: 'Motivo', readOnly: true, filterable: true },
    { name: 'expires_at', type: 'datetime', label: 'Expira em', readOnly: true, sortable: true },
    { name: 'revoked_at', type: 'datetime', label: 'Revogada em', readOnly: true, sortable: true, filterable: true },
    { name: 'revoked_by', type: 'reference', ref: 'users', label: 'Revogada por', readOnly: true },
    { name: 'last_used_at', type: 'datetime', label: 'Última utilização', readOnly: true, sortable: true },
  ],
});

/**
 * POST /api/payment_links/{id}/revoke: the link stops working at the server's time (its page
 * answers like an unknown link). Revoking a revoked link changes nothing.
 */
export const revokePaymentLink = defineAction({
  resource: 'payment_links',
  name: 'revoke',
  label: 'Revogar',
  on: 'record',
  access: STAFF_ROLES,
  async run({ db, ctx, caller, record }) {
    if (!record || record.revoked_at) return undefined;
    const stamp = new Date(ctx.now()).toISOString();
    await db
      .updateTable('payment_links')
      .set({ revoked_at: stamp, revoked_by: caller.kind === 'user' ? caller.id : null, updated_at: stamp, _version: Number(record._version) + 1 })
      .where('_id', '=', Number(record._id))
      .execute();
    return undefined;
  },
});
