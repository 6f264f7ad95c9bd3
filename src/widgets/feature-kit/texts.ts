// Words shared by the feature elements (login, recovery, home, settings, API keys), in pt-PT.
export const FEATURE_TEXTS = {
  unreachable: 'Não foi possível contactar o servidor. Verifique a ligação e tente novamente.',
  unexpected: 'Ocorreu um erro. Tente novamente mais tarde.',
  tooMany: 'Demasiadas tentativas. Aguarde alguns minutos e tente novamente.',
  forbidden: 'Não tem permissão para esta operação.',
  notLoggedIn: 'Precisa de iniciar sessão para ver esta página.',
  loginLink: 'Iniciar sessão',
  newPassword: 'Nova palavra-passe',
  confirmPassword: 'Confirmar a palavra-passe',
  passwordHint: 'Pelo menos 8 caracteres.',
  passwordTooShort: 'A palavra-passe deve ter pelo menos 8 caracteres.',
  passwordMismatch: 'As palavras-passe não coincidem.',
  showPassword: 'Mostrar palavra-passe',
  cancel: 'Cancelar',
  confirm: 'Confirmar',
  back: 'Voltar',
  saving: 'A guardar…',
} as const;

/** The server's users.password rule (src/server/modules/users/users.ts): at least 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
