// The fields of a history file, each with its pt-PT label, what its cells hold and the other
// header names that suggest it: written once, for the upload's suggestions, the check and the
// report. Every field is read as text and parsed here (values.ts), by the ledger's rules.
import type { Field } from '../../../resources/define.js';
import type { TargetField } from '../fields.js';
import type { HistoricalReceipts } from './apply.js';
import { KIND_WORDS, METHOD_WORDS } from './values.js';

export type HistoryField = 'member' | 'year' | 'period' | 'kind' | 'owed' | 'paid' | 'date' | 'method' | 'reference' | 'description' | 'receipts';

interface HistoryFieldDefinition {
  key: HistoryField;
  label: string;
  required: boolean;
  hint: string;
  /** Other header names that suggest it (its label and key always do). */
  headers: readonly string[];
  options?: readonly { value: string; label: string }[];
}

/** Whether a payment's receipt is issued, row by row (a default for the whole file on the mapping form). */
const RECEIPT_OPTIONS: readonly { value: HistoricalReceipts; label: string }[] = [
  { value: 'none', label: 'Não emitir (pagamento histórico)' },
  { value: 'series', label: 'Emitir na série atual' },
];

const HISTORY_FIELDS: readonly HistoryFieldDefinition[] = [
  { key: 'member', label: 'Sócio', required: true, hint: 'Número de sócio ou NIF', headers: ['Número de sócio', 'N.º de sócio', 'Nº sócio', 'N.º', 'Nº', 'NIF', 'Contribuinte', 'Member', 'Member number'] },
  { key: 'year', label: 'Ano', required: true, hint: 'Ex.: 2024, ou 2024/2 com o período', headers: ['Ano da quota', 'Exercício', 'Year'] },
  { key: 'period', label: 'Período', required: false, hint: 'De 1 a 12 (vazio: o primeiro)', headers: ['Mês', 'Trimestre', 'Semestre', 'Period'] },
  { key: 'kind', label: 'Tipo', required: false, hint: `${KIND_WORDS} (vazio: Quota)`, headers: ['Tipo de dívida', 'Natureza', 'Kind', 'Type'] },
  { key: 'owed', label: 'Valor em dívida', required: false, hint: 'Ex.: 12,50 (vazio: igual ao valor pago)', headers: ['Valor devido', 'Devido', 'Valor da quota', 'Dívida', 'Owed', 'Amount owed'] },
  { key: 'paid', label: 'Valor pago', required: false, hint: 'Ex.: 12,50', headers: ['Pago', 'Recebido', 'Valor recebido', 'Paid', 'Amount paid'] },
  { key: 'date', label: 'Data do pagamento', required: false, hint: 'dd/mm/aaaa ou aaaa-mm-dd', headers: ['Data', 'Data pagamento', 'Data do recebimento', 'Date', 'Payment date'] },
  { key: 'method', label: 'Meio de pagamento', required: false, hint: METHOD_WORDS, headers: ['Meio', 'Forma de pagamento', 'Pagamento', 'Method', 'Payment method'] },
  { key: 'reference', label: 'Referência', required: false, hint: 'O número do recibo em papel, se houver', headers: ['Recibo', 'N.º do recibo', 'Número do recibo', 'Reference', 'Receipt'] },
  { key: 'description', label: 'Descrição', required: false, hint: 'Obrigatória no tipo Outro', headers: ['Observações', 'Descritivo', 'Description'] },
  { key: 'receipts', label: 'Recibo', required: false, hint: RECEIPT_OPTIONS.map((o) => o.label).join(' ou '), headers: ['Emitir recibo', 'Recibos'], options: RECEIPT_OPTIONS },
];

const asField = (definition: HistoryFieldDefinition): Field => ({
  name: definition.key,
  type: definition.options ? 'enum' : 'string',
  label: definition.label,
  group: 'Geral',
  inputType: definition.options ? 'select' : 'text',
  validation: {},
  sortable: false,
  filterable: false,
  searchable: false,
  readOnly: false,
  writeOnly: false,
  ...(definition.options ? { options: definition.options } : {}),
});

/** The target fields of a history import, as the upload offers them. */
export const historyTargetFields = (): TargetField[] =>
  HISTORY_FIELDS.map((definition) => ({ key: definition.key, label: definition.label, required: definition.required, hint: definition.hint, joins: false, field: asField(definition) }));

/** Other header names per field, for the suggested mapping. */
export const HISTORY_HEADER_NAMES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(HISTORY_FIELDS.map((f) => [f.key, f.headers]));
