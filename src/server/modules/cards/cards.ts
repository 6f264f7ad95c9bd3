import { sql } from 'kysely';
import { STAFF_ROLES } from '../../../core/contract.js';
import { defineResource } from '../../resources/define.js';
import { owedSql } from '../dues/public.js';
import { lisbonDay } from '../../../core/days.js';

// What the actions wrote: the member's current card is 'Em uso', not 'Ativo', since whether it is
// valid today is its standing, judged when read (card-state.ts), which a stored word cannot say.
const CARD_STATES = [
  { value: 'active', label: 'Em uso' },
  { value: 'superseded', label: 'Substituído' },
  { value: 'revoked', label: 'Revogado' },
] as const;

/**
 * Membership cards: one active card per member, issued and revoked by the actions only (never
 * written through the generic routes, so every code ever printed keeps answering). Expiry and
 * arrears are not stored states: an active card past its valid-until is expired, one of a member
 * who owes (the ledger's owed rule) is in arrears, when read (the `_validity` filter, the card's
 * standing, the verification). A member reads their own cards.
 */
export const membershipCards = defineResource({
  name: 'membership_cards',
  label: 'Cartões de sócio',
  labelSingular: 'Cartão de sócio',
  defaultSort: '-created_at',
  access: { list: [...STAFF_ROLES, 'own'], read: [...STAFF_ROLES, 'own'], create: [], update: [], delete: [] },
  scope: { column: 'member', equals: 'callerMember' },
  fields: [
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', readOnly: true, filterable: true, searchable: true, sortable: true },
    { name: 'code', type: 'string', label: 'Código de verificação', readOnly: true, filterable: true, exactFilter: true },
    { name: 'state', type: 'enum', label: 'Estado', options: CARD_STATES, readOnly: true, filterable: true, sortable: true },
    { name: 'issued_at', type: 'date', label: 'Emitido em', readOnly: true, sortable: true, filterable: true },
    { name: 'valid_until', type: 'date', label: 'Válido até', readOnly: true, sortable: true, filterable: true },
    { name: 'issued_by', type: 'reference', ref: 'users', label: 'Emitido por', readOnly: true, readableBy: STAFF_ROLES },
    { name: 'superseded_at', type: 'datetime', label: 'Substituído em', readOnly: true },
    { name: 'revoked_at', type: 'datetime', label: 'Revogado em', readOnly: true },
    { name: 'revoked_by', type: 'reference', ref: 'users', label: 'Revogado por', readOnly: true, readableBy: STAFF_ROLES },
    { name: 'revoke_reason', type: 'string', label: 'Motivo da revogação', readOnly: true, readableBy: STAFF_ROLES },
  ],
  filters: [
    {
      name: 'validity',
      label: 'Validade',
      options: [
        { value: 'valid', label: 'Dentro da validade' },
        { value: 'expired', label: 'Expirado' },
        { value: 'arrears', label: 'Sócio com quotas em atraso' },
      ],
      where(value, now, table) {
        const today = lisbonDay(now.getTime());
        if (value === 'arrears') return sql<boolean>`state = 'active' AND EXISTS (SELECT 1 FROM unsettled_payments d WHERE d.member = ${sql.ref(`${table}.member`)} AND ${owedSql(today, 'd')})`;
        return value === 'expired' ? sql<boolean>`state = 'active' AND valid_until < ${today}` : sql<boolean>`state = 'active' AND valid_until >= ${today}`;
      },
    },
  ],
});
