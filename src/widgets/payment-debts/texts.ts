// Every word <associa-payment-debts> shows, in pt-PT; the payment methods are shared with the
// host's payment pages and the member's home.

// The payment methods' labels live with the shared pieces: the reports name methods too.
export { PAYMENT_METHOD_LABELS } from '../shared/payment-methods.js';

export const PAYMENT_DEBTS_TEXTS = {
  title: 'Dívidas em aberto',
  empty: 'Sem dívidas em aberto.',
  loadFailed: 'Não foi possível carregar as dívidas.',
  notFound: (singular: string) => `${singular} não encontrado.`,
  noMember: (singular: string) => `Indique o ${singular.toLowerCase()} cujas dívidas quer ver.`,
  notLinked: (singular: string) => `A sua conta não está associada a nenhuma ficha de ${singular.toLowerCase()}.`,
  columns: {
    select: 'Selecionar',
    description: 'Descrição',
    period: 'Período',
    dueDate: 'Vencimento',
    open: 'Em dívida',
  },
  selectAll: 'Selecionar todas as dívidas',
  selectOne: (description: string) => `Selecionar ${description}`,
  selectedTotal: (count: number) => (count === 1 ? 'Selecionada (1 dívida)' : `Selecionadas (${count} dívidas)`),
  openTotal: 'Total em dívida',
  upcomingTotal: 'A vencer (ainda não em dívida)',
  upcoming: (day: string) => `a vencer a ${day}`,
  partial: 'parcialmente paga',
  record: 'Registar pagamento',
  payButton: 'Pagar',
  chooseToPay: 'Escolha as dívidas que quer pagar e carregue em Pagar.',
  pay: {
    title: (count: number, amount: string) => `Pagar ${count === 1 ? '1 dívida' : `${count} dívidas`}: ${amount}`,
    optionsFailed: 'Não foi possível saber como pode pagar. Tente de novo.',
    cancel: 'Cancelar',
    close: 'Fechar',
    receiptHint: 'O recibo fica em «Os meus recibos», pronto a descarregar.',
  },
  form: {
    title: 'Registar pagamento',
    date: 'Data',
    method: 'Meio de pagamento',
    chooseMethod: 'Escolha…',
    amount: 'Valor (€)',
    oldestFirst: 'Sem dívidas selecionadas, o valor paga primeiro as dívidas mais antigas.',
    reference: 'Referência',
    notes: 'Notas',
    save: 'Registar',
    saving: 'A registar…',
    cancel: 'Cancelar',
  },
  errors: {
    date: 'Indique a data do pagamento.',
    method: 'Escolha o meio de pagamento.',
    amount: 'Indique um valor em euros, por exemplo 24,50.',
    amountPositive: 'O valor tem de ser maior do que zero.',
    amountTooLarge: 'O valor não pode ser superior a 999 999,99 €.',
    invalid: 'Corrija os campos assinalados.',
  },
  recorded: (amount: string) => `Pagamento de ${amount} registado.`,
  receiptIssued: (number: string) => `Foi emitido o recibo ${number}; está no extrato e na tesouraria.`,
  credit: (amount: string) => `Ficou um crédito de ${amount} a favor do sócio, que a próxima dívida consome.`,
  defaultSingular: 'Sócio',
} as const;
