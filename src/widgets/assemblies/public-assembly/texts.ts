// Every word <associa-assembly> shows, in pt-PT.
export const PUBLIC_ASSEMBLY_TEXTS = {
  heading: 'Próxima assembleia geral',
  kinds: { ordinaria: 'Assembleia geral ordinária', extraordinaria: 'Assembleia geral extraordinária' } as Record<string, string>,
  date: 'Data',
  time: 'Hora',
  place: 'Local',
  online: 'Em linha',
  onlineLink: 'Endereço da reunião',
  agenda: 'Ordem de trabalhos',
  none: 'Não há assembleias convocadas.',
  tooMany: 'Demasiados pedidos seguidos. Aguarde um pouco e tente novamente.',
  failed: 'Não foi possível saber a próxima assembleia. Tente novamente.',
  retry: 'Tentar novamente',
} as const;
