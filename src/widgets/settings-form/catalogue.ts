// What each known setting is called and how it is edited, in pt-PT. Names and defaults come
// from the server's reference data (src/server/resources/reference-data.ts); a setting not
// listed here is shown under its own name, as a switch when its value is 'true' or 'false'.

import { SETTINGS_TEXTS } from './texts.js';

export type SettingKind = 'boolean' | 'text' | 'email' | 'url' | 'number' | 'select';

export interface SettingDescription {
  label: string;
  hint?: string;
  kind: SettingKind;
  options?: readonly { value: string; label: string }[];
  /**
   * For 'number': the value must be a whole number from min to max. The form checks it before
   * saving, because the server reads anything else as the setting's default without a word.
   */
  whole?: { min: number; max: number };
}

const URL_HINT = 'Usado nos endereços das páginas: sem espaços nem acentos.';

export const SETTING_CATALOGUE: Readonly<Record<string, SettingDescription>> = {
  name: { label: 'Nome da organização', kind: 'text' },
  orgType: {
    label: 'Tipo de organização',
    kind: 'select',
    hint: 'Muda a linha de créditos do rodapé; os relatórios só existem para associações.',
    options: [
      { value: 'association', label: 'Associação' },
      { value: 'cooperative', label: 'Cooperativa' },
    ],
  },
  memberSingular: { label: 'Designação de um membro (singular)', kind: 'text', hint: 'Por exemplo: Sócio.' },
  memberPlural: { label: 'Designação dos membros (plural)', kind: 'text', hint: 'Por exemplo: Sócios.' },
  memberURLSingular: { label: 'Endereço de um membro (singular)', kind: 'text', hint: URL_HINT },
  memberURLPlural: { label: 'Endereço dos membros (plural)', kind: 'text', hint: URL_HINT },
  membershipPayments: { label: 'Designação dos pagamentos', kind: 'text', hint: 'Por exemplo: Quotas.' },
  membershipPaymentsURL: { label: 'Endereço dos pagamentos', kind: 'text', hint: URL_HINT },
  membershipPaymentAmount: { label: 'Valor da quota', kind: 'number', hint: 'Em euros, com ponto decimal, por exemplo 12.50.' },
  membershipPaymentPeriod: {
    label: 'Periodicidade da quota',
    kind: 'select',
    options: [
      { value: 'anual', label: 'Anual' },
      { value: 'semestral', label: 'Semestral' },
      { value: 'trimestral', label: 'Trimestral' },
      { value: 'mensal', label: 'Mensal' },
    ],
  },
  hasMemberApplication: {
    label: 'Aceitar candidaturas',
    kind: 'boolean',
    hint: 'Mostra o menu de candidaturas e permite o formulário público de inscrição.',
  },
  hasTreasury: { label: 'Ativar a tesouraria', kind: 'boolean', hint: 'Mostra o menu de tesouraria e os seus documentos.' },
  SendMessages: {
    label: 'Envio automático de mensagens',
    kind: 'boolean',
    hint: 'Desligado, as mensagens ficam em espera e nenhuma sai do servidor.',
  },
  automatedMemberPayments: {
    label: 'Mensagens automáticas de pagamento',
    kind: 'boolean',
    hint: 'Envia avisos de pagamento e de dívidas sem intervenção da equipa.',
  },
  membershipCardValidityYears: { label: 'Validade do cartão (anos)', kind: 'number' },
  orgNif: { label: 'NIF da organização', kind: 'text' },
  orgEmail: { label: 'E-mail da organização', kind: 'email' },
  orgPhone: { label: 'Telefone da organização', kind: 'text' },
  orgAddress: { label: 'Morada da organização', kind: 'text' },
  orgWebsite: { label: 'Sítio na internet', kind: 'url', hint: 'Por exemplo: https://www.exemplo.pt' },
  supportUrl: { label: 'Endereço do apoio técnico', kind: 'url', hint: 'Para onde leva a ligação de apoio técnico da barra de ferramentas.' },
  iban: { label: 'IBAN', kind: 'text', hint: 'Conta indicada nos avisos de pagamento.' },
  currency: { label: 'Moeda', kind: 'text' },
  client: { label: 'Identificador de cliente', kind: 'text' },
  filesDir: { label: 'Pasta dos ficheiros', kind: 'text', hint: 'Relativa à pasta de dados do servidor.' },
  // Security (src/core/two-factor.ts, src/server/auth/session-limits.ts, src/server/audit/retention.ts).
  requireTwoFactorForAdmins: {
    label: 'Exigir autenticação em dois passos aos administradores',
    kind: 'boolean',
    hint: 'Um administrador que ainda não a use tem de a configurar na próxima entrada, e nenhum a pode desativar.',
  },
  sessionIdleDays: {
    label: 'Terminar sessões inativas ao fim de (dias)',
    kind: 'number',
    hint: 'De 1 a 30 dias sem uso. Nenhuma sessão dura mais de 30 dias desde a entrada.',
    // The maximum is SESSION_MAX_DAYS.
    whole: { min: 1, max: 30 },
  },
  auditRetentionDays: {
    label: 'Guardar o registo de auditoria durante (dias)',
    kind: 'number',
    hint: 'As entradas mais antigas são apagadas uma vez por dia. Por omissão, 730 dias (dois anos).',
    // The server reads at most six digits.
    whole: { min: 1, max: 999_999 },
  },
};

/** Why a value cannot be saved for this setting, in pt-PT, or null when it can. */
export function settingProblem(description: SettingDescription, value: string): string | null {
  const range = description.whole;
  if (!range) return null;
  const text = value.trim();
  const ok = /^\d+$/.test(text) && Number(text) >= range.min && Number(text) <= range.max;
  return ok ? null : SETTINGS_TEXTS.wholeBetween(range.min, range.max);
}

/** How a setting is shown: its catalogue entry, or its own name and a kind guessed from the value. */
export function describeSetting(name: string, value: string): SettingDescription {
  const known = SETTING_CATALOGUE[name];
  if (known) return known;
  return { label: name, kind: value === 'true' || value === 'false' ? 'boolean' : 'text' };
}
