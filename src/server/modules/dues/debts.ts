import { STAFF_ROLES } from '../../../core/contract.js';
import { defineResource } from '../../resources/define.js';

export const DEBT_KINDS = [
  { value: 'quota', label: 'Quota' },
  { value: 'joia', label: 'Jóia' },
  { value: 'capital', label: 'Capital social' },
  { value: 'other', label: 'Outro' },
] as const;
export type DebtKind = (typeof DEBT_KINDS)[number]['value'];

export const DEBT_STATUSES = [
  { value: 'open', label: 'Em aberto' },
  { value: 'partial', label: 'Paga em parte' },
  { value: 'paid', label: 'Paga' },
  { value: 'waived', label: 'Perdoada' },
  { value: 'annulled', label: 'Anulada' },
] as const;
export type DebtStatus = (typeof DEBT_STATUSES)[number]['value'];
/** Statuses that still owe something (what allocations and the member's balance count). */
export const OWING: readonly DebtStatus[] = ['open', 'partial'];

/**
 * A member's debt (the spec's "unsettled payment"). Raised by the schedule or by hand through
 * actions, settled by allocations, waived or annulled by actions: never written or deleted
 * through the generic routes, so the ledger's history stays whole.
 */
export const debts = defineResource({
  name: 'unsettled_payments',
  label: 'Dívidas',
  labelSingular: 'Dívida',
  defaultSort: 'due_date',
  // Its description is searched in lists: a trigram index (dues/051), not a scan of every debt.
  searchIndex: true,
  access: { list: [...STAFF_ROLES, 'own'], read: [...STAFF_ROLES, 'own'], create: [], update: [], delete: [] },
  scope: { column: 'member', equals: 'callerMember' },
  fields: [
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', readOnly: true, filterable: true, searchable: true, sortable: true },
    { name: 'kind', type: 'enum', label: 'Tipo', options: DEBT_KINDS, readOnly: true, filterable: true },
    { name: 'year', type: 'integer', label: 'Ano', readOnly: true, filterable: true, sortable: true },
    { name: 'period', type: 'integer', label: 'Período', readOnly: true, filterable: true },
    { name: 'description', type: 'string', label: 'Descrição', readOnly: true, searchable: true },
    { name: 'amount', type: 'money', label: 'Valor', readOnly: true, sortable: true },
    { name: 'paid', type: 'money', label: 'Pago', readOnly: true },
    { name: 'open_amount', type: 'computed', label: 'Em dívida', computed: { sql: "CASE WHEN status IN ('open', 'partial') THEN amount - paid ELSE 0 END", numeric: true, money: true } },
    { name: 'due_date', type: 'date', label: 'Vencimento', readOnly: true, sortable: true, filterable: true },
    { name: 'status', type: 'enum', label: 'Estado', options: DEBT_STATUSES, readOnly: true, filterable: true, sortable: true },
    { name: 'schedule', type: 'reference', ref: 'fee_schedules', label: 'Tabela de quotas', readOnly: true, readableBy: STAFF_ROLES },
    { name: 'resolution_reason', type: 'string', label: 'Motivo', readOnly: true },
    { name: 'resolved_by', type: 'reference', ref: 'users', label: 'Decidido por', readOnly: true, readableBy: STAFF_ROLES },
    { name: 'resolved_at', type: 'datetime', label: 'Decidido em', readOnly: true },
    // Charged to a household (its payer pays): every debt of a household's member, and the
    // household's own quota held by one of them (issue 34). `_household=7` lists what it owes.
    // Last: lists show a resource's first fields by default.
    { name: 'household', type: 'reference', ref: 'households', label: 'Agregado', readOnly: true, filterable: true },
  ],
});
