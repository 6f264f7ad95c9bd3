// Every word a minor's guardian sees on the member home (issue 34), in pt-PT.
export const GUARDIAN_TEXTS = {
  chooseTitle: 'Escolha o educando',
  chooseLead: 'É encarregado de educação destes sócios menores de idade. Escolha de quem quer ver a área de sócio:',
  viewing: (name: string) => `Está a ver a área de sócio de ${name}, como encarregado de educação.`,
  viewingOwn: 'Está a ver a sua própria área de sócio.',
  switchTo: 'Ver a área de:',
  own: 'A minha ficha',
  minor: (name: string, number: number | null) => (number === null ? name : `${name} (n.º ${number})`),
  failed: 'Não foi possível mudar de sócio. Tente novamente.',
} as const;
