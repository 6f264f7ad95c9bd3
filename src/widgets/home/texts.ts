// Words of the staff home (pt-PT). The figures' own names come from the server with each figure.

export const HOME_TEXTS = {
  figures: 'O que precisa de atenção',
  failed: 'Não foi possível carregar os números de hoje.',
  none: 'Não há números para mostrar.',
  /** The list's total was only estimated (more than 10 000 rows). */
  about: (count: string) => `cerca de ${count}`,
} as const;
