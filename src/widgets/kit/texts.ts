// Every word of the kit a user sees, in pt-PT.
export const KIT_TEXTS = {
  loading: 'A carregar',
  empty: 'Sem resultados.',
  error: 'Ocorreu um erro. Tente novamente mais tarde.',
  retry: 'Tentar novamente',
} as const;
