import { STAFF_ROLES } from '../../../core/contract.js';
import { defineResource } from '../../resources/define.js';

export const PAYMENT_METHODS = [
  { value: 'numerario', label: 'Numerário' },
  { value: 'transferencia', label: 'Transferência' },
  { value: 'multibanco', label: 'Multibanco' },
  { value: 'mbway', label: 'MB WAY' },
  { value: 'debito_direto', label: 'Débito direto' },
  { value: 'cheque', label: 'Cheque' },
] as const;

/**
 * external_id prefix of a payment brought from an imported history (decision 0050): historical,
 * its receipt (if any) was issued on paper back then, so none is issued now unless staff choose.
 */
export const HISTORICAL_PAYMENT = 'historico:';

/**
 * A payment received from a member. Recorded through POST /payments/record (which allocates it),
 * annulled through POST /payments/{id}/annul; only its reference and notes are edited in place.
 */
export const payments = defineResource({
  name: 'payments',
  label: 'Pagamentos',
  labelSingular: 'Pagamento',
  defaultSort: '-date',
  // Its reference is searched in lists: a trigram index (dues/051), not a scan of every payment.
  searchIndex: true,
  access: { list: [...STAFF_ROLES, 'own'], read: [...STAFF_ROLES, 'own'], create: [], update: STAFF_ROLES, delete: [] },
  scope: { column: 'member', equals: 'callerMember' },
  fields: [
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', readOnly: true, filterable: true, searchable: true, sortable: true },
    { name: 'date', type: 'date', label: 'Data', readOnly: true, sortable: true, filterable: true },
    { name: 'amount', type: 'money', label: 'Valor', readOnly: true, sortable: true, filterable: true },
    { name: 'allocated', type: 'money', label: 'Aplicado em dívidas', readOnly: true },
    { name: 'credit', type: 'computed', label: 'Crédito', computed: { sql: 'CASE WHEN annulled_at IS NULL THEN amount - allocated ELSE 0 END', numeric: true, money: true } },
    { name: 'method', type: 'enum', label: 'Meio de pagamento', options: PAYMENT_METHODS, readOnly: true, filterable: true, sortable: true },
    { name: 'reference', type: 'string', label: 'Referência', validation: { maxLength: 100 }, searchable: true, filterable: true },
    { name: 'notes', type: 'text', label: 'Notas', validation: { maxLength: 2000 }, readableBy: STAFF_ROLES },
    { name: 'recorded_by', type: 'reference', ref: 'users', label: 'Registado por', readOnly: true, readableBy: STAFF_ROLES },
    { name: 'annulled_at', type: 'datetime', label: 'Anulado em', readOnly: true, sortable: true, filterable: true },
    { name: 'annulled_by', type: 'reference', ref: 'users', label: 'Anulado por', readOnly: true, readableBy: STAFF_ROLES },
    { name: 'annul_reason', type: 'string', label: 'Motivo da anulação', readOnly: true },
    // A payment by a household's payer for debts of its members (issue 34): `member` is then the
    // payer when a member of it, else the household's lowest-numbered member (ledger.ts).
    // Last: lists show a resource's first fields by default.
    { name: 'household', type: 'reference', ref: 'households', label: 'Agregado', readOnly: true, filterable: true },
  ],
});

export const allocations = defineResource({
  name: 'payment_allocations',
  label: 'Aplicações de pagamentos',
  labelSingular: 'Aplicação de pagamento',
  access: { list: [...STAFF_ROLES, 'own'], read: [...STAFF_ROLES, 'own'], create: [], update: [], delete: [] },
  scope: { column: 'member', equals: 'callerMember' },
  fields: [
    { name: 'payment', type: 'reference', ref: 'payments', label: 'Pagamento', readOnly: true, filterable: true },
    { name: 'debt', type: 'reference', ref: 'unsettled_payments', label: 'Dívida', readOnly: true, filterable: true },
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', readOnly: true, filterable: true },
    { name: 'amount', type: 'money', label: 'Valor', readOnly: true },
  ],
});
