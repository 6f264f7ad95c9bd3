// What each known setting is called and how it is edited, in pt-PT. Names and defaults come
// from the server's reference data (src/server/resources/reference-data.ts); a setting not
// listed here is shown under its own name, as a switch when its value is 'true' or 'false'.

export type SettingKind = 'boolean' | 'text' | 'email' | 'url' | 'number' | 'select';

export interface SettingDescription {
  label: string;
  hint?: string;
  kind: SettingKind;
  options?: readonly { value: string; label: string }[];
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
};

/** How a setting is shown: its catalogue entry, or its own name and a kind guessed from the value. */
export function describeSetting(name: string, value: string): SettingDescription {
  const known = SETTING_CATALOGUE[name];
  if (known) return known;
  return { label: name, kind: value === 'true' || value === 'false' ? 'boolean' : 'text' };
}
