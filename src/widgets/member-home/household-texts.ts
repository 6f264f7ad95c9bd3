// Every word the member home's household section shows (issue 34), in pt-PT.

export const HOUSEHOLD_DUES_TEXTS = {
  title: (name: string) => `Dívidas do agregado ${name}`,
  lead: 'É o pagador deste agregado: escolha as dívidas dos seus membros que quer pagar e peça uma só referência para todas.',
  empty: 'O agregado não tem dívidas em aberto.',
  loadFailed: 'Não foi possível carregar as dívidas do agregado.',
  columns: { member: 'Sócio', description: 'Descrição', dueDate: 'Vencimento', open: 'Em dívida' },
  memberOf: (name: string, number: number | null) => (number === null ? name : `${name} (n.º ${number})`),
  selectAll: (name: string) => `Selecionar todas as dívidas do agregado ${name}`,
  selectOne: (description: string, member: string) => `Selecionar ${description} de ${member}`,
  upcoming: (day: string) => `a vencer a ${day}`,
  selectedTotal: (count: number) => (count === 1 ? 'Selecionada (1 dívida)' : `Selecionadas (${count} dívidas)`),
  pay: 'Pagar pelo agregado',
  chooseToPay: 'Escolha as dívidas que quer pagar e carregue em Pagar pelo agregado.',
  payTitle: (count: number, amount: string) => `Pagar ${count === 1 ? '1 dívida' : `${count} dívidas`} do agregado: ${amount}`,
  optionsFailed: 'Não foi possível saber como pode pagar. Tente de novo.',
  cancel: 'Cancelar',
  close: 'Fechar',
} as const;
