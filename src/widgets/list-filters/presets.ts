// The filters each list's page shows above it, by resource (pt-PT words): what the generic
// list's own panel does not offer. A resource not named here shows only the filters its
// explainer declares.

/** A range over one field: `_{field}_gte` and `_{field}_lte`, both inclusive. */
export interface RangeFilter {
  field: string;
  type: 'date' | 'integer';
  from: string;
  to: string;
}

/** A filter on or off: `_{name}={value}` while the box is ticked. */
export interface ToggleFilter {
  name: string;
  value: string;
  label: string;
}

export interface FilterPreset {
  legend: string;
  ranges: readonly RangeFilter[];
  toggles: readonly ToggleFilter[];
}

export const LIST_FILTERS_TEXTS = {
  legend: 'Mais filtros',
  any: 'Todos',
} as const;

const PRESETS: Record<string, FilterPreset> = {
  payments: {
    legend: 'Mais filtros',
    ranges: [{ field: 'date', type: 'date', from: 'Data: de', to: 'Data: até' }],
    toggles: [],
  },
  // Every member with a ledger has a balance row; the unpaid list starts with those who owe today
  // (debts due by today); unticked, it also shows who has only debts not yet due (A vencer).
  member_balances: {
    legend: 'Mais filtros',
    ranges: [
      { field: 'years_owed', type: 'integer', from: 'Anos em dívida: mínimo', to: 'Anos em dívida: máximo' },
      { field: 'oldest_due', type: 'date', from: 'Vencimento mais antigo: de', to: 'Vencimento mais antigo: até' },
    ],
    toggles: [{ name: 'open_total_gte', value: '1', label: 'Só quem tem dívidas vencidas (sem marcar: também quem só tem dívidas a vencer)' }],
  },
  treasury_docs: {
    legend: 'Filtrar documentos',
    ranges: [{ field: 'issue_date', type: 'date', from: 'Emitidos desde', to: 'Emitidos até' }],
    toggles: [],
  },
};

export const presetOf = (resource: string): FilterPreset => PRESETS[resource] ?? { legend: LIST_FILTERS_TEXTS.legend, ranges: [], toggles: [] };
