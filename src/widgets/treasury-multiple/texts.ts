// Words of <associa-treasury-multiple> (pt-PT).

export const TREASURY_MULTIPLE_TEXTS = {
  lead: 'Emite os recibos dos pagamentos registados que ainda não têm recibo, por exemplo depois de uma importação ou de ativar a tesouraria. Cada recibo recebe o número seguinte da sua série.',
  from: 'Pagamentos desde',
  to: 'Pagamentos até',
  counting: 'A contar os pagamentos sem recibo…',
  countFailed: 'Não foi possível contar os pagamentos sem recibo.',
  none: 'Não há pagamentos sem recibo nestas datas.',
  missing: (count: number, amount: string) => (count === 1 ? `1 pagamento sem recibo, no valor de ${amount}.` : `${count} pagamentos sem recibo, no valor total de ${amount}.`),
  issue: (count: number) => (count === 1 ? 'Emitir 1 recibo' : `Emitir ${count} recibos`),
  queued: 'A emissão vai começar dentro de momentos…',
  running: 'A emitir os recibos…',
  progressLabel: 'Progresso da emissão',
  progress: (done: number, total: number) => `${done} de ${total} pagamentos tratados.`,
  done: 'Recibos emitidos.',
  failed: 'A emissão dos recibos falhou. Os recibos já emitidos ficam; tente de novo para emitir os restantes.',
  offline: 'Sem ligação em tempo real: o progresso aparece quando a ligação voltar.',
} as const;
