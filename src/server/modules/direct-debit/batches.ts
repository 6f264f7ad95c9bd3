import { STAFF_ROLES } from '../../../core/contract.js';
import { defineResource } from '../../resources/define.js';

const BATCH_STATES = [
  { value: 'open', label: 'Em cobrança' },
  { value: 'closed', label: 'Concluído' },
] as const;

const ITEM_STATES = [
  { value: 'pending', label: 'Pendente' },
  { value: 'confirmed', label: 'Cobrado' },
  { value: 'rejected', label: 'Devolvido' },
] as const;

const SEQUENCE_TYPES = [
  { value: 'FRST', label: 'Primeira cobrança' },
  { value: 'RCUR', label: 'Recorrente' },
] as const;

/**
 * A direct-debit batch: the debts sent to the bank together for one collection date. Made by
 * POST /direct_debit_batches/prepare, exported as pain.008, closed when every item is confirmed
 * or rejected. Only the actions write batches and their items.
 */
export const batches = defineResource({
  name: 'direct_debit_batches',
  label: 'Lotes de débito direto',
  labelSingular: 'Lote de débito direto',
  defaultSort: '-created_at',
  access: { list: STAFF_ROLES, read: STAFF_ROLES, create: [], update: [], delete: [] },
  fields: [
    { name: 'collection_date', type: 'date', label: 'Data de cobrança', readOnly: true, sortable: true, filterable: true },
    { name: 'state', type: 'enum', label: 'Estado', options: BATCH_STATES, readOnly: true, sortable: true, filterable: true },
    { name: 'item_count', type: 'integer', label: 'Cobranças', readOnly: true },
    { name: 'total', type: 'money', label: 'Total', readOnly: true, sortable: true },
    { name: 'created_by', type: 'reference', ref: 'users', label: 'Preparado por', readOnly: true },
  ],
});

/**
 * One debt in a batch. While it is pending, `pending_debt` holds the debt (unique), so no debt is
 * in two batches at once; confirming records the payment through the dues ledger, rejecting frees
 * the debt for another batch or another way of paying.
 */
export const items = defineResource({
  name: 'direct_debit_items',
  label: 'Cobranças por débito direto',
  labelSingular: 'Cobrança por débito direto',
  defaultSort: '_id',
  access: { list: STAFF_ROLES, read: STAFF_ROLES, create: [], update: [], delete: [] },
  fields: [
    { name: 'batch', type: 'reference', ref: 'direct_debit_batches', label: 'Lote', readOnly: true, filterable: true },
    { name: 'debt', type: 'reference', ref: 'unsettled_payments', label: 'Dívida', readOnly: true, filterable: true },
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', readOnly: true, filterable: true, sortable: true },
    { name: 'mandate', type: 'reference', ref: 'sepa_mandates', label: 'Mandato', readOnly: true, filterable: true },
    { name: 'amount', type: 'money', label: 'Valor', readOnly: true, sortable: true },
    { name: 'sequence_type', type: 'enum', label: 'Sequência', options: SEQUENCE_TYPES, readOnly: true },
    { name: 'state', type: 'enum', label: 'Estado', options: ITEM_STATES, readOnly: true, filterable: true, sortable: true },
    { name: 'reason', type: 'string', label: 'Motivo da devolução', readOnly: true },
    { name: 'payment', type: 'reference', ref: 'payments', label: 'Pagamento', readOnly: true },
    { name: 'resolved_by', type: 'reference', ref: 'users', label: 'Decidido por', readOnly: true },
    { name: 'resolved_at', type: 'datetime', label: 'Decidido em', readOnly: true },
  ],
});
