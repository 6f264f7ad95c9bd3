import { isIP } from 'node:net';
import path from 'node:path';

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

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const mode = env.ASSOCIA_MODE ?? 'test';
  if (mode !== 'test' && mode !== 'production') {
    throw new Error(`ASSOCIA_MODE must be "test" or "production", got "${mode}"`);
  }
  const port = intFrom(env.PORT, 8080, 'PORT');
  return {
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
    logRequests: env.ASSOCIA_LOG === 'true',
    embedOrigins: originsFrom(env.ASSOCIA_EMBED_ORIGINS),
    trustProxy: proxiesFrom(env.ASSOCIA_TRUST_PROXY),
    ...overrides,
  };
}
