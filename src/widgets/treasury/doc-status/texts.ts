// Every word <associa-treasury-doc-status> shows, in pt-PT.
export const DOC_STATUS_TEXTS = {
  heading: 'Estado do documento',
  current: 'Estado atual',
  none: 'Sem estado',
  newStatus: 'Novo estado',
  choose: 'Escolha um estado',
  change: 'Mudar estado',
  clear: 'Limpar estado',
  changed: (name: string) => `Estado mudado para «${name}».`,
  cleared: 'O documento ficou sem estado.',
  required: 'Escolha o estado a dar ao documento.',
  noStatuses: 'Ainda não há estados de documento para escolher.',
  loadFailed: 'Não foi possível ler o estado do documento.',
} as const;
