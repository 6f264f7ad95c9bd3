// Plain request and response shapes shared by the API server and the browser code.
// Types and a few constants only: nothing here may import anything or have side effects.

export type Role = 'admin' | 'editor' | 'member';

/** Roles that count as staff: they see the back-office menu. */
export const STAFF_ROLES: readonly Role[] = ['admin', 'editor'];

export interface ListMeta {
  total: number;
  /** false when `total` is an estimate (more than LIST_EXACT_TOTAL_LIMIT matches). */
  exact?: boolean;
}

export interface ListResponse<T = ApiRecord> {
  data: T[];
  meta: ListMeta;
}

export interface ItemResponse<T = ApiRecord> {
  data: T;
}

/** `code` of a 409 answering a write based on an older `_version` of the record (no lost update). */
export const STALE_VERSION_CODE = 'stale_version';

/** Every stored record carries these. */
export interface ApiRecord {
  _id: number;
  created_at: string;
  [field: string]: unknown;
}

/** 422 body. Messages are pt-PT. */
export interface ValidationErrorResponse {
  errors: Record<string, string>;
}

/** Any other 4xx/5xx body. `message` is pt-PT. */
export interface ErrorResponse {
  statusCode: number;
  error: string;
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
  | 'password';

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
  | 'password';

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
  sortable: boolean;
  filterable: boolean;
  searchable: boolean;
  /** Set by the server; never sent by a client. */
  readOnly: boolean;
}

export interface ExplainerResource {
  label: string;
  fields: ExplainerField[];
}

export interface ExplainerResponse {
  data: Record<string, ExplainerResource>;
}

export interface Terminology {
  name: string;
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
    memberSingular: 'Sócio',
    memberPlural: 'Sócios',
    memberURLSingular: 'socio',
    memberURLPlural: 'socios',
    membershipPayments: 'Quotas',
    membershipPaymentsURL: 'quotas',
  },
  cooperative: {
    name: 'Cooperativa',
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
}

export interface RealtimeMessage<P = unknown> {
  topic: string;
  payload: P;
}

/** Payload of a resource change event; topic is `{resource} changed`. */
export interface ResourceChange {
  resource: string;
  action: 'created' | 'updated' | 'deleted';
  id: number;
}

export interface HealthResponse {
  status: 'ok';
  version: string;
  database: 'ok';
  engine: 'sqlite' | 'postgres';
  /** 'test': fictitious data, the client shows the test-mode banner. */
  mode: 'test' | 'production';
}

// Constants of the contract (SPEC.md section 9).
export const LIST_DEFAULT_LIMIT = 100;
export const LIST_MAX_LIMIT = 500;
export const LIST_ALL = -1;
export const LIST_EXACT_TOTAL_LIMIT = 10_000;
export const DEFAULT_SORT = 'created_at';
export const PAGE_ADDRESS_HEADER = 'x-page-address';
