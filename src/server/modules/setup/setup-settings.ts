// The checklist's own settings: what no other setting says about a step (skipped, or confirmed
// by hand or by a passed test), and the organisation's logo. Ordinary settings, written through
// the settings resource (or, for the logo, its upload route) and checked by their declaration.
import { LOGO_SETTING, SETUP_LIST_PATTERN, SETUP_SETTING } from '../../../core/setup.js';
import type { SettingDeclaration } from '../../settings/declaration.js';
import { smtpServerOf } from './smtp-server.js';

const LIST = { pattern: SETUP_LIST_PATTERN, patternMessage: 'Indique passos da lista de primeiros passos, separados por vírgulas.', maxLength: 200 };

export const SETUP_SETTINGS = [
  {
    name: SETUP_SETTING.skipped, kind: 'text', label: 'Primeiros passos adiados',
    hint: 'Os passos da lista de primeiros passos que ficaram para depois.', ...LIST,
    default: '', page: null, readers: 'authenticated',
  },
  {
    name: SETUP_SETTING.confirmed, kind: 'text', label: 'Primeiros passos confirmados',
    hint: 'Os passos dados por confirmação (o envio de e-mail testado, as cópias de segurança verificadas).', ...LIST,
    default: '', page: null, readers: 'authenticated',
  },
  {
    // A files row's id: written by POST /api/organisation_logo, read by the letterheads; no page edits it as text.
    name: LOGO_SETTING, kind: 'text', label: 'Logótipo da organização',
    hint: 'Imagem PNG ou JPEG, enviada na lista de primeiros passos; vai no cabeçalho dos recibos e das cartas.',
    pattern: '\\d{1,12}', patternMessage: 'O logótipo é o número de um ficheiro enviado.',
    default: '', page: null, readers: 'public',
  },
  {
    // The server's own e-mail configuration, shown where messages are configured and in the checklist: read-only, written at every start.
    name: 'mailServer', kind: 'text', label: 'Servidor de e-mail (SMTP)',
    hint: 'Por onde saem as mensagens (endereço e porta); vazio, este servidor não envia e-mail.',
    default: '', page: 'messages', readers: 'authenticated', readOnly: true,
    changedIn: 'muda-se na variável de ambiente SMTP_URL do servidor (por exemplo smtp://utilizador:palavra-passe@smtp.exemplo.pt:587), reiniciando-o.',
    serverValue: (config) => smtpServerOf(config.smtpUrl) ?? '',
  },
  {
    name: 'mailFrom', kind: 'text', label: 'Endereço do remetente',
    hint: 'O endereço de onde saem as mensagens; o servidor de e-mail tem de o aceitar.',
    default: '', page: 'messages', readers: 'authenticated', readOnly: true,
    changedIn: 'muda-se na variável de ambiente MAIL_FROM do servidor, reiniciando-o.',
    serverValue: (config) => config.mailFrom,
  },
] as const satisfies readonly SettingDeclaration[];
