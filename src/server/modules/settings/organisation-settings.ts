// Organisation-wide settings: who the organisation is, its security policy and its treasury.
import type { SettingDeclaration } from '../../settings/declaration.js';
import { terminologyWord } from '../../settings/terminology-word.js';
import { NAME_ARTICLES } from '../../../core/organisation-name.js';
import { filesDirectory } from '../../files/store.js';

/** No session outlives this many days from its login, however often it is used. */
export const SESSION_MAX_DAYS = 30;

export const ORGANISATION_SETTINGS = [
  terminologyWord('name', 'Nome da organização', undefined, { maxLength: 200, page: 'organisation' }),
  terminologyWord('nameArticle', 'Artigo do nome', 'Como o nome se lê numa frase: «sócio da Associação», «bem-vindo ao Clube». As mensagens e os documentos contraem-no assim.', {
    kind: 'enum', options: NAME_ARTICLES, maxLength: undefined, page: 'organisation',
  }),
  { name: 'orgNif', kind: 'text', label: 'NIF da organização', pattern: '\\d{9}', patternMessage: 'O NIF tem nove algarismos.', default: '', page: 'organisation', readers: 'authenticated' },
  { name: 'orgEmail', kind: 'email', label: 'E-mail da organização', maxLength: 254, default: '', page: 'organisation', readers: 'authenticated' },
  { name: 'orgPhone', kind: 'text', label: 'Telefone da organização', maxLength: 30, default: '', page: 'organisation', readers: 'authenticated' },
  { name: 'orgAddress', kind: 'text', label: 'Morada da organização', maxLength: 500, default: '', page: 'organisation', readers: 'authenticated' },
  { name: 'orgWebsite', kind: 'url', label: 'Sítio na internet', hint: 'Por exemplo: https://www.exemplo.pt', maxLength: 500, default: '', page: 'organisation', readers: 'public' },
  {
    name: 'supportUrl', kind: 'url', label: 'Endereço do apoio técnico', hint: 'Para onde leva a ligação de apoio técnico da barra de ferramentas.',
    maxLength: 500, default: '', page: 'organisation', readers: 'authenticated',
  },
  {
    // Where uploaded files are kept: the server's own directory, written at every start; changing it would move the files.
    name: 'filesDir', kind: 'text', label: 'Pasta dos ficheiros', hint: 'Onde o servidor guarda as fotografias e os documentos enviados.',
    default: '', page: 'organisation', readers: 'authenticated', readOnly: true,
    changedIn: 'muda-se na variável de ambiente ASSOCIA_DATA do servidor (a pasta é ASSOCIA_DATA/files), movendo para lá os ficheiros.',
    serverValue: (config) => filesDirectory(config.dataDir),
  },
  // The installation's identifier, set by whoever installs it; no page edits it.
  { name: 'client', kind: 'text', label: 'Identificador de cliente', maxLength: 100, default: '', page: null, readers: 'authenticated' },
] as const satisfies readonly SettingDeclaration[];

export const SECURITY_SETTINGS = [
  {
    name: 'requireTwoFactorForAdmins', kind: 'boolean', label: 'Exigir autenticação em dois passos aos administradores',
    hint: 'Um administrador que ainda não a use tem de a configurar na próxima entrada, e nenhum a pode desativar.',
    default: 'false', page: 'organisation', readers: 'authenticated',
  },
  {
    name: 'sessionIdleDays', kind: 'integer', label: 'Terminar sessões inativas ao fim de (dias)',
    hint: 'De 1 a 30 dias sem uso. Nenhuma sessão dura mais de 30 dias desde a entrada.',
    min: 1, max: SESSION_MAX_DAYS, default: '14', page: 'organisation', readers: 'authenticated',
  },
  {
    name: 'auditRetentionDays', kind: 'integer', label: 'Guardar o registo de auditoria durante (dias)',
    hint: 'As entradas mais antigas são apagadas uma vez por dia. Por omissão, 730 dias (dois anos).',
    min: 1, max: 999_999, default: '730', page: 'organisation', readers: 'authenticated',
  },
] as const satisfies readonly SettingDeclaration[];

export const TREASURY_SETTINGS = [
  { name: 'hasTreasury', kind: 'boolean', label: 'Ativar a tesouraria', hint: 'Mostra o menu de tesouraria e os seus documentos.', default: 'false', page: 'treasury', readers: 'public' },
  {
    name: 'iban', kind: 'text', label: 'IBAN', hint: 'Conta indicada nos avisos de pagamento.',
    pattern: '[A-Z]{2}\\d{2}[A-Z0-9 ]{8,40}', patternMessage: 'Indique um IBAN válido, por exemplo PT50 0002 0123 1234 5678 9015 4.',
    default: '', page: 'treasury', readers: 'authenticated',
  },
  {
    name: 'currency', kind: 'text', label: 'Moeda', required: true, pattern: '[A-Z]{3}', patternMessage: 'Indique o código de três letras da moeda, por exemplo EUR.',
    default: 'EUR', page: 'treasury', readers: 'authenticated',
  },
] as const satisfies readonly SettingDeclaration[];
