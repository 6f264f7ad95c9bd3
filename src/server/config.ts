import { isIP } from 'node:net';
import path from 'node:path';
import { FILE_STORE_KINDS, type FileStoreKind } from './files/store.js';

export type Mode = 'test' | 'production';

/** Everything the server reads from its environment, read once at start. */
export interface Config {
  port: number;
  host: string;
  /** Holds the SQLite file and uploaded files. */
  dataDir: string;
  /** PostgreSQL connection string; SQLite is used when absent. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema to use instead of `public` (tests isolate themselves this way). */
  pgSchema: string | undefined;
  mode: Mode;
  /** Password of the first admin account; random when absent. */
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  /** Sender address of outgoing e-mail. */
  mailFrom: string;
  sentryDsn: string | undefined;
  /** Public address of the back office, used in links sent by e-mail. */
  publicUrl: string;
  /** Largest accepted JSON body, in bytes. */
  bodyLimit: number;
  /** Largest accepted uploaded file (photo, PDF), in bytes. */
  maxUploadBytes: number;
  /** Print request logs. */
  logRequests: boolean;
  /**
   * Websites (origins such as https://associacao.pt) whose pages may call every endpoint, so
   * elements they embed work with a session or an API key. Empty: only public endpoints
   * answer other sites.
   */
  embedOrigins: readonly string[];
  /**
   * Proxies (addresses, CIDR ranges, or proxy-addr's names loopback, linklocal, uniquelocal)
   * whose X-Forwarded-For is believed. Empty: the client address is the connection's.
   */
  trustProxy: readonly string[];
  /** Timeouts and caps that keep idle, slow or numerous connections from starving the others. */
  connections: ConnectionConfig;
  /** How often each instance looks for scheduled and due background jobs (ms); an enqueue wakes it sooner. */
  jobsTickMs: number;
  /** How long a job run's claim holds without news before another instance may take it (ms). */
  jobLeaseMs: number;
  /** How often a running job renews its claim, progress or not (ms); below the lease, so only a dead instance loses it. */
  jobHeartbeatMs: number;
  /** This instance's name for its job claims (ASSOCIA_INSTANCE_ID); absent: made from the host and the data directory. */
  instanceId: string | undefined;
  /** ifthenpay's keys (ASSOCIA_IFTHENPAY_*); absent: payment requests use local Multibanco references. */
  ifthenpay: IfthenpayConfig | undefined;
  /** Where backups are written (ASSOCIA_BACKUP_DIR); absent: `<dataDir>/backups` (modules/backups/directory.ts). */
  backupDir?: string | undefined;
  /**
   * Where stored files' bytes live (ASSOCIA_FILE_STORE): `directory` (`<dataDir>/files`, the
   * default on SQLite), `database` (the default on PostgreSQL, so every instance reads every
   * file) or `s3` (with `s3`).
   */
  fileStore: FileStoreKind;
  /** The S3 bucket (ASSOCIA_S3_*); present when any of its variables is set, required by `fileStore` s3. */
  s3: S3Config | undefined;
}

/** An S3-compatible bucket, addressed path-style (`<endpoint>/<bucket>/<key>`), so any S3 server serves it. */
export interface S3Config {
  /** The server's address, such as https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Put before every key ('associa/'); empty: none. */
  prefix: string;
}

const S3_VARIABLES = ['ASSOCIA_S3_ENDPOINT', 'ASSOCIA_S3_BUCKET', 'ASSOCIA_S3_ACCESS_KEY_ID', 'ASSOCIA_S3_SECRET_ACCESS_KEY'] as const;

function s3From(env: NodeJS.ProcessEnv): S3Config | undefined {
  const given = [...S3_VARIABLES, 'ASSOCIA_S3_REGION', 'ASSOCIA_S3_PREFIX'].some((name) => env[name]?.trim());
  if (!given) return undefined;
  const missing = S3_VARIABLES.filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new Error(`S3 file store: ${missing.join(', ')} must be set too`);
  const endpoint = env.ASSOCIA_S3_ENDPOINT!.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new Error(`ASSOCIA_S3_ENDPOINT: "${endpoint}" is not an address such as https://s3.eu-west-1.amazonaws.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`ASSOCIA_S3_ENDPOINT: "${endpoint}" must start with https:// or http://`);
  const bucket = env.ASSOCIA_S3_BUCKET!.trim();
  // S3's bucket naming rules, so a typo is caught at start rather than at the first upload.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`ASSOCIA_S3_BUCKET: "${bucket}" is not a bucket name (3-63 lowercase letters, digits, dots and hyphens)`);
  const prefix = env.ASSOCIA_S3_PREFIX?.trim().replace(/^\/+/, '') ?? '';
  return {
    endpoint,
    region: env.ASSOCIA_S3_REGION?.trim() || 'us-east-1',
    bucket,
    accessKeyId: env.ASSOCIA_S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.ASSOCIA_S3_SECRET_ACCESS_KEY!.trim(),
    prefix,
  };
}

/** ASSOCIA_FILE_STORE, or the engine's default: the database on PostgreSQL (shared by every instance), the directory on SQLite. */
function fileStoreFrom(value: string | undefined, databaseUrl: string | undefined): FileStoreKind {
  if (value === undefined || value.trim() === '') return databaseUrl ? 'database' : 'directory';
  const kind = FILE_STORE_KINDS.find((k) => k === value.trim());
  if (!kind) throw new Error(`ASSOCIA_FILE_STORE must be ${FILE_STORE_KINDS.join(', ')}, got "${value}"`);
  return kind;
}

/**
 * A running job's lease and heartbeat: the heartbeat renews the lease, so a live instance keeps
 * its run however long a step takes, and a dead one's run is taken over once the lease runs out.
 */
function jobClaimsFrom(env: NodeJS.ProcessEnv): { jobLeaseMs: number; jobHeartbeatMs: number } {
  const jobLeaseMs = secondsFrom(env.ASSOCIA_JOB_LEASE_SECONDS, 30, 'ASSOCIA_JOB_LEASE_SECONDS') * 1000;
  const jobHeartbeatMs = secondsFrom(env.ASSOCIA_JOB_HEARTBEAT_SECONDS, Math.min(10, jobLeaseMs / 3000), 'ASSOCIA_JOB_HEARTBEAT_SECONDS') * 1000;
  if (jobHeartbeatMs >= jobLeaseMs) throw new Error('ASSOCIA_JOB_HEARTBEAT_SECONDS must be less than ASSOCIA_JOB_LEASE_SECONDS');
  return { jobLeaseMs, jobHeartbeatMs };
}

/** A payment provider's secrets: configuration only, never a setting, never shown back in full. */
export interface IfthenpayConfig {
  /** Base address of ifthenpay's API (a fake server's in tests). */
  url: string;
  mbKey: string;
  mbWayKey: string;
  /** The key ifthenpay puts in every callback, proving the callback is theirs. */
  antiPhishingKey: string;
}

function ifthenpayFrom(env: NodeJS.ProcessEnv): IfthenpayConfig | undefined {
  const mbKey = env.ASSOCIA_IFTHENPAY_MB_KEY ?? '';
  const mbWayKey = env.ASSOCIA_IFTHENPAY_MBWAY_KEY ?? '';
  if (!mbKey && !mbWayKey) return undefined;
  const antiPhishingKey = env.ASSOCIA_IFTHENPAY_ANTI_PHISHING_KEY ?? '';
  if (antiPhishingKey.length < 16) throw new Error('ASSOCIA_IFTHENPAY_ANTI_PHISHING_KEY must be set (at least 16 characters) with the ifthenpay keys');
  return { url: (env.ASSOCIA_IFTHENPAY_URL || 'https://ifthenpay.com').replace(/\/+$/, ''), mbKey, mbWayKey, antiPhishingKey };
}

/** Times in milliseconds; a cap of 0 means no cap. */
export interface ConnectionConfig {
  /** Longest wait for a request's headers, counted from the connection or the request's first byte. */
  headersTimeoutMs: number;
  /** Longest wait for a whole request, headers and body. */
  requestTimeoutMs: number;
  /** How long a kept-alive connection may wait idle for its next request. */
  keepAliveTimeoutMs: number;
  /** A connection with no traffic either way for this long is closed (websockets excepted: they ping). */
  idleTimeoutMs: number;
  /** Connections open at once, in total. */
  maxConnections: number;
  /** Connections open at once from one address (not from a trusted proxy: it carries every client). */
  maxConnectionsPerAddress: number;
  /** Realtime sockets open at once from one address. */
  maxRealtimePerAddress: number;
  /** Realtime sockets authenticated at once as one account or API key. */
  maxRealtimePerAccount: number;
}

/** `https://a.pt, https://b.pt/` -> the origins, checked, without trailing slashes. */
function originsFrom(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value.split(',').map((raw) => {
    const text = raw.trim();
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new Error(`ASSOCIA_EMBED_ORIGINS: "${text}" is not an address such as https://associacao.pt`);
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.hash) {
      throw new Error(`ASSOCIA_EMBED_ORIGINS: "${text}" must be an origin only, such as https://associacao.pt`);
    }
    return url.origin;
  });
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** `10.0.0.1, 192.168.0.0/16` -> the entries, each checked, for Fastify's trustProxy. */
function proxiesFrom(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value.split(',').map((raw) => {
    const entry = raw.trim();
    const [address = '', bits, ...rest] = entry.split('/');
    const version = isIP(address);
    const maxBits = version === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (PROXY_NAMES.includes(entry) || (version !== 0 && validBits && rest.length === 0)) return entry;
    throw new Error(`ASSOCIA_TRUST_PROXY: "${entry}" is not an address, a CIDR range (10.0.0.0/8) or one of ${PROXY_NAMES.join(', ')}`);
  });
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function positiveFrom(value: string | undefined, fallback: number, name: string): number {
  const n = intFrom(value, fallback, name);
  if (n === 0) throw new Error(`${name} must be a positive number of milliseconds`);
  return n;
}

function secondsFrom(value: string | undefined, fallback: number, name: string): number {
  const n = intFrom(value, fallback, name);
  if (n === 0) throw new Error(`${name} must be a positive number of seconds`);
  return n;
}

function byteCountFrom(value: string | undefined, fallback: number, name: string): number {
  const n = intFrom(value, fallback, name);
  if (n === 0) throw new Error(`${name} must be a positive number of bytes`);
  return n;
}

function connectionsFrom(env: NodeJS.ProcessEnv): ConnectionConfig {
  const headersTimeoutMs = positiveFrom(env.ASSOCIA_HEADERS_TIMEOUT, 20_000, 'ASSOCIA_HEADERS_TIMEOUT');
  const requestTimeoutMs = positiveFrom(env.ASSOCIA_REQUEST_TIMEOUT, 60_000, 'ASSOCIA_REQUEST_TIMEOUT');
  // Node refuses a headers timeout longer than the request's, which includes the headers.
  if (headersTimeoutMs > requestTimeoutMs) throw new Error('ASSOCIA_HEADERS_TIMEOUT must not exceed ASSOCIA_REQUEST_TIMEOUT');
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: positiveFrom(env.ASSOCIA_KEEP_ALIVE_TIMEOUT, 10_000, 'ASSOCIA_KEEP_ALIVE_TIMEOUT'),
    idleTimeoutMs: positiveFrom(env.ASSOCIA_IDLE_TIMEOUT, 120_000, 'ASSOCIA_IDLE_TIMEOUT'),
    maxConnections: intFrom(env.ASSOCIA_MAX_CONNECTIONS, 800, 'ASSOCIA_MAX_CONNECTIONS'),
    maxConnectionsPerAddress: intFrom(env.ASSOCIA_MAX_CONNECTIONS_PER_ADDRESS, 100, 'ASSOCIA_MAX_CONNECTIONS_PER_ADDRESS'),
    maxRealtimePerAddress: intFrom(env.ASSOCIA_MAX_REALTIME_PER_ADDRESS, 50, 'ASSOCIA_MAX_REALTIME_PER_ADDRESS'),
    maxRealtimePerAccount: intFrom(env.ASSOCIA_MAX_REALTIME_PER_ACCOUNT, 20, 'ASSOCIA_MAX_REALTIME_PER_ACCOUNT'),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const mode = env.ASSOCIA_MODE ?? 'test';
  if (mode !== 'test' && mode !== 'production') {
    throw new Error(`ASSOCIA_MODE must be "test" or "production", got "${mode}"`);
  }
  const port = intFrom(env.PORT, 8080, 'PORT');
  const config: Omit<Config, 'fileStore'> = {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.ASSOCIA_DATA ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    pgSchema: env.ASSOCIA_PG_SCHEMA || undefined,
    mode,
    adminPassword: env.ASSOCIA_ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Associa <noreply@associa.localhost>',
    sentryDsn: env.SENTRY_DSN || undefined,
    publicUrl: (env.ASSOCIA_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    bodyLimit: intFrom(env.ASSOCIA_BODY_LIMIT, 1024 * 1024, 'ASSOCIA_BODY_LIMIT'),
    maxUploadBytes: byteCountFrom(env.ASSOCIA_MAX_UPLOAD_BYTES, 10 * 1024 * 1024, 'ASSOCIA_MAX_UPLOAD_BYTES'),
    logRequests: env.ASSOCIA_LOG === 'true',
    embedOrigins: originsFrom(env.ASSOCIA_EMBED_ORIGINS),
    trustProxy: proxiesFrom(env.ASSOCIA_TRUST_PROXY),
    connections: connectionsFrom(env),
    jobsTickMs: positiveFrom(env.ASSOCIA_JOBS_TICK, 30_000, 'ASSOCIA_JOBS_TICK'),
    ...jobClaimsFrom(env),
    instanceId: env.ASSOCIA_INSTANCE_ID?.trim() || undefined,
    ifthenpay: ifthenpayFrom(env),
    backupDir: env.ASSOCIA_BACKUP_DIR ? path.resolve(env.ASSOCIA_BACKUP_DIR) : undefined,
    s3: s3From(env),
    ...overrides,
  };
  // The default follows the database actually used, overrides included (a test's own engine).
  const fileStore = overrides.fileStore ?? fileStoreFrom(env.ASSOCIA_FILE_STORE, config.databaseUrl);
  if (fileStore === 's3' && !config.s3) throw new Error(`ASSOCIA_FILE_STORE=s3 needs ${S3_VARIABLES.join(', ')}`);
  return { ...config, fileStore };
}
