// Every word <associa-recover> shows, in pt-PT.
export const RECOVER_TEXTS = {
  checking: 'A validar a ligação',
  invalidTitle: 'Ligação inválida',
  // The server's 403 text, used when the answer carries none.
  invalid: 'A ligação é inválida, já foi usada ou expirou. Peça uma nova.',
  requestNew: 'Pedir uma nova ligação',
  missingCode: 'Falta o código da ligação. Abra a ligação completa que recebeu por e-mail.',
  title: 'Nova palavra-passe',
  lead: 'Entrou com a ligação enviada por e-mail. Defina uma nova palavra-passe para as próximas vezes.',
  save: 'Guardar palavra-passe',
  skip: 'Continuar sem alterar',
  saved: 'Palavra-passe alterada.',
  continue: 'Continuar',
} as const;
