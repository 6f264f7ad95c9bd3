// The settings of the platform's own domains, one list per domain. A module contributes its
// settings the same way: a list of declarations passed to createSettingsCatalogue.
import { TERMINOLOGY_DEFAULTS, type Terminology } from '../../core/contract.js';
import type { SettingSchema } from '../../core/settings-schema.js';
import type { SettingDeclaration } from './declaration.js';

/** No session outlives this many days from its login, however often it is used. */
export const SESSION_MAX_DAYS = 30;

const URL_HINT = 'Usado nos endereços das páginas: sem espaços nem acentos.';
const SLUG = { pattern: '[a-z0-9]+(?:-[a-z0-9]+)*', patternMessage: 'Use só letras minúsculas sem acentos, algarismos e hífenes, sem espaços.' };

/** A terminology word: public (the host builds its menus and addresses from it), defaulting by organisation type. */
function word<N extends keyof Terminology>(name: N, label: string, hint: string | undefined, extra: Partial<SettingSchema> = {}) {
  const declaration: SettingDeclaration = {
    kind: 'text', label, hint, required: true, maxLength: 60, page: 'members', readers: 'public',
    default: (orgType) => TERMINOLOGY_DEFAULTS[orgType][name], ...extra, name,
  };
  return declaration as SettingDeclaration & { name: N; kind: 'text' };
}

export const ORGANISATION_SETTINGS = [
  word('name', 'Nome da organização', undefined, { maxLength: 200, page: 'organisation' }),
  { name: 'orgNif', kind: 'text', label: 'NIF da organização', pattern: '\\d{9}', patternMessage: 'O NIF tem nove algarismos.', default: '', page: 'organisation', readers: 'authenticated' },
  { name: 'orgEmail', kind: 'email', label: 'E-mail da organização', maxLength: 254, default: '', page: 'organisation', readers: 'authenticated' },
  { name: 'orgPhone', kind: 'text', label: 'Telefone da organização', maxLength: 30, default: '', page: 'organisation', readers: 'authenticated' },
  { name: 'orgAddress', kind: 'text', label: 'Morada da organização', maxLength: 500, default: '', page: 'organisation', readers: 'authenticated' },
  { name: 'orgWebsite', kind: 'url', label: 'Sítio na internet', hint: 'Por exemplo: https://www.exemplo.pt', maxLength: 500, default: '', page: 'organisation', readers: 'public' },
  {
    name: 'supportUrl', kind: 'url', label: 'Endereço do apoio técnico', hint: 'Para onde leva a ligação de apoio técnico da barra de ferramentas.',
    maxLength: 500, default: '', page: 'organisation', readers: 'authenticated',
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

export const MEMBERSHIP_SETTINGS = [
  {
    name: 'orgType', kind: 'enum', label: 'Tipo de organização',
    hint: 'Muda a linha de créditos do rodapé; os relatórios só existem para associações.',
    options: [
      { value: 'association', label: 'Associação' },
      { value: 'cooperative', label: 'Cooperativa' },
    ],
    default: (orgType) => orgType, page: 'members', readers: 'public',
  },
  word('memberSingular', 'Designação de um membro (singular)', 'Por exemplo: Sócio.'),
  word('memberPlural', 'Designação dos membros (plural)', 'Por exemplo: Sócios.'),
  word('memberURLSingular', 'Endereço de um membro (singular)', URL_HINT, SLUG),
  word('memberURLPlural', 'Endereço dos membros (plural)', URL_HINT, SLUG),
  word('membershipPayments', 'Designação dos pagamentos', 'Por exemplo: Quotas.'),
  word('membershipPaymentsURL', 'Endereço dos pagamentos', URL_HINT, SLUG),
  {
    name: 'membershipPaymentAmount', kind: 'decimal', label: 'Valor da quota', hint: 'Em euros, com ponto decimal, por exemplo 12.50.',
    min: 0, max: 999_999.99, scale: 2, default: '0.00', page: 'members', readers: 'authenticated',
  },
  {
    name: 'membershipPaymentPeriod', kind: 'enum', label: 'Periodicidade da quota',
    options: [
      { value: 'anual', label: 'Anual' },
      { value: 'semestral', label: 'Semestral' },
      { value: 'trimestral', label: 'Trimestral' },
      { value: 'mensal', label: 'Mensal' },
    ],
    default: 'anual', page: 'members', readers: 'authenticated',
  },
  {
    name: 'hasMemberApplication', kind: 'boolean', label: 'Aceitar candidaturas',
    hint: 'Mostra o menu de candidaturas e permite o formulário público de inscrição.',
    default: 'false', page: 'applications', readers: 'public',
  },
  { name: 'membershipCardValidityYears', kind: 'integer', label: 'Validade do cartão (anos)', min: 1, max: 99, default: '1', page: 'cards', readers: 'authenticated' },
] as const satisfies readonly SettingDeclaration[];

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
