// What a message's element says (pt-PT).
export const MESSAGE_TEXTS = {
  htmlHint: 'Como o destinatário a vê no programa de e-mail. As ligações pessoais aparecem ocultas.',
  htmlFrame: 'Mensagem em HTML',
  resend: 'Reenviar',
  resendTitle: 'Reenviar esta mensagem?',
  resendBody: (recipient: string) =>
    `Uma cópia desta mensagem volta à fila de envio para ${recipient}. Esta mensagem fica como está, com as suas tentativas e o último erro.`,
  resent: 'A cópia foi posta na fila de envio.',
  noSubject: '(sem assunto)',
  recipient: 'Para',
  state: 'Estado',
  queuedAt: 'Posta na fila em',
  sentAt: 'Enviada em',
  attempts: 'Tentativas',
  lastError: 'Último erro',
  body: 'Mensagem',
  text: 'Versão de texto',
  notFound: 'Esta mensagem não existe ou já não está disponível.',
  loadFailed: 'Não foi possível carregar a mensagem.',
  statuses: { pending: 'Por enviar', sending: 'A enviar', sent: 'Enviada', failed: 'Não foi possível enviar' } as Record<string, string>,
} as const;
