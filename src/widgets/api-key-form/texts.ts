// Words of <associa-api-key-form> beyond the shared API key words, in pt-PT.
export const API_KEY_FORM_TEXTS = {
  newTitle: 'Nova chave de API',
  newLead: 'Dê à chave um nome que diga que aplicação a usa. A chave age com as permissões do perfil escolhido.',
  editTitle: 'Chave de API',
  chooseRole: 'Escolha um perfil',
  roleHint: 'Dê apenas as permissões de que a aplicação precisa.',
  nameRequired: 'Indique um nome.',
  roleRequired: 'Escolha um perfil.',
  submitCreate: 'Criar chave',
  creating: 'A criar…',
  createdTitle: 'Chave criada',
  // Spec'd by the team brief, word for word.
  warning: 'Guarde esta chave agora: não voltará a ser mostrada.',
  secret: 'Chave secreta',
  copy: 'Copiar',
  copied: 'Chave copiada para a área de transferência.',
  copyFailed: 'Não foi possível copiar. Selecione a chave e copie-a manualmente.',
  usage: 'Envie-a no cabeçalho Authorization: Bearer <chave> de cada pedido.',
  done: 'Concluído',
  save: 'Guardar',
  saved: 'Chave guardada.',
  backToList: 'Voltar às chaves de API',
} as const;
