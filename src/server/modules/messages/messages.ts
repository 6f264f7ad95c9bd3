import { defineResource } from '../../resources/define.js';

const STATUS_OPTIONS = [
  { value: 'pending', label: 'Por enviar' },
  { value: 'sending', label: 'A enviar' },
  { value: 'sent', label: 'Enviada' },
  { value: 'failed', label: 'Falhou' },
] as const;

/** The outbox, as staff see it: written only by the server (messages/outbox.ts). */
export const messages = defineResource({
  name: 'messages',
  label: 'Mensagens',
  labelSingular: 'Mensagem',
  defaultSort: '-created_at',
  searchIndex: true,
  access: { list: ['admin', 'editor'], read: ['admin', 'editor'], create: [], update: [], delete: [] },
  fields: [
    { name: 'recipient', type: 'email', label: 'Destinatário', readOnly: true, sortable: true, filterable: true, searchable: true },
    { name: 'subject', type: 'string', label: 'Assunto', readOnly: true, sortable: true, filterable: true, searchable: true },
    { name: 'body', type: 'text', label: 'Mensagem', readOnly: true },
    // The HTML part as the member sees it (secret links hidden); the back office shows it only
    // in a sandboxed frame, never as markup of its own page.
    { name: 'html', type: 'text', label: 'Mensagem em HTML', readOnly: true },
    { name: 'status', type: 'enum', label: 'Estado', options: STATUS_OPTIONS, readOnly: true, sortable: true, filterable: true },
    { name: 'attempts', type: 'integer', label: 'Tentativas', readOnly: true, sortable: true, filterable: true },
    { name: 'last_error', type: 'text', label: 'Último erro', readOnly: true },
    { name: 'sent_at', type: 'datetime', label: 'Enviada em', readOnly: true, sortable: true, filterable: true },
  ],
});
