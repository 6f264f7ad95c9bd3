// Every word <associa-login-link> shows, in pt-PT.
export const LOGIN_LINK_TEXTS = {
  title: 'Entrar por ligação',
  lead: 'Indique o e-mail da sua conta. Enviamos-lhe uma ligação para entrar sem palavra-passe; depois pode definir uma nova.',
  email: 'E-mail',
  submit: 'Enviar ligação',
  submitting: 'A enviar…',
  emailRequired: 'Indique o seu e-mail.',
  emailInvalid: 'Indique um e-mail válido, por exemplo nome@exemplo.pt.',
  sentTitle: 'Verifique o seu e-mail',
  // The server answers 204 whether or not the address has an account, so this never reveals it.
  sent: 'Se existir uma conta com este e-mail, enviámos uma ligação de acesso. A ligação é válida durante uma hora e só pode ser usada uma vez.',
  sendAgain: 'Enviar para outro e-mail',
  backToLogin: 'Voltar ao início de sessão',
} as const;
