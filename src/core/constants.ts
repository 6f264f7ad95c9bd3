// Business constants and limits of SPEC 9 (docs/requirements.md section 9), in one place.
// The list limits live in contract.ts because the server shares them; they are re-exported here.
export { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT, LIST_ALL, DEFAULT_SORT, PAGE_ADDRESS_HEADER } from './contract.js';

export const DEFAULT_API = '/api';

export const REQUEST_TIMEOUT_MS = 10_000;

export const FONT_SIZE_MIN = 12;
export const FONT_SIZE_MAX = 19;
/** Not in the spec; a middle value of the allowed range. */
export const FONT_SIZE_DEFAULT = 14;

export const REFRESH_GRACE_S = 86_400;
export const SETTINGS_RELOAD_THRESHOLD = 15;

export const SERVER_RETRY_MS = 3_000;
export const LOADING_DOTS_STEP_MS = 500;
export const RELOAD_AFTER_RECONNECT_MS = 500;

export const PING_INTERVAL_MS = 55_000;
export const UNREACHABLE_DELAY_MS = 1_000;
export const DEBUG_TOAST_MS = 3_000;

export const INFINITE_SCROLL_THROTTLE_MS = 200;
export const INFINITE_SCROLL_DISTANCE = 0;
export const INFINITE_SCROLL_IMMEDIATE_CHECK = true;

export const SENTRY_TRACES_SAMPLE_RATE = 0.2;
export const SENTRY_REPLAYS_SESSION_SAMPLE_RATE = 0.1;
export const SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE = 1;

/** Timings a core instance uses; tests may shorten them, production uses the spec values. */
export interface Timings {
  requestTimeoutMs: number;
  serverRetryMs: number;
  reloadAfterReconnectMs: number;
  pingIntervalMs: number;
  unreachableDelayMs: number;
  debugToastMs: number;
}

export const DEFAULT_TIMINGS: Readonly<Timings> = Object.freeze({
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  serverRetryMs: SERVER_RETRY_MS,
  reloadAfterReconnectMs: RELOAD_AFTER_RECONNECT_MS,
  pingIntervalMs: PING_INTERVAL_MS,
  unreachableDelayMs: UNREACHABLE_DELAY_MS,
  debugToastMs: DEBUG_TOAST_MS,
});

// Storage keys. `fontSize` is named by the spec; the others are ours.
export const STORAGE_KEYS = Object.freeze({
  access: 'access',
  refresh: 'refresh',
  fontSize: 'fontSize',
  listSize: 'listSize',
  /** sessionStorage, suffixed with the entity name. */
  columnsPrefix: 'columns:',
  sortPrefix: 'sort:',
});
