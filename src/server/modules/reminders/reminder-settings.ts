// The reminders module's own setting. Whether reminders go out without review is the messages
// domain's `automatedMemberPayments` (modules/messages/message-settings.ts), read, not redeclared.
import type { SettingDeclaration } from '../../settings/declaration.js';

export const REMINDER_SETTINGS = [
  {
    name: 'reminderHoldBackDays', kind: 'integer', label: 'Reter avisos de dívida sem pagamentos registados há (dias)',
    hint: 'Se nenhum pagamento for registado durante estes dias (por exemplo, porque a importação do banco não chegou), os avisos ficam retidos, para não cobrar quem já pagou. 0: nunca reter.',
    min: 0, max: 365, default: '10', page: 'messages', readers: 'authenticated',
  },
] as const satisfies readonly SettingDeclaration[];
