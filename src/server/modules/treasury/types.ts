// What a treasury document is, as issued: its type, lines and the snapshot its PDF is drawn from.

export const TREASURY_DOC_TYPES = [
  { value: 'quota', label: 'Recibo de quota' },
  { value: 'joining_fee', label: 'Recibo de jóia' },
  { value: 'donation', label: 'Recibo de donativo' },
  { value: 'annulment', label: 'Nota de anulação' },
] as const;
export type TreasuryDocType = (typeof TREASURY_DOC_TYPES)[number]['value'];

export const typeLabel = (type: TreasuryDocType): string => TREASURY_DOC_TYPES.find((t) => t.value === type)!.label;

/** What one amount pays (quota 2025, jóia, donativo), in cents. */
export interface DocLine {
  description: string;
  amount: number;
}

export interface PayerSnapshot {
  name: string;
  nif: string | null;
  address: string | null;
  /** A member payer's number as printed, in the terminology's word: 'Sócio n.º 42' (absent from documents issued before it was printed). */
  membership?: string | null;
}

/** Everything the PDF shows, frozen at issue: the same snapshot always draws the same bytes. */
export interface TreasuryDocSnapshot {
  number: string;
  type: TreasuryDocType;
  issueDate: string;
  issuer: { name: string; nif: string; address: string; logo?: number | null };
  payer: PayerSnapshot;
  lines: DocLine[];
  total: number;
  vatWording: string;
  /** Wording the type requires beyond the lines (a donation receipt's legal basis). */
  wording: string | null;
  /** An annulment note: the document it annuls and why. */
  annuls: { number: string; reason: string } | null;
  /** How the documented payments were paid, in words ('Numerário', 'MB WAY'); absent when none is documented. */
  paymentMethod?: string | null;
}
