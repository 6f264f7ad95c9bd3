import { STAFF_ROLES } from '../../../core/contract.js';
import { defineResource } from '../../resources/define.js';

/** What an automatic payment message was, as the view (payment-messages-migration.ts) names it. */
const PAYMENT_MESSAGE_KINDS = [
  { value: 'reminder', label: 'Lembrete' },
  { value: 'notice', label: 'Aviso de quotas' },
  { value: 'payment_request', label: 'Pedido de pagamento' },
] as const;

const DELIVERY = [
  { value: 'pending', label: 'Por enviar' },
  { value: 'sending', label: 'A enviar' },
  { value: 'sent', label: 'Enviada' },
  { value: 'failed', label: 'Falhou' },
] as const;

/**
 * The automatic messages about payments sent to each member (SPEC 3, "payment messages"): the
 * staged reminders, the notices staff send to a selection of members, and the payment-request
 * links handed over by e-mail. A read-only view over the outbox (its _id is the message's); the
 * message itself is read at `messages/{message}`.
 */
export const paymentMessages = defineResource({
  name: 'payment_messages',
  label: 'Mensagens de pagamento',
  labelSingular: 'Mensagem de pagamento',
  defaultSort: '-created_at',
  access: { list: STAFF_ROLES, read: STAFF_ROLES, create: [], update: [], delete: [] },
  fields: [
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', readOnly: true, filterable: true },
    { name: 'kind', type: 'enum', label: 'Tipo', options: PAYMENT_MESSAGE_KINDS, readOnly: true, filterable: true },
    { name: 'subject', type: 'string', label: 'Assunto', readOnly: true },
    { name: 'recipient', type: 'email', label: 'Destinatário', readOnly: true },
    { name: 'status', type: 'enum', label: 'Estado do envio', options: DELIVERY, readOnly: true, filterable: true },
    { name: 'sent_at', type: 'datetime', label: 'Enviada em', readOnly: true },
    { name: 'message', type: 'reference', ref: 'messages', label: 'Mensagem', readOnly: true },
  ],
});
