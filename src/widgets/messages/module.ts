// Messages: the outbox's list, one message, and the messages' settings.
import { defineClientModule } from '../../core/client-module.js';
import { RESOURCE, STAFF_ROLES } from '../../core/index.js';

export const MESSAGES_MODULE = defineClientModule({
  name: 'messages',
  routes: () => [
    { name: 'messageList', path: '/mensagens', title: 'Mensagens', access: STAFF_ROLES, page: { served: RESOURCE.messages, parts: [{ list: RESOURCE.messages, edit: 'messagesEdit' }] } },
    { name: 'messagesEdit', path: '/mensagens/:id', title: 'Mensagem', access: STAFF_ROLES },
    { name: 'messageSettings', path: '/configuracaoMensagens', title: 'Configuração de Mensagens', access: STAFF_ROLES, settings: true },
  ],
  menu: [{ order: 70, key: 'messages', label: 'Mensagens', route: 'messageList' }],
  settings: [{ order: 60, route: 'messageSettings', label: 'Mensagens' }],
});
