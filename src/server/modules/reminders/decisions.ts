import { STAFF_ROLES } from '../../../core/contract.js';
import { defineResource } from '../../resources/define.js';

const DECISIONS = [
  { value: 'awaiting', label: 'A aguardar aprovação' },
  { value: 'approved', label: 'Aprovado, por enviar' },
  { value: 'held', label: 'Retido' },
  { value: 'sent', label: 'Enviado' },
  { value: 'skipped', label: 'Não enviado' },
] as const;

export const REASONS = [
  { value: 'paid', label: 'Pago entretanto' },
  { value: 'ending', label: 'Sócio num estado de saída' },
  { value: 'no_email', label: 'Sem e-mail' },
  { value: 'direct_debit', label: 'Débito direto pendente' },
  { value: 'no_recent_payments', label: 'Sem pagamentos registados recentemente' },
] as const;
export type Reason = (typeof REASONS)[number]['value'];

/**
 * The reminders log: what the planner decided for each member, debt set and stage, and why.
 * Written by the server only (the planner, the sender and the approve action).
 */
export const reminderDecisions = defineResource({
  name: 'reminder_decisions',
  label: 'Avisos de dívida',
  labelSingular: 'Aviso de dívida',
  defaultSort: '-created_at',
  access: { list: STAFF_ROLES, read: STAFF_ROLES, create: [], update: [], delete: [] },
  fields: [
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', readOnly: true, filterable: true },
    { name: 'stage', type: 'reference', ref: 'reminder_stages', label: 'Etapa', readOnly: true, filterable: true },
    { name: 'debt_set', type: 'string', label: 'Conjunto de dívidas', readOnly: true },
    { name: 'day', type: 'date', label: 'Dia', readOnly: true, sortable: true, filterable: true },
    { name: 'decision', type: 'enum', label: 'Decisão', options: DECISIONS, readOnly: true, sortable: true, filterable: true },
    { name: 'reason', type: 'enum', label: 'Motivo', options: REASONS, readOnly: true, filterable: true },
    { name: 'debts', type: 'integer', label: 'Dívidas', readOnly: true },
    { name: 'total', type: 'money', label: 'Total em dívida', readOnly: true, sortable: true },
    { name: 'message', type: 'reference', ref: 'messages', label: 'Mensagem', readOnly: true },
    { name: 'decided_at', type: 'datetime', label: 'Decidido em', readOnly: true, sortable: true },
  ],
});
