import type { GlobalError } from '../../core/index.js';

// Every word <associa-login> shows, in pt-PT.
export const LOGIN_TEXTS = {
  title: 'Iniciar sessão',
  lead: 'Entre com o seu nome de utilizador e palavra-passe.',
  username: 'Nome de utilizador',
  password: 'Palavra-passe',
  passwordHint: 'Se a sua conta não tem palavra-passe, deixe em branco: enviamos-lhe uma ligação de acesso.',
  submit: 'Entrar',
  submitting: 'A entrar…',
  usernameRequired: 'Indique o nome de utilizador.',
  linkSent: 'Enviámos uma ligação de acesso para o seu e-mail.',
  forgot: 'Esqueceu-se da palavra-passe? Entrar por ligação',
  loggedIn: (name: string) => `Sessão iniciada como ${name}.`,
} as const;

/** The spec's global login errors (SPEC 8) as the user reads them. */
export const GLOBAL_ERROR_TEXTS: Record<GlobalError, string> = {
  wrongCredentials: 'Palavra-passe errada.',
  accountNotFound: 'Conta não encontrada.',
};
