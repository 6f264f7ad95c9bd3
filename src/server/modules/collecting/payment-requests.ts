import { STAFF_ROLES } from '../../../core/contract.js';
import { defineResource } from '../../resources/define.js';

export const REQUEST_METHODS = [
  { value: 'multibanco', label: 'Referência Multibanco' },
  { value: 'mbway', label: 'MB WAY' },
] as const;
export type RequestMethod = (typeof REQUEST_METHODS)[number]['value'];

const REQUEST_STATES = [
  { value: 'pending', label: 'Por pagar' },
  { value: 'paid', label: 'Pago' },
  { value: 'expired', label: 'Expirado' },
  { value: 'failed', label: 'Falhado' },
] as const;

const PROVIDERS = [
  { value: 'local', label: 'Referências próprias' },
  { value: 'ifthenpay', label: 'ifthenpay' },
] as const;

/**
 * A request to pay chosen debts by Multibanco reference or MB WAY. Staff create one with
 * POST /api/payment_requests (collecting/routes.ts: the amount, entity and reference are the
 * server's); a provider's callback marks it paid and records the payment. Never edited or
 * deleted through the generic routes; a member reads their own.
 */
export const paymentRequests = defineResource({
  name: 'payment_requests',
  label: 'Pedidos de pagamento',
  labelSingular: 'Pedido de pagamento',
  defaultSort: '-created_at',
  access: { list: [...STAFF_ROLES, 'own'], read: [...STAFF_ROLES, 'own'], create: [], update: [], delete: [] },
  scope: { column: 'member', equals: 'callerMember' },
  fields: [
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', readOnly: true, filterable: true, searchable: true, sortable: true },
    // A household's request (issue 34): its debts are of several of the household's members, and `member` is the payer who asked (or the household's holder).
    { name: 'household', type: 'reference', ref: 'households', label: 'Agregado', readOnly: true, filterable: true },
    {
      name: 'debts', type: 'references', ref: 'unsettled_payments', label: 'Dívidas', readOnly: true,
      through: { table: 'payment_request_debts', self: 'request', other: 'debt' },
    },
    { name: 'method', type: 'enum', label: 'Meio de pagamento', options: REQUEST_METHODS, readOnly: true, filterable: true },
    { name: 'amount', type: 'money', label: 'Valor', readOnly: true, sortable: true },
    { name: 'entity', type: 'string', label: 'Entidade', readOnly: true },
    { name: 'reference', type: 'string', label: 'Referência', readOnly: true, filterable: true, exactFilter: true },
    { name: 'phone', type: 'string', label: 'Telemóvel', readOnly: true },
    { name: 'expires_at', type: 'datetime', label: 'Válido até', readOnly: true, sortable: true },
    { name: 'state', type: 'enum', label: 'Estado', options: REQUEST_STATES, readOnly: true, filterable: true, sortable: true },
    { name: 'provider', type: 'enum', label: 'Fornecedor', options: PROVIDERS, readOnly: true, readableBy: STAFF_ROLES },
    { name: 'payment', type: 'reference', ref: 'payments', label: 'Pagamento', readOnly: true },
    { name: 'paid_at', type: 'datetime', label: 'Pago em', readOnly: true, sortable: true },
    { name: 'created_by', type: 'reference', ref: 'users', label: 'Criado por', readOnly: true, readableBy: STAFF_ROLES },
  ],
});
