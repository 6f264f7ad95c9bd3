// Plain request and response shapes shared by the API server and the browser code.
// Types, constants and pure helpers only: nothing here may import anything or have side effects.

/** Every role, highest first. */
export const ROLES = ['admin', 'editor', 'member'] as const;

export type Role = (typeof ROLES)[number];

/** The roles by name, for code that means one of them. */
export const ROLE = { admin: 'admin', editor: 'editor', member: 'member' } as const satisfies Record<Role, Role>;

/** Roles that count as staff: they see the back-office menu. */
export const STAFF_ROLES: readonly Role[] = [ROLE.admin, ROLE.editor];

/** Whether a role (from a token, possibly absent or unknown) is a staff role. */
export const isStaffRole = (role: string | null | undefined): role is Role => STAFF_ROLES.some((staff) => staff === role);

/** Each role as people read it (pt-PT); the users form offers these words. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  admin: 'Administrador',
  editor: 'Editor',
  member: 'Sócio',
};

/**
 * API resource names the browser asks for. Those of domains later releases bring are asked
 * for only where the explainer names them, or by those domains' own elements.
 */
export const RESOURCE = {
  members: 'members',
  memberStates: 'member_states',
  countries: 'countries',
  users: 'users',
  apiSecrets: 'api_secrets',
  settings: 'settings',
  messages: 'messages',
  auditLog: 'audit_log',
  files: 'files',
  // Later releases.
  memberApplications: 'member_applications',
  membershipCards: 'membership_cards',
  cardCheckins: 'card_checkins',
  payments: 'payments',
  unsettledPayments: 'unsettled_payments',
  paymentAdvice: 'payment_advice',
  treasuryDocs: 'treasury_docs',
  documentStatuses: 'document_statuses',
  paymentMessages: 'payment_messages',
} as const;

export interface ListMeta {
  total: number;
  /** false when `total` is an estimate (more than LIST_EXACT_TOTAL_LIMIT matches). */
  exact?: boolean;
  /** After a full page: the cursor that asks for the page after it (`_after`), without an offset to walk. */
  next?: string;
}

export interface ListResponse<T = ApiRecord> {
  data: T[];
  meta: ListMeta;
}

export interface ItemResponse<T = ApiRecord> {
  data: T;
}

/**
 * Every `code` an error body may carry, beside its pt-PT `message`: clients switch on these,
 * never on the wording. Each status has a default (src/server/errors.ts); the others name a
 * case a client must tell apart from its neighbours of the same status.
 */
export const ERROR_CODES = [
  // 400
  'bad_request',
  'invalid_json',
  'control_characters',
  // 401
  'unauthorized',
  'session_expired',
  // 403
  'forbidden',
  'wrong_password',
  'own_account',
  'account_disabled',
  'login_link_invalid',
  'two_factor_code_wrong',
  'two_factor_code_used',
  'two_factor_ticket_void',
  'two_factor_enrolment_required',
  'recovery_code_wrong',
  // 404
  'not_found',
  'route_not_found',
  // a payment-information link that is unknown, expired or revoked (one answer for the three)
  'payment_link_invalid',
  // an application's e-mail confirmation code that no application has (404) or that expired (410)
  'verification_unknown',
  'verification_expired',
  // 405, 408, 409
  'method_not_allowed',
  'request_timeout',
  'conflict',
  'stale_version',
  'last_admin',
  // the record is used elsewhere (a category with members, a schedule with debts)
  'in_use',
  // a record that looks like one kept already (a member with the same NIF): saved again with the answer's `confirm` flag
  'probable_duplicate',
  // a ledger action the debt's or payment's state does not allow (a paid debt annulled, an annulled payment allocated)
  'ledger_conflict',
  // direct debit asked for before the creditor identifier, the association's IBAN or name is set
  'direct_debit_not_configured',
  // an application accepted before its e-mail was confirmed, while the settings require the confirmation
  'email_not_confirmed',
  // an import's undo refused: later work (a payment, a receipt, a card) depends on records the batch created or changed
  'import_blocked',
  // 410
  'gone',
  // 413, 415, 422, 429, 431
  'payload_too_large',
  'unsupported_media_type',
  'invalid_record',
  'too_many_requests',
  'headers_too_large',
  // 5xx
  'internal',
  'bad_gateway',
  'service_unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Realtime close code of a socket over a cap: too many connections for its account or address. */
export const CLOSE_TOO_MANY_CONNECTIONS = 4429;

/** `code` of a 409 answering a write based on an older `_version` of the record (no lost update). */
export const STALE_VERSION_CODE = 'stale_version' satisfies ErrorCode;

/** Every stored record carries these. */
export interface ApiRecord {
  _id: number;
  created_at: string;
  [field: string]: unknown;
}

/** Imports of members and history (decision 0045). */
export type * from './imports.js';

/** The application's records, field by field, as inferred from the resource definitions (types only). */
// Setting stays declared below: its value is never null (NOT NULL column), which the definition does not say.
export type { ApiSecret, AuditLog, Contact, Country, Member, MemberBalance, MemberState, Message, Payment, PaymentAllocation, Tag, UnsettledPayment, User } from './records.js';

/** 422 body. Messages are pt-PT. */
export interface ValidationErrorResponse {
  code: ErrorCode;
  errors: Record<string, string>;
}

/** Any other 4xx/5xx body. `message` is pt-PT. */
export interface ErrorResponse {
  statusCode: number;
  error: string;
  /** Stable and machine-readable: switch on this, not on `message`. */
  code: ErrorCode;
  message: string;
}

export type FieldType =
  | 'string'
  | 'text'
  | 'email'
  | 'phone'
  | 'integer'
  | 'float32'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'reference'
  | 'references'
  | 'enum'
  | 'password'
  /** An amount in euros, as an integer number of cents (storage and API). */
  | 'money'
  /** The _id of a file uploaded through POST /api/files. */
  | 'file'
  | 'image'
  /** Derived in the query from the record's columns: read-only. */
  | 'computed';

export type InputType =
  | 'text'
  | 'textarea'
  | 'email'
  | 'tel'
  | 'number'
  | 'checkbox'
  | 'date'
  | 'datetime-local'
  | 'select'
  | 'multiselect'
  | 'password'
  | 'money'
  | 'file'
  | 'image';

export interface FieldValidation {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  /** A regular expression source the whole value must match. */
  pattern?: string;
  /** Named server-side checks, such as 'nif' or 'postalCode'. */
  checks?: string[];
  unique?: boolean;
}

export interface ExplainerField {
  name: string;
  type: FieldType;
  validation: FieldValidation;
  label: string;
  group: string;
  inputType: InputType;
  /** Resource name a reference points to. */
  ref?: string;
  options?: { value: string; label: string }[];
  /** What a new record's form starts with (a flag that starts on); absent: empty. */
  default?: string | number | boolean;
  sortable: boolean;
  filterable: boolean;
  /** How `_{name}=value` matches, in pt-PT, where it is not the exact value (text: "contém, sem distinção..."). */
  filterHint?: string;
  searchable: boolean;
  /** Set by the server; never sent by a client. */
  readOnly: boolean;
}

/** A declared command on a resource: POST /api/{res}/{id}/{name} (record) or /api/{res}/{name} (collection). */
export interface ExplainerAction {
  name: string;
  label: string;
  on: 'record' | 'collection';
  /** Its input, described like record fields. */
  fields: ExplainerField[];
}

/** A list filter the resource declares beyond its fields' own: GET /api/{res}?_{name}={option value}. */
export interface ExplainerFilter {
  name: string;
  label: string;
  /** The values to choose from; empty when the filter takes a whole number (`integer`). */
  options: { value: string; label: string }[];
  integer?: { min: number; max: number };
}

/** The generic operations on a resource's records (SPEC 7: list, read, create, update, delete). */
export const RESOURCE_OPERATIONS = ['list', 'read', 'create', 'update', 'delete'] as const;
export type ResourceOperation = (typeof RESOURCE_OPERATIONS)[number];
/** How far the caller may perform an operation: on every record, on their own records only, or not at all. */
export type OperationReach = 'all' | 'own' | 'none';

export interface ExplainerResource {
  label: string;
  fields: ExplainerField[];
  /** What this caller may do with the resource's records (absent from the anonymous explainer of public forms). */
  operations?: Record<ResourceOperation, OperationReach>;
  /** The _id of the caller's own record, where the resource has one per person (their member and user records). */
  ownRecord?: number;
  /** The actions this caller may run; absent when there are none. */
  actions?: ExplainerAction[];
  /** Declared list filters, for callers who may list; absent when there are none. */
  filters?: ExplainerFilter[];
}

export interface ExplainerResponse {
  data: Record<string, ExplainerResource>;
}

/** The article the organisation's name takes; '-' when it takes none ("de Lisboa Runners"). */
export type NameArticle = 'a' | 'o' | 'as' | 'os' | '-';

export interface Terminology {
  name: string;
  /** The article the name takes, for "da Associação" / "do Clube" (core/organisation-name.ts). */
  nameArticle: NameArticle;
  memberSingular: string;
  memberPlural: string;
  memberURLSingular: string;
  memberURLPlural: string;
  membershipPayments: string;
  membershipPaymentsURL: string;
}

export type OrgType = 'association' | 'cooperative';

/** Each organisation type's words until an administrator changes them (pt-PT). */
export const TERMINOLOGY_DEFAULTS: Readonly<Record<OrgType, Terminology>> = {
  association: {
    name: 'Associação',
    nameArticle: 'a',
    memberSingular: 'Sócio',
    memberPlural: 'Sócios',
    memberURLSingular: 'socio',
    memberURLPlural: 'socios',
    membershipPayments: 'Quotas',
    membershipPaymentsURL: 'quotas',
  },
  cooperative: {
    name: 'Cooperativa',
    nameArticle: 'a',
    memberSingular: 'Cooperador',
    memberPlural: 'Cooperadores',
    memberURLSingular: 'cooperador',
    memberURLPlural: 'cooperadores',
    membershipPayments: 'Capital Social',
    membershipPaymentsURL: 'capitalsocial',
  },
};

export interface TerminologyResponse {
  data: { data: Terminology };
}

export interface Setting {
  _id: number;
  name: string;
  value: string;
  created_at: string;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface LoginRequest {
  username: string;
  password: string;
}

export interface RecoverRequest {
  email: string;
  recover_password: true;
}

export interface RecoverCodeRequest {
  recoverCode: string;
}

export interface RefreshRequest {
  refreshToken: string;
}

/** POST /api/auth/logout: ends the session (refresh-token family) this token belongs to. */
export type LogoutRequest = RefreshRequest;

/**
 * How long after a login by a one-time code (recovery or login link) its session may set a
 * new password without giving the current one.
 */
export const CODE_SESSION_PASSWORD_SECONDS = 15 * 60;

/** Claims of the access token. */
export interface AccessClaims {
  ID: number;
  Name: string;
  Role: Role;
  iat: number;
  exp: number;
  /** The account's session version when issued: a password change or deactivation raises it. */
  ver?: number;
  /** 'code': the session began with a one-time code sent by e-mail (recovery or login link). */
  amr?: 'code';
  /** A guardian's session acting for this minor member (_id): the member dashboard shows the minor (issue 34). */
  act?: number;
}

export interface RealtimeMessage<P = unknown> {
  topic: string;
  payload: P;
}

/** Topics of the realtime channel (SPEC 7), as the server sends and the browser hears them. */
export const TOPIC = {
  handshake: 'handshake',
  ping: 'ping',
  pong: 'pong',
  error: 'error',
  settingsUpdated: 'settings updated',
  /** Shown to the user as a short toast. */
  debug: 'debug',
} as const;

/** What ends the topic of a resource change event. */
export const CHANGED_TOPIC_SUFFIX = ' changed';

/** The topic of a resource's change events: `{resource} changed`. */
export const changedTopic = (resource: string): string => `${resource}${CHANGED_TOPIC_SUFFIX}`;

/** Payload of a resource change event; topic is `{resource} changed`. */
export interface ResourceChange {
  resource: string;
  action: 'created' | 'updated' | 'deleted';
  id: number;
}

/** Realtime topic of background jobs (to staff): a job changed state or made progress. */
export const JOBS_TOPIC = 'jobs';

/** Payload of a JOBS_TOPIC event; `progress` counts up to `total` (null while unknown). */
export interface JobProgress {
  id: number;
  name: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  total: number | null;
  /** A done run's result, only for jobs that declare it readable by staff (resultForStaff). */
  result?: unknown;
}

/** One whole export (`GET /api/data_exports`, administrators; decision 0047), newest first. */
export interface DataExportRun {
  /** The job's _id: `GET /api/data_exports/{_id}` answers its file's short-lived address once done. */
  _id: number;
  state: JobProgress['state'];
  progress: number;
  total: number | null;
  /** ISO-8601 UTC. */
  requestedAt: string;
  finishedAt: string | null;
  /** Who asked (an account's name), if a person did. */
  requestedBy: string | null;
  /** The zip's size in bytes, once done. */
  size: number | null;
}

/** `GET /api/data_exports/{job}`: a done export's zip at a short-lived address, for the administrator who asks. */
export interface DataExportDownload {
  url: string;
  /** ISO-8601 UTC. */
  expiresAt: string;
}

/** `GET /api/jobs/schedule` (administrators): each declared job, when it runs next, how it last ran. */
export interface JobScheduleEntry {
  name: string;
  /** pt-PT. */
  label: string;
  /** Cron pattern read in Europe/Lisbon time; null: on demand only. */
  schedule: string | null;
  /** ISO time of the next scheduled run, if any. */
  nextRun: string | null;
  /** Why the schedule cannot be used (pt-PT), e.g. an invalid pattern. */
  problem: string | null;
  lastRun: { id: number; state: JobProgress['state']; runAt: string; finishedAt: string | null; error: string | null } | null;
}

export interface HealthResponse {
  status: 'ok';
  version: string;
  database: 'ok';
  engine: 'sqlite' | 'postgres';
  /** 'test': fictitious data, the client shows the test-mode banner. */
  mode: 'test' | 'production';
}

/** The years the dues ledger takes (schedules, generation, debts, filters). */
export const DUES_YEARS = { min: 2000, max: 2100 } as const;

/** A member's standing, derived from the ledger (never stored). */
export type StandingKind = 'em_dia' | 'em_atraso' | 'isento';

/** What a member owes and since when, as the dues routes answer it. */
export interface AccountStanding {
  kind: StandingKind;
  /** Distinct debt years with something owed today. */
  yearsOwed: number;
  /** Cents owed today: open debts due by today (a debt is owed from its due date). */
  openTotal: number;
  /** Cents of open debts not yet due (a vencer): payable, not owed. */
  upcomingTotal: number;
  /** Cents paid and not yet allocated to any debt. */
  credit: number;
  /** 'YYYY-MM-DD' of the oldest debt owed today, if any. */
  oldestDue: string | null;
}

/** A payment's receipt (its treasury document), as the ledger's answers and the statement name it. */
export interface PaymentReceipt {
  /** The treasury document's _id (its page, `treasury_docs/{id}`). */
  _id: number;
  /** 'R 2026/42'. */
  number: string;
  /** The API path of its PDF as issued: 'treasury_docs/{id}/pdf'. */
  pdf: string;
  /** The number of the annulment note that annulled it; null while it stands. */
  annulledBy: string | null;
}

/**
 * `POST /api/payments/record`: the payment as saved, how it was spread, the credit left and its
 * receipt (the treasury document's record, with these fields too; null: none issued).
 */
export interface PaymentRecorded<P = Record<string, unknown>> {
  payment: P;
  allocations: { debt: number; amount: number }[];
  credit: number;
  receipt: PaymentReceipt | null;
}

/** A party named on a treasury document, as frozen at issue. */
export interface TreasuryDocParty {
  name: string;
  nif: string | null;
  address: string | null;
}

/** Another treasury document this one points to (the note that annulled it, the document a note annuls). */
export interface TreasuryDocLink {
  _id: number;
  /** 'N 2026/3'. */
  number: string;
  issue_date: string;
  /** The annulment's reason. */
  reason: string | null;
}

/**
 * `GET /api/treasury_docs/{id}/view`: a treasury document as its page shows it: the lines in
 * cents (read from the issued snapshot), the series by its name, issuer and payer as issued,
 * the notes on either side of an annulment, the payments it documents, and (staff only) its
 * integrity hashes.
 */
export interface TreasuryDocView {
  _id: number;
  number: string;
  type: string;
  /** 'Recibo de quota'. */
  type_label: string;
  issue_date: string;
  /** 'R 2026': the series' prefix and year. */
  series_name: string;
  lines: { description: string; amount: number }[];
  total: number;
  vat_wording: string;
  /** Wording the type requires beyond the lines (a donation receipt's legal basis). */
  wording: string | null;
  issuer: TreasuryDocParty;
  payer: TreasuryDocParty & { member: number | null; member_number: number | null };
  /** The note that annulled this document; null while it stands. */
  annulled_by: TreasuryDocLink | null;
  /** A note: the document it annuls (its reason is the note's). */
  annuls: TreasuryDocLink | null;
  /** The payments it documents (a receipt: one). */
  payments: { _id: number; date: string; amount: number; method: string; annulled: boolean }[];
  /** Staff only: who issued it. */
  issued_by_name?: string | null;
  /** Staff only: the PDF's SHA-256, this document's link in its series' chain and the previous one's. */
  integrity?: { pdf_sha256: string; hash: string; prev_hash: string | null };
}

export interface StatementLine {
  date: string;
  kind: 'debt' | 'payment' | 'waiver' | 'annulment';
  /** The debt's or payment's _id. */
  id: number;
  description: string;
  debit: number;
  credit: number;
  /** What the member owes after this line (negative: credit in their favour). */
  balance: number;
  /** An annulment line: whether it cancels a debt or a payment (`id` is that debt's or payment's). */
  cancels?: 'debt' | 'payment';
  /** A payment line: whether the payment was annulled since. */
  annulled?: boolean;
  /** A payment line: its receipt, when one was issued (and the treasury is on). */
  receipt?: PaymentReceipt;
}

/** `GET /api/members/{id}/statement`: the member's account line by line, with a running balance. */
export interface Statement {
  member: { _id: number; number: number | null; name: string };
  standing: AccountStanding;
  lines: StatementLine[];
}

/** `POST /api/direct_debit_batches/prepare`: the batch made, its collections and total (cents), and the debts left out with why. */
export interface DirectDebitPrepared {
  batch: { _id: number };
  items: number;
  total: number;
  /** `reason` is the pt-PT sentence staff read. */
  excluded: { debt: number; member: number; code: string; reason: string; fallback: 'multibanco' | null }[];
}

/** A reviewer's word on one statement line (by its line number in the file): not recorded, or paid by this member for these debts. */
export type ReconciliationDecision = { line: number; reject: true } | { line: number; member: number; debts: number[] };

/** How a statement line's match was found: a payment request's reference, a member named in the description, or chosen by hand. */
export type ReconciliationConfidence = 'reference' | 'member' | 'manual';

/** One line of a bank statement as the reconciliation preview and confirm answer it (money in cents). */
export interface ReconciliationLine {
  line: number;
  date: string;
  amount: number;
  entity: string | null;
  reference: string | null;
  description: string | null;
  transactionId: string | null;
  match: { kind: 'payment_request' | 'member'; member: number; debts: { debt: number; amount: number }[] } | null;
  confidence: ReconciliationConfidence | null;
  /** Cents no debt takes (the member's credit); 0 without a match. */
  credit: number;
  /** Why the line pays nothing (`no_member`, `already_recorded`...), null when it pays. */
  reason: string | null;
  /** The server's pt-PT explanation of the match or of the reason. */
  message: string;
  /** Confirm only: the payment the line recorded and its receipt. */
  payment?: number | null;
  receipt?: { _id: number; number: string } | null;
}

/** A member as a statement review names them. */
export interface ReconciliationMember {
  _id: number;
  number: number | null;
  name: string;
}

/** A debt as a statement review names it. */
export interface ReconciliationDebt {
  _id: number;
  member: number;
  description: string;
  due_date: string;
  amount: number;
}

/** `POST /api/reconciliation_imports/preview`: a statement's lines with their matches under the reviewer's decisions. */
export interface ReconciliationReview {
  file: number;
  file_name: string;
  source: 'multibanco' | 'bank';
  /** The import a statement with the same bytes was confirmed in, if any. */
  imported: { _id: number; file_name: string; created_at: string } | null;
  lines: number;
  matched: number;
  matchedAmount: number;
  unmatched: number;
  results: ReconciliationLine[];
  members: ReconciliationMember[];
  debts: ReconciliationDebt[];
}

/** `POST /api/reconciliation_imports/confirm`: the import saved, the payments and receipts it recorded, line by line. */
export interface ReconciliationConfirmed {
  import: { _id: number; recorded: number; recorded_amount: number; lines: number; unmatched: number };
  payments: number[];
  receipts: { _id: number; number: string; payment: number }[];
  results: ReconciliationLine[];
  members: ReconciliationMember[];
  debts: ReconciliationDebt[];
}

/** `GET /api/payments_overview` (staff): the payments landing's figures, in cents. */
export interface PaymentsOverview {
  /** Cents owed today: open debts due by today (the ledger's one rule). */
  owed: number;
  /** Cents of open debts not yet due (a vencer). */
  upcoming: number;
  receivedThisYear: number;
  membersInArrears: number;
  /** The last twelve months, oldest first; month is 'YYYY-MM'. */
  receivedPerMonth: { month: string; amount: number }[];
}

/** The five reports of SPEC 7 (`GET /api/reports/{name}`), staff only, for an association. */
export const REPORT_NAMES = ['owedPerYear', 'nextYearQuotaExpectations', 'paymentsPerYear', 'cancelationsPerYear', 'membershipsPerYear'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** What every report answers besides its figures: the day and years it covers and its basis in words (pt-PT). Money in cents. */
export interface ReportFrame {
  asOf: string;
  from: number;
  to: number;
  basis: string;
}

export interface OwedPerYearReport extends ReportFrame {
  rows: { year: number; owed: number; members: number }[];
  /** Members owing in any year of the range are counted once. */
  total: { owed: number; members: number };
}

export interface QuotaExpectationsReport extends ReportFrame {
  /** `year` is the year the quotas are expected in (the year after each range year). */
  /**
   * `households`: households charged once (a category charging per household); `discounted`:
   * members paying a household discount; `expected` counts both (issue 34).
   */
  rows: { year: number; category: number; name: string; exempt: boolean; members: number; perMember: number | null; households: number; discounted: number; expected: number }[];
  totals: { year: number; members: number; expected: number }[];
}

export interface PaymentsPerYearReport extends ReportFrame {
  /** Cash basis: by payment date. */
  cash: { year: number; method: string; amount: number }[];
  /** Accrual basis: by the year of the debts paid. */
  accrual: { year: number; method: string; amount: number }[];
  totals: { year: number; cash: number; accrual: number }[];
}

export interface CancelationsPerYearReport extends ReportFrame {
  rows: { year: number; state: number; name: string; count: number }[];
  totals: { year: number; count: number }[];
}

export interface MembershipsPerYearReport extends ReportFrame {
  rows: { year: number; admissions: number; endings: number; activeAtYearEnd: number; netChange: number }[];
}

// Constants of the contract (SPEC 9: docs/requirements.md section 9).
export const LIST_DEFAULT_LIMIT = 100;
export const LIST_MAX_LIMIT = 500;
export const LIST_ALL = -1;
export const LIST_EXACT_TOTAL_LIMIT = 10_000;
/** The list parameter carrying a cursor (ListMeta.next): the page that follows the row it names. */
export const LIST_AFTER = '_after';
/** List parameters that are not `_{field}` filters. */
export const LIST_PAGING_PARAMS: readonly string[] = ['_page', '_limit', '_sort', '_search', LIST_AFTER];
export const DEFAULT_SORT = 'created_at';
export const PAGE_ADDRESS_HEADER = 'x-page-address';

/** One figure of the staff home (GET /api/overview): what it counts, how many, and the list (resource and filters) that shows those rows. */
export interface OverviewFigure {
  key: string;
  label: string;
  count: number;
  /** False when the list only estimates its total (more than 10,000 rows), as its `meta.exact`. */
  exact: boolean;
  /** Cents, with what they are, when the figure adds up money. */
  amount: { label: string; cents: number } | null;
  aside: string | null;
  list: { resource: string; constraints: Record<string, string> };
}

/** GET /api/overview's data. */
export interface StaffOverviewAnswer {
  /** The Lisbon day the figures are for, 'YYYY-MM-DD'. */
  today: string;
  figures: OverviewFigure[];
}
