import type { SettingDeclaration } from '../../../settings/declaration.js';

// On the privacy settings page (Configuração › Privacidade), beside the consent register's.
const PAGE = 'privacy';

/**
 * How long a departed member's personal data is kept (issue 34, RGPD art. 5.1 e): the retention
 * job warns staff `privacyRetentionWarningDays` before `members.left_on` + the years, then
 * anonymises them. Fiscal documents keep their own, legal, period whatever this says.
 */
export const ERASURE_SETTINGS = [
  {
    name: 'privacyRetentionYears', kind: 'integer', label: 'Anos que se guardam os dados de quem saiu',
    hint: 'Passado este prazo desde a saída, os dados pessoais são anonimizados automaticamente (recibos e donativos ficam, pelo prazo fiscal). 0: nunca.',
    min: 0, max: 50, default: '5', page: PAGE, readers: 'authenticated',
  },
  {
    name: 'privacyRetentionWarningDays', kind: 'integer', label: 'Aviso antes da anonimização (dias)',
    hint: 'Os administradores recebem um aviso por e-mail com esta antecedência.',
    min: 1, max: 365, default: '30', page: PAGE, readers: 'authenticated',
  },
] as const satisfies readonly SettingDeclaration[];
