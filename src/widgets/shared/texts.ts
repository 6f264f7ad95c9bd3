// Every word the resource list and form show, in pt-PT.
import { formatCount } from '../../core/index.js';
export const RESOURCE_TEXTS = {
  noCreate: 'Não tem permissão para criar registos deste tipo.',
  yes: 'Sim',
  no: 'Não',
  moneyInvalid: 'Valor inválido: indique euros com vírgula, por exemplo 24,50.',
  fileNumber: 'Ficheiro n.º',
  uploading: 'A enviar…',
  uploadFailed: 'Não foi possível enviar o ficheiro.',
  any: 'Todos',
  search: 'Pesquisar',
  searchPlaceholder: 'Pesquisar…',
  filters: 'Filtros',
  clearFilters: 'Limpar filtros',
  columns: 'Colunas',
  chooseColumns: 'Escolher colunas',
  close: 'Fechar',
  export: 'Exportar CSV',
  exporting: 'A exportar…',
  exportFailed: 'Não foi possível exportar os resultados. Tente novamente.',
  pageSize: 'Linhas por página',
  previous: 'Anterior',
  next: 'Seguinte',
  first: 'Primeira',
  last: 'Última',
  pagination: 'Paginação',
  loadingMore: 'A carregar mais resultados…',
  listError: 'Não foi possível carregar a lista.',
  loadError: 'Não foi possível carregar o registo.',
  notFound: 'Registo não encontrado.',
  unknownResource: 'Recurso desconhecido.',
  save: 'Guardar',
  saving: 'A guardar…',
  saved: 'Registo guardado.',
  created: 'Registo criado.',
  saveFailed: 'Não foi possível guardar. Tente novamente.',
  fixErrors: 'Corrija os campos assinalados.',
  delete: 'Apagar',
  deleteQuestion: 'Apagar este registo?',
  deleteWarning: 'Esta ação não pode ser desfeita.',
  cancel: 'Cancelar',
  deleteFailed: 'Não foi possível apagar o registo.',
  deleted: 'Registo apagado.',
  choose: 'Escolher…',
  none: '—',
  unsaved: 'Há alterações por guardar.',
  requiredLegend: 'Campos obrigatórios assinalados com *',
} as const;

/** 'Página 2 de 10' */
export function pageOf(page: number, pages: number): string {
  return `Página ${page} de ${pages}`;
}

/** Total wording: exact ('1 234 resultados') or an estimate ('mais de 10 000 resultados'). */
export function totalText(total: number, exact: boolean): string {
  const n = formatNumber(total);
  if (!exact) return `mais de ${n} resultados`;
  return total === 1 ? '1 resultado' : `${n} resultados`;
}

/** 'A mostrar 1–100' */
export function rangeText(from: number, to: number): string {
  return `A mostrar ${formatNumber(from)}–${formatNumber(to)}`;
}

const formatNumber = (n: number): string => formatCount(n);
