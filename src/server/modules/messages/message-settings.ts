// The messages domain's settings: whether the outbox sends at all, the automatic payment notices,
// and the sender as members see it (the From address itself is server configuration, MAIL_FROM,
// since the mail server must accept it).
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
  {
    name: 'messageSenderName', kind: 'text', label: 'Nome do remetente',
    hint: 'O nome com que as mensagens chegam aos sócios (vazio: o do servidor).',
    // One line: a line break in a header would be a header of its own.
    maxLength: 100, pattern: '[^\\r\\n]*', patternMessage: 'O nome do remetente tem de ocupar uma só linha.',
    default: '', page: 'messages', readers: 'authenticated',
  },
  {
    name: 'messageReplyTo', kind: 'email', label: 'Endereço de resposta',
    hint: 'Para onde vão as respostas dos sócios (vazio: o endereço do remetente).',
    maxLength: 254, default: '', page: 'messages', readers: 'authenticated',
  },
] as const satisfies readonly SettingDeclaration[];
