import { sql } from 'kysely';
import { STAFF_ROLES } from '../../../core/contract.js';
import type { Caller } from '../../auth/caller.js';
import { coded } from '../../errors.js';
import { defineAction } from '../../resources/actions.js';
import { owningUsers, publishChange } from '../../resources/events.js';
import { toRecord } from '../../resources/records.js';
import { membershipCards } from './cards.js';
import { issueCard } from './issue.js';

const userOf = (caller: Caller): number | null => (caller.kind === 'user' ? caller.id : null);

/**
 * POST /membership_cards/issue {member}: issues the member's card, or reissues it: the card
 * they had becomes superseded and its code answers 'Substituído'. Answers the new card.
 */
export const issueCardAction = defineAction({
  resource: 'membership_cards',
  name: 'issue',
  label: 'Emitir cartão',
  on: 'collection',
  access: STAFF_ROLES,
  fields: [{ name: 'member', type: 'reference', ref: 'members', label: 'Sócio', validation: { required: true } }],
  async run({ db, ctx, caller, input, afterCommit }) {
    const member = Number(input.member);
    // Two reissues at once: the second waits for the first (PostgreSQL), then supersedes its card.
    if (ctx.database.engine === 'postgres') await db.selectFrom('members').select('_id').where('_id', '=', member).forUpdate().execute();
    const previous = await db.selectFrom('membership_cards').select('_id').where('member', '=', member).where('state', '=', 'active').executeTakeFirst();
    const card = await issueCard(db, { member, by: userOf(caller), now: ctx.now() });
    afterCommit(async () => {
      const owners = await owningUsers(ctx.database.db, membershipCards, [card], ctx.now());
      if (previous) await publishChange(ctx.bus, membershipCards, { action: 'updated', id: previous._id }, owners);
      await publishChange(ctx.bus, membershipCards, { action: 'created', id: Number(card._id) }, owners);
    });
    return toRecord(membershipCards, card, caller);
  },
});

/** POST /membership_cards/{id}/revoke {reason}: the code answers 'Inválido' from now on. */
export const revokeCardAction = defineAction({
  resource: 'membership_cards',
  name: 'revoke',
  label: 'Revogar cartão',
  on: 'record',
  access: STAFF_ROLES,
  fields: [{ name: 'reason', type: 'string', label: 'Motivo', validation: { required: true, maxLength: 500 } }],
  async run({ db, ctx, caller, input, record }) {
    if (!record) return undefined;
    if (record.state !== 'active') {
      throw coded(409, 'conflict', record.state === 'revoked' ? 'Este cartão já foi revogado.' : 'Este cartão já foi substituído por outro: revogue o cartão atual do sócio.');
    }
    const stamp = new Date(ctx.now()).toISOString();
    await db
      .updateTable('membership_cards')
      .set({ state: 'revoked', revoked_at: stamp, revoked_by: userOf(caller), revoke_reason: String(input.reason), updated_at: stamp, _version: sql`_version + 1` })
      .where('_id', '=', Number(record._id))
      .execute();
    return undefined;
  },
});
