import type { Migration } from '../migrate.js';
import { core } from './001_core.js';
import { authThrottle } from './002_auth_throttle.js';
import { sessions } from './003_sessions.js';
import { totp } from './004_totp.js';
import { audit } from './005_audit.js';
import { recordVersions } from './006_record_versions.js';
import { ticketOrigin } from './007_ticket_origin.js';
import { files } from './008_files.js';
import { jobs } from './009_jobs.js';
import { portugueseOrder } from './021_portuguese_order.js';
import { phoneE164 } from './022_phone_e164.js';
import { keysetOrderIndexes } from './026_keyset_order_indexes.js';
import { jobsClaimer } from './038_jobs_claimer.js';
import { storedFileChunks } from './039_stored_file_chunks.js';
import { rateLimitWindows } from './040_rate_limit_windows.js';

/** Every migration, in order. A released migration is never edited: add a new one. */
export const migrations: readonly Migration[] = [
  core,
  authThrottle,
  sessions,
  totp,
  audit,
  recordVersions,
  ticketOrigin,
  files,
  jobs,
  portugueseOrder,
  phoneE164,
  keysetOrderIndexes,
  jobsClaimer,
  storedFileChunks,
  rateLimitWindows,
];
