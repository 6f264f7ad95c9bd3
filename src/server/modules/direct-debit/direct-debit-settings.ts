// The direct-debit module's setting: the association's SEPA creditor identifier. The creditor's
// name and account come from the organisation's name and the dues' associationIban.
import type { SettingDeclaration } from '../../settings/declaration.js';
import { creditorIdProblem } from './sepa-ids.js';

export const DIRECT_DEBIT_SETTINGS = [
  {
    name: 'sepaCreditorId', kind: 'text', label: 'Identificador de credor SEPA',
    hint: 'Atribuído pelo banco para cobranças por débito direto, por exemplo PT12ZZZ123456.',
    maxLength: 35, check: creditorIdProblem, default: '', page: 'members', readers: 'authenticated',
  },
] as const satisfies readonly SettingDeclaration[];
