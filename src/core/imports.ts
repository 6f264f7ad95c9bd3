// Imports of an association's spreadsheets (members, history) as the server answers them and
// the staff page reads them (decision 0045). Types only: re-exported by contract.ts.

/** What a batch brings in: members (their records) or history (debts and payments). */
export type ImportKind = 'members' | 'history';

/**
 * A batch's life: uploaded, checked (a dry run read it, as often as staff like), committing (the
 * job writes it), committed, then possibly undone, whole or but for the records later work
 * depends on (partly_undone).
 */
export type ImportState = 'uploaded' | 'checked' | 'committing' | 'committed' | 'undone' | 'partly_undone';

/** What a dry run says a row will do. */
export type ImportOutcome = 'create' | 'update' | 'unchanged' | 'duplicate' | 'error';

/** The key by which a row found the member it updates, in the order keys are tried. */
export type ImportMatchKey = 'nif' | 'number' | 'email';

/** One column of the uploaded file: its header and the first few values, for the mapping form. */
export interface ImportColumn {
  /** 0-based position in the file. */
  index: number;
  header: string;
  samples: string[];
}

/** A field a column may fill, from the target resource's definition (pt-PT label). */
export interface ImportField {
  key: string;
  label: string;
  required: boolean;
  /** pt-PT: what the cells may hold (e.g. "dd/mm/aaaa ou aaaa-mm-dd"). */
  hint: string;
  /** Whether several columns may fill it (their values joined: first and last name into Nome). */
  joins: boolean;
}

/** Column index (as a string) -> field key, or null for a column left out. */
export type ImportMapping = Record<string, string | null>;

/** Field key -> a value for every row whose mapped cell is empty or that has no column for it (e.g. Categoria de quota). */
export type ImportDefaults = Record<string, string>;

/** POST /api/imports (201): the batch as uploaded, with the suggested (or kept) mapping. */
export interface ImportUpload {
  id: number;
  kind: ImportKind;
  fileName: string;
  rowCount: number;
  columns: ImportColumn[];
  fields: ImportField[];
  mapping: ImportMapping;
  defaults: ImportDefaults;
}

/** One field's refusal on a row, in pt-PT. */
export interface ImportRowError {
  /** The field key (or 'file' for the row as a whole). */
  field: string;
  message: string;
}

/** The member a row matched or will change. */
export interface ImportMemberRef {
  id: number;
  number: number;
  name: string;
}

/** One row's outcome in a dry run. */
export interface ImportRowResult {
  /** The row's line in the file (1 = the header line). */
  line: number;
  outcome: ImportOutcome;
  member?: ImportMemberRef;
  matchedBy?: ImportMatchKey;
  /** The fields an update changes. */
  changes?: string[];
  /** pt-PT, what a history row does to the ledger ('Lança Quota 2024 (30,00 €)', 'Regista pagamento de …'). */
  actions?: string[];
  errors: ImportRowError[];
}

export interface ImportSummary {
  create: number;
  update: number;
  unchanged: number;
  duplicate: number;
  error: number;
}

/** POST /api/imports/:id/check (200): the counts and the first rows, in file order. */
export interface ImportCheck {
  summary: ImportSummary;
  /** The first IMPORT_CHECK_ROWS rows; the rest through GET /api/imports/:id/rows. */
  rows: ImportRowResult[];
  rowCount: number;
}

/** GET /api/imports/:id/rows: a page of the last check's rows. */
export interface ImportRowsPage {
  rows: ImportRowResult[];
  total: number;
  page: number;
  pageSize: number;
}

/** A batch as lists and its page show it (GET /api/imports, GET /api/imports/:id). */
export interface ImportBatch {
  id: number;
  kind: ImportKind;
  fileName: string;
  rowCount: number;
  state: ImportState;
  /** The last check's counts, null before any. */
  summary: ImportSummary | null;
  mapping: ImportMapping;
  defaults: ImportDefaults;
  createdBy: { id: number; name: string } | null;
  createdAt: string;
  committedAt: string | null;
  undoneAt: string | null;
  /** The commit's job (GET /api/jobs/:id for its progress), once committed. */
  jobId: number | null;
  /** Records the batch created or changed and that are still as it left them (not undone). */
  changes: number;
}

/** POST /api/imports/:id/commit (202). */
export interface ImportCommitStarted {
  jobId: number;
}

/** What the commit job resolves to (its result). */
export interface ImportCommitResult {
  created: number;
  updated: number;
  unchanged: number;
  /** Rows skipped: errors and duplicates of the check, and rows refused since. */
  skipped: number;
  failures: { line: number; message: string }[];
}

/** Later work that keeps a record of the batch from being restored (pt-PT label and reason). */
export interface ImportBlocker {
  /** The blocking record's resource and id (a payment, a receipt, a card). */
  resource: string;
  id: number;
  /** e.g. 'Pagamento de 12,50 € de Ana Silva (n.º 12) em 03/05/2026'. */
  label: string;
  reason: string;
  /** The batch's record it depends on. */
  record: { resource: string; id: number };
}

/** POST /api/imports/:id/undo (200). */
export interface ImportUndoResult {
  undone: number;
  kept: number;
  state: ImportState;
}

/** The body of the 409 `import_blocked` answer. */
export interface ImportBlockedAnswer {
  code: 'import_blocked';
  message: string;
  blockers: ImportBlocker[];
}
