// The members domain's settings: the organisation type, the words for its members, dues, applications and cards.
import type { SettingDeclaration } from '../../settings/declaration.js';
import { terminologyWord } from '../../settings/terminology-word.js';

const URL_HINT = 'Usado nos endereços das páginas: letras minúsculas, algarismos e hífenes, sem espaços.';
// Accented words (sócios) are fine: the browser percent-encodes them and the routes still match.
const SLUG = { pattern: '[\\p{Ll}\\p{Nd}]+(?:-[\\p{Ll}\\p{Nd}]+)*', patternMessage: 'Use só letras minúsculas, algarismos e hífenes, sem espaços.' };

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
  terminologyWord('memberSingular', 'Designação de um membro (singular)', 'Por exemplo: Sócio.'),
  terminologyWord('memberPlural', 'Designação dos membros (plural)', 'Por exemplo: Sócios.'),
  terminologyWord('memberURLSingular', 'Endereço de um membro (singular)', URL_HINT, SLUG),
  terminologyWord('memberURLPlural', 'Endereço dos membros (plural)', URL_HINT, SLUG),
  terminologyWord('membershipPayments', 'Designação dos pagamentos', 'Por exemplo: Quotas.'),
  terminologyWord('membershipPaymentsURL', 'Endereço dos pagamentos', URL_HINT, SLUG),
  {
    name: 'hasMemberApplication', kind: 'boolean', label: 'Aceitar candidaturas',
    hint: 'Mostra o menu de candidaturas e permite o formulário público de inscrição.',
    default: 'false', page: 'applications', readers: 'public',
  },
  { name: 'membershipCardValidityYears', kind: 'integer', label: 'Validade do cartão (anos)', min: 1, max: 99, default: '1', page: 'cards', readers: 'authenticated' },
] as const satisfies readonly SettingDeclaration[];
