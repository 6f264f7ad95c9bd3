// The server's payments.method options with their pt-PT labels: the debts, the member's home and
// the reports name a payment's method the same way.

/** The server's payments.method options, with its labels. */
export const PAYMENT_METHOD_LABELS = {
  numerario: 'Numerário',
  transferencia: 'Transferência',
  multibanco: 'Multibanco',
  mbway: 'MB WAY',
  debito_direto: 'Débito direto',
  cheque: 'Cheque',
} as const;

export const methodLabel = (method: string | null | undefined): string =>
  (method && (PAYMENT_METHOD_LABELS as Record<string, string>)[method]) || (method ?? '');
