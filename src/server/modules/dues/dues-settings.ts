// The dues module's settings: how a newcomer's first quota is counted, when a year's quotas are
// raised, and the account members pay into.
import { isValidIBAN, electronicFormatIBAN } from 'ibantools';
import type { SettingDeclaration } from '../../settings/declaration.js';

const ibanProblem = (value: string): string | null =>
  isValidIBAN(electronicFormatIBAN(value) ?? '') ? null : 'Indique um IBAN válido (por exemplo PT50 0002 0123 1234 5678 9015 4).';

export const DUES_SETTINGS = [
  {
    name: 'firstQuotaRule', kind: 'enum', label: 'Primeira quota de um novo sócio',
    hint: 'Quem é admitido a meio de um período paga-o por inteiro ou só os meses que faltam.',
    options: [
      { value: 'prorata', label: 'Proporcional aos meses que faltam' },
      { value: 'full', label: 'Quota completa' },
    ],
    default: 'prorata', page: 'members', readers: 'authenticated',
  },
  {
    name: 'quotaGenerationDay', kind: 'text', label: 'Dia de lançamento das quotas do ano',
    hint: 'Dia e mês (DD-MM) em que o servidor lança as quotas do ano a todos os sócios; também pode lançá-las à mão.',
    pattern: '(0[1-9]|[12][0-9]|3[01])-(0[1-9]|1[0-2])', patternMessage: 'Indique o dia e o mês como DD-MM, por exemplo 02-01.',
    required: true, default: '02-01', page: 'members', readers: 'authenticated',
  },
  {
    name: 'associationIban', kind: 'text', label: 'IBAN da associação',
    hint: 'Conta para transferências, mostrada aos sócios nas informações de pagamento.',
    maxLength: 42, check: ibanProblem, default: '', page: 'members', readers: 'authenticated',
  },
] as const satisfies readonly SettingDeclaration[];
