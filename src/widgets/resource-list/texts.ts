// Words of the list's chips, saved filters and bulk actions, in pt-PT.
import { formatCount } from '../../core/index.js';
export const LIST_TEXTS = {
  activeFilters: 'Filtros ativos',
  search: 'Pesquisa',
  from: 'desde',
  to: 'até',
  savedFilters: 'Filtros guardados',
  chooseSaved: 'Escolher…',
  saveFilters: 'Guardar filtros',
  savedName: 'Nome do filtro',
  save: 'Guardar',
  cancel: 'Cancelar',
  deleteSaved: 'Apagar filtro guardado',
  savedFailed: 'Não foi possível guardar o filtro.',
  selectRow: 'Selecionar linha',
  selectPage: 'Selecionar todas as linhas da página',
  clearSelection: 'Limpar seleção',
  bulkActions: 'Ações sobre os registos selecionados',
  delete: 'Apagar',
  deleteWarning: 'Esta ação não pode ser desfeita.',
  change: 'Alterar',
  field: 'Campo',
  value: 'Valor',
  addTo: 'Acrescentar',
  removeFrom: 'Retirar',
  apply: 'Aplicar',
  bulkFailed: 'Não foi possível concluir a ação.',
  jobFailed: 'A tarefa em segundo plano falhou. Veja a lista de tarefas.',
} as const;

const count = (n: number) => formatCount(n);
const records = (n: number) => (n === 1 ? '1 registo' : `${count(n)} registos`);

/** 'Remover filtro Estado: Suspenso' */
export const removeFilterLabel = (label: string, value: string) => `Remover filtro ${label}: ${value}`;
/** '3 selecionados' */
export const selectedText = (n: number) => (n === 1 ? '1 selecionado' : `${count(n)} selecionados`);
/** 'Selecionar todos os 240' */
export const selectAllText = (n: number) => `Selecionar todos os ${count(n)}`;
/** 'Apagar 12 registos?' */
export const deleteQuestion = (n: number) => `Apagar ${records(n)}?`;
/** '12 registos apagados.' / '12 registos alterados.' / 'Nenhum registo apagado.' */
export const doneText = (n: number, deleted: boolean) =>
  n === 0 ? `Nenhum registo ${deleted ? 'apagado' : 'alterado'}.` : `${records(n)} ${deleted ? (n === 1 ? 'apagado' : 'apagados') : n === 1 ? 'alterado' : 'alterados'}.`;
/**
 * '203 registos recusados: Um documento emitido não pode ser alterado nem apagado: …' (one reason), or each
 * reason with its rows: '3 registos recusados: Registo não encontrado. (1 registo) O nome é obrigatório. (2 registos)'
 */
export const refusedText = (n: number, reasons: readonly { message: string; rows: number }[]) => {
  const why = reasons.length === 1 ? reasons[0]!.message : reasons.map((r) => `${r.message} (${records(r.rows)})`).join(' ');
  return `${records(n)} ${n === 1 ? 'recusado' : 'recusados'}${why ? `: ${why}` : '.'}`;
};
/** 'A processar 120 de 500…' */
export const progressText = (done: number, total: number | null) => (total ? `A processar ${count(done)} de ${count(total)}…` : 'A processar…');
/** 'Selecionar linha 12' (the row's id: names stay unique on the page) */
export const selectRowLabel = (name: string) => `${LIST_TEXTS.selectRow} ${name}`;
