// Every word of <associa-login>'s second step, in pt-PT. Apart from texts.ts because that step is
// loaded only when an account needs it (a file both use would pull the login into a shared chunk).
export const SECOND_FACTOR_TEXTS = {
  codeLead: 'Escreva o código de 6 dígitos que a aplicação de autenticação do seu telemóvel mostra.',
  recoveryLead: 'Escreva um dos códigos de recuperação que guardou quando ativou a autenticação em dois passos. Cada código só serve uma vez.',
  recoveryCode: 'Código de recuperação',
  recoveryHint: 'Por exemplo: abcde-fghjk',
  recoveryRequired: 'Indique um código de recuperação.',
  useRecovery: 'Usar um código de recuperação',
  useApp: 'Usar o código da aplicação',
  submit: 'Confirmar',
  submitting: 'A confirmar…',
  back: 'Voltar ao início de sessão',
  enrolLead: 'A sua organização exige a autenticação em dois passos para administradores. Configure-a agora para entrar.',
} as const;
