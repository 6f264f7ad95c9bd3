// Words of the shell. Those quoted by SPEC 2 come from the core's TEXTS, word for word.
export { TEXTS as SPEC_TEXTS } from '../../core/index.js';

export const SHELL_TEXTS = Object.freeze({
  mainMenu: 'Menu principal',
  menu: 'Menu',
  skipToContent: 'Saltar para o conteúdo',
  applications: 'Candidaturas',
  pendingApplications: (n: number) => `${n} ${n === 1 ? 'candidatura pendente' : 'candidaturas pendentes'}`,
  cards: 'Cartões',
  cardsCreate: 'Criar',
  cardsVerify: 'Verificar',
  payments: 'Pagamentos',
  debts: 'Dívidas',
  bankStatement: 'Extrato bancário',
  treasury: 'Tesouraria',
  reports: 'Relatórios',
  messages: 'Mensagens',
  settings: 'Configurações',
  settingsMenu: 'Configurações',
  editProfile: 'Editar Perfil',
  logout: 'Sair',
  userMenu: (name: string) => `Menu do utilizador ${name}`,
  breadcrumbs: 'Localização',
  toolbar: 'Ferramentas',
  exportResults: 'Exportar resultados',
  exportProgress: (pages: number, total: number | null) => (total === null ? 'A exportar…' : `A exportar: ${pages} de ${total} ${total === 1 ? 'página' : 'páginas'}`),
  cancelExport: 'Cancelar exportação',
  columnSettings: 'Colunas',
  zoomOut: 'Diminuir o tamanho do texto',
  zoomIn: 'Aumentar o tamanho do texto',
  fontSize: (px: number) => `Tamanho do texto: ${px} px`,
  support: 'Suporte técnico',
  sendMessagesOff: 'O envio automático de mensagens está inativo.',
  change: 'Alterar',
  serverLostExplanation:
    'Isto pode acontecer durante uma atualização do servidor e durar alguns minutos. Se o problema persistir, contacte o suporte técnico.',
  retryIn: (s: number) => (s > 0 ? `Nova tentativa dentro de ${s} s.` : 'A tentar novamente…'),
  debugTitle: 'Mensagem do servidor',
  ok: 'OK',
  reload: 'Recarregar',
  lastResponse: (ms: number | null) => (ms === null ? 'Última resposta: —' : `Última resposta: ${ms} ms`),
  orgTypeLink: (orgType: string | null) => (orgType === 'cooperative' ? 'Gestão de cooperativas' : 'Gestão de associações'),
  notFoundTitle: 'Página não encontrada',
  notFoundText: 'O endereço que abriu não existe nesta aplicação. Verifique o endereço ou volte ao início.',
  forbiddenTitle: 'Sem acesso',
  forbiddenText: 'A sua conta não tem permissão para abrir esta página.',
  backHome: 'Voltar ao início',
});

/** Where the footer's organisation-type link goes. */
export const ORG_TYPE_URLS: Record<string, string> = {
  association: 'https://associa.pt/associacoes',
  cooperative: 'https://associa.pt/cooperativas',
};

/** Technical support when the organisation set no `supportUrl`. */
export const SUPPORT_EMAIL = 'suporte@associa.pt';
