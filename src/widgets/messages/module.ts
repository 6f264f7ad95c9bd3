// Messages: the outbox's list, one message, and the messages' settings.
import { defineClientModule } from '../../core/client-module.js';
import { RESOURCE, STAFF_ROLES } from '../../core/index.js';

export const MESSAGES_MODULE = defineClientModule({
  name: 'messages',
  routes: () => [
    {
      name: 'messageList',
      path: '/mensagens',
      title: 'Mensagens',
      access: STAFF_ROLES,
      page: {
        served: RESOURCE.messages,
        parts: [
          {
            list: RESOURCE.messages,
            edit: 'messagesEdit',
            sort: '-created_at',
            empty: { message: 'Ainda não saiu nenhuma mensagem. Aqui aparecem os avisos, os recibos e as mensagens enviadas aos membros.', actions: [{ route: 'messageSettings', label: 'Configuração das mensagens' }] },
          },
        ],
      },
    },
    {
      name: 'messagesEdit',
      path: '/mensagens/:id',
      title: 'Mensagem',
      access: STAFF_ROLES,
      // The message as sent: subject, recipient, dates and delivery, the message itself, "Reenviar".
      page: {
        served: RESOURCE.messages,
        parts: [{ element: 'associa-message', panel: false, attrs: ({ params, pattern }) => ({ 'message-id': params.id, 'message-path': pattern('messagesEdit') }) }],
      },
    },
    // The messages' settings (sending at all, automatic payment messages, the sender's name and
    // reply-to address...) and the way to the reminder templates, which live with their stages under the payments.
    {
      name: 'messageSettings',
      path: '/configuracaoMensagens',
      title: 'Configuração de Mensagens',
      access: STAFF_ROLES,
      settings: true,
      page: {
        parts: [
          { element: 'associa-settings-form', attrs: { page: 'messages' } },
          { link: 'paymentReminders', key: 'reminder-templates', label: 'Modelos de avisos', hint: 'Os textos dos avisos de dívida e das notificações de pagamento estão nas etapas de aviso.' },
        ],
      },
    },
  ],
  menu: [{ order: 70, key: 'messages', label: 'Mensagens', route: 'messageList' }],
  settings: [{ order: 60, route: 'messageSettings', label: 'Mensagens' }],
});
