// Every word <associa-user-password> shows, in pt-PT.
export const USER_PASSWORD_TEXTS = {
  title: 'Alterar palavra-passe',
  lead: (who: string) => `Defina uma nova palavra-passe para ${who}. As sessões abertas com a palavra-passe antiga terminam.`,
  save: 'Alterar palavra-passe',
  saved: 'Palavra-passe alterada.',
  notFound: 'Utilizador não encontrado.',
  loadFailed: 'Não foi possível carregar o utilizador.',
  backToUser: 'Voltar ao utilizador',
  currentPassword: 'Palavra-passe atual',
  currentPasswordHint: 'Para confirmar que é o titular da conta. Se ainda não tem palavra-passe, deixe em branco.',
  ownLead: 'Defina uma nova palavra-passe para a sua conta. As sessões abertas noutros dispositivos terminam; esta continua.',
} as const;
