// Every word <associa-user-password> shows, in pt-PT.
export const USER_PASSWORD_TEXTS = {
  title: 'Alterar palavra-passe',
  lead: (who: string) => `Defina uma nova palavra-passe para ${who}. As sessões abertas com a palavra-passe antiga terminam.`,
  save: 'Alterar palavra-passe',
  saved: 'Palavra-passe alterada.',
  notFound: 'Utilizador não encontrado.',
  loadFailed: 'Não foi possível carregar o utilizador.',
  backToUser: 'Voltar ao utilizador',
} as const;
