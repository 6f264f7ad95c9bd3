// Every word <associa-member-payment-messages> shows, in pt-PT (kinds and delivery states are the server's labels).
export const PAYMENT_MESSAGES_TEXTS = {
  kind: 'Tipo',
  subject: 'Assunto',
  when: 'Data',
  status: 'Estado do envio',
  none: 'Ainda não lhe foram enviadas mensagens automáticas de pagamento.',
  failed: 'Não foi possível ler as mensagens de pagamento.',
  more: (shown: number) => `Mostram-se as ${shown} mais recentes.`,
} as const;
