import type { Generated } from 'kysely';
import type { JobProgress } from '../../core/contract.js';
import type { SecondFactorChallenge } from '../../core/two-factor.js';

// The tables the server's own code reads and writes (auth, outbox, audit, files), column for
// column as the migrations in ./migrations create them. Resource tables are typed from their
// definitions (./resource-tables.ts); Tables in ./database.ts joins them all.
// Conventions of both engines: booleans are 0/1 integers, times are ISO-8601 UTC strings.

/** `_id`, `created_at`, `updated_at` (withRecordColumns in migrations/schema-helpers.ts). */
interface RecordColumns {
  _id: Generated<number>;
  created_at: string;
  updated_at: string;
}

interface SchemaMigrationsTable {
  name: string;
  applied_at: string;
}

interface ServerSecretsTable {
  name: string;
  value: string;
}

interface RefreshTokensTable extends RecordColumns {
  user_id: number;
  family: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  /** 003: null only for families started before that migration. */
  family_started_at: string | null;
}

interface LoginCodesTable extends RecordColumns {
  user_id: number;
  code_hash: string;
  expires_at: string;
  used_at: string | null;
}

/** A password login, a login-code answer, or a login-link request. */
export type AttemptKind = 'login' | 'code' | 'link';

export interface AuthAttemptsTable {
  _id: Generated<number>;
  kind: AttemptKind;
  account: string | null;
  address: string;
  gate: 'open' | 'known' | 'clean';
  at: string;
}

interface AuthKnownAddressesTable {
  account: string;
  address: string;
  last_success_at: string;
}

/** The outbox columns of the messages resource table. */
interface MessagesTable extends RecordColumns {
  _version: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  /** 'sending' while a sender holds the lease (messages/queue.ts). */
  status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  sent_at: string | null;
  next_attempt_at: string | null;
  sealed_body: string | null;
  /** The HTML part, if any (secret links hidden), and its deliverable version sealed like sealed_body. */
  html?: string | null;
  sealed_html?: string | null;
  /** A caller's key for a message never to be queued twice (reminders), unique; null for most. */
  dedupe_key?: string | null;
}

interface AuditLogTable extends RecordColumns {
  _version: Generated<number>;
  at: string;
  day: string;
  actor_kind: string;
  actor_id: number | null;
  actor_name: string | null;
  address: string | null;
  resource: string;
  record_id: number | null;
  action: string;
  /** JSON `{field: [old, new]}`. */
  changes: string | null;
}

interface UserTotpTable {
  user_id: number;
  secret: string;
  enabled_at: string | null;
  last_step: number | null;
  failures: Generated<number>;
  failures_since: string | null;
  created_at: string;
  updated_at: string;
}

interface TotpRecoveryCodesTable extends RecordColumns {
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** How a login began: with the password, or with a code e-mailed as a link (login by link, recovery). */
export type TicketOrigin = 'password' | 'code';

interface TwoFactorTicketsTable extends RecordColumns {
  user_id: number;
  ticket_hash: string;
  purpose: SecondFactorChallenge['secondFactor'];
  expires_at: string;
  attempts: Generated<number>;
  used_at: string | null;
  /** 007 */
  origin: Generated<TicketOrigin>;
}

export interface FilesTable extends RecordColumns {
  _version: Generated<number>;
  owner_resource: string | null;
  owner_record: number | null;
  owner_field: string | null;
  original_name: string;
  content_type: string;
  size: number;
  sha256: string;
  storage_key: string;
  /** An account, an API key, or the public applicant of a member application (uploaded_by is then the application's _id). */
  uploaded_by_kind: 'user' | 'apiKey' | 'applicant';
  uploaded_by: number;
}

/** A member's or an application's photo or PDF document (src/server/modules/member-files). */
export interface MemberFilesTable extends RecordColumns {
  kind: 'photo' | 'document';
  member: number | null;
  member_application: number | null;
  file: number;
  thumb_file: number | null;
  width: number | null;
  height: number | null;
}

export type JobState = JobProgress['state'];

/** Background jobs (src/server/jobs); payload and result are JSON text. */
export interface JobsTable extends RecordColumns {
  _version: Generated<number>;
  name: string;
  key: string;
  state: JobState;
  payload: string | null;
  result: string | null;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: string;
  lease_until: string | null;
  /** The claiming instance's name and its process's (jobs/instance.ts); null before the first claim. */
  claimed_by: string | null;
  claimed_process: string | null;
  progress: Generated<number>;
  total: number | null;
  last_error: string | null;
  started_at: string | null;
  finished_at: string | null;
  requested_by: number | null;
}

export interface FixedTables {
  schema_migrations: SchemaMigrationsTable;
  server_secrets: ServerSecretsTable;
  refresh_tokens: RefreshTokensTable;
  login_codes: LoginCodesTable;
  auth_attempts: AuthAttemptsTable;
  auth_known_addresses: AuthKnownAddressesTable;
  messages: MessagesTable;
  audit_log: AuditLogTable;
  user_totp: UserTotpTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  two_factor_tickets: TwoFactorTicketsTable;
  files: FilesTable;
  jobs: JobsTable;
  member_files: MemberFilesTable;
}

/**
 * Tables a domain module keeps beside its resources (join tables, counters, histories), declared
 * by the module that creates them, next to its migration: each augments this interface
 * (`declare module '../../db/tables.js' { interface ModuleTables { ... } }`, in the module's
 * tables.ts), so no central list names them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the modules (declaration merging).
export interface ModuleTables {}

/**
 * Columns of a resource table that no field names (hashes, snapshots, a provider's ids), by
 * table: declared by whoever adds the column, the engine here, the modules by augmenting this
 * interface as they do ModuleTables. A table is declared once.
 */
export interface StoredOnlyColumns {
  /** 001: the hash of the password (the write-only password field is not stored as such). 003: raised to end every session. */
  users: { password_hash: string | null; token_version: Generated<number> };
  /** 001: the secret is shown once; only its hash is kept. */
  api_secrets: { secret_hash: string };
}

/**
 * Columns a migration made NOT NULL whose field the definition does not mark required (the
 * server fills them: read-only amounts, states, a default), by table: a read gives them never
 * null. Declared by the migration's owner, as StoredOnlyColumns are; a table is declared once.
 */
export interface NotNullColumns {
  member_states: 'marksEnd';
  users: 'active';
  api_secrets: 'secret_prefix';
  saved_filters: 'query' | 'owner';
  settings: 'value';
}
