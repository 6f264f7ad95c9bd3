// Words of a payment's page (pt-PT) beyond the payments' shared ones.

export const DETAIL_TEXTS = {
  title: (amount: string, day: string) => `Pagamento de ${amount} de ${day}`,
  member: (singular: string) => singular,
  memberWithNumber: (name: string, number: number) => `${name} (n.º ${number})`,
  date: 'Data',
  amount: 'Valor',
  method: 'Meio de pagamento',
  reference: 'Referência',
  allocated: 'Aplicado em dívidas',
  credit: 'Crédito',
  recordedBy: 'Registado por',
  state: 'Situação',
  valid: 'Válido',
  annulledOn: (day: string) => `Anulado em ${day}`,
  reason: 'Motivo',
  receipt: 'Recibo',
  period: 'Período',
} as const;
