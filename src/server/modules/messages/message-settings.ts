// The messages domain's settings: whether the outbox sends at all, and the automatic payment notices.
import type { SettingDeclaration } from '../../settings/declaration.js';

export const MESSAGE_SETTINGS = [
  {
    name: 'SendMessages', kind: 'boolean', label: 'Envio automático de mensagens',
    hint: 'Desligado, as mensagens ficam em espera e nenhuma sai do servidor.',
    // Nothing leaves the server until an administrator turns sending on.
    default: 'false', page: 'messages', readers: 'authenticated',
  },
  {
    name: 'automatedMemberPayments', kind: 'boolean', label: 'Mensagens automáticas de pagamento',
    hint: 'Envia avisos de pagamento e de dívidas sem intervenção da equipa.',
    default: 'false', page: 'messages', readers: 'authenticated',
  },
] as const satisfies readonly SettingDeclaration[];
