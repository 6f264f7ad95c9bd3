// The payment-links module's setting: how long a payment-information link keeps working.
import type { SettingDeclaration } from '../../settings/declaration.js';

export const PAYMENT_LINK_SETTINGS = [
  {
    name: 'paymentLinkDays', kind: 'integer', label: 'Validade das ligações de pagamento (dias)',
    hint: 'Durante quantos dias a ligação enviada a um sócio para a página de informação de pagamento funciona.',
    min: 1, max: 365, default: '30', page: 'messages', readers: 'authenticated',
  },
] as const satisfies readonly SettingDeclaration[];
