// Every word <associa-application-confirmation> shows, in pt-PT.
import type { VerificationStatus } from '../../core/modules/application-form.js';

export const APPLICATION_CONFIRMATION_TEXTS = {
  titles: {
    confirmed: 'Endereço de e-mail confirmado',
    already_confirmed: 'Endereço de e-mail já confirmado',
    expired: 'Ligação expirada',
    unknown: 'Ligação inválida',
  } satisfies Record<VerificationStatus, string>,
  /** Beside the server's own words for a refusal, which it sends when it can. */
  explanations: {
    confirmed: 'Obrigado. A sua candidatura segue agora para apreciação da associação, que lhe dirá a decisão por e-mail.',
    already_confirmed: 'Este endereço de e-mail já tinha sido confirmado: não precisa de fazer mais nada. A associação dir-lhe-á a decisão por e-mail.',
    expired: 'Esta ligação de confirmação expirou. Contacte a associação para receber uma nova.',
    unknown: 'Esta ligação de confirmação não é válida: confirme que a copiou por inteiro da mensagem que recebeu.',
  } satisfies Record<VerificationStatus, string>,
  missing: 'Falta o código de confirmação: abra a ligação tal como vem na mensagem que recebeu.',
  failed: 'Não foi possível confirmar o endereço de e-mail: confirme a ligação à internet e tente novamente.',
} as const;
