// What a message's element says (pt-PT).
export const MESSAGE_TEXTS = {
  html: 'Versão HTML',
  htmlHint: 'Como o destinatário a vê no programa de e-mail. As ligações pessoais aparecem ocultas.',
  htmlFrame: 'Mensagem em HTML',
  resend: 'Reenviar',
  resendTitle: 'Reenviar esta mensagem?',
  resendBody: (recipient: string) =>
    `Uma cópia desta mensagem volta à fila de envio para ${recipient}. Esta mensagem fica como está, com as suas tentativas e o último erro.`,
  resent: 'A cópia foi posta na fila de envio.',
} as const;
