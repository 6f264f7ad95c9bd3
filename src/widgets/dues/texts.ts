// Words of the fee settings element and of the year's quota generation (pt-PT).
import { DUES_YEARS, formatCount } from '../../core/index.js';
import { formatMoney } from '../shared/money.js';

export const FEE_TEXTS = {
  categories: 'Categorias de quota',
  newCategory: 'Nova categoria',
  schedules: 'Tabelas de quotas',
  newSchedule: 'Nova tabela',
  /** The association's word for a member until its terminology has loaded. */
  defaultSingular: 'Sócio',
  defaultPlural: 'Sócios',

  generate: 'Lançar quotas do ano',
  generateHint: (singular: string) =>
    `Lança as quotas do ano a cada ${singular.toLowerCase()} de uma categoria que paga, segundo a tabela desse ano. Pode repetir: as quotas já lançadas não se duplicam.`,
  year: 'Ano',
  start: 'Lançar',
  cancel: 'Cancelar',
  close: 'Fechar',
  yearInvalid: `Indique um ano entre ${DUES_YEARS.min} e ${DUES_YEARS.max}.`,
  progressLabel: (year: number) => `Lançamento das quotas de ${year}`,
  queued: (year: number) => `Lançamento das quotas de ${year} em espera…`,
  running: (year: number) => `A lançar as quotas de ${year}…`,
  counted: (done: number, total: number) => `${done} de ${total}`,
  offline: 'Sem ligação em tempo real: o progresso volta a aparecer quando a ligação regressar.',
  done: 'Quotas lançadas.',
  /** 'Quotas de 2027 lançadas: 412 sócios, 430 dívidas, 10 320,00 €.' (a second run: 0 of each). */
  launched: (year: number, report: { members: number; raised: number; total: number }, words: { singular: string; plural: string }) =>
    `Quotas de ${year} lançadas: ${formatCount(report.members)} ${(report.members === 1 ? words.singular : words.plural).toLowerCase()}, ` +
    `${formatCount(report.raised)} ${report.raised === 1 ? 'dívida' : 'dívidas'}, ${formatMoney(report.total)}.`,
  failed: (year: number) => `O lançamento das quotas de ${year} falhou.`,
  startFailed: 'Não foi possível pedir o lançamento das quotas.',
  errorDetail: (error: string) => `Erro: ${error}`,
} as const;
