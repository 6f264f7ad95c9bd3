import { isApiError, STALE_VERSION_CODE, type ApiRecord } from '../../core/index.js';

/** A record's version (`_version`, raised by every update), or null from a server without versions. */
function recordVersion(record: Record<string, unknown> | null | undefined): number | null {
  const version = record?._version;
  return typeof version === 'number' && Number.isFinite(version) ? version : null;
}

/**
 * Whether `fresh` is a later state of the record than `known`: a higher version, or, from a
 * server without versions, any difference.
 */
export function isNewer(fresh: ApiRecord, known: ApiRecord | null): boolean {
  if (!known) return false;
  const a = recordVersion(fresh);
  const b = recordVersion(known);
  if (a !== null && b !== null) return a > b;
  const { _index: _a, ...freshRest } = fresh;
  const { _index: _b, ...knownRest } = known;
  return JSON.stringify(freshRest) !== JSON.stringify(knownRest);
}

/**
 * A save refused because someone else saved first (409 stale_version): with the record as it
 * is stored now when the answer carried it. Null for any other failure.
 */
export function staleVersion(e: unknown): { current: ApiRecord | null } | null {
  if (!isApiError(e) || e.status !== 409) return null;
  const body = e.data as { code?: unknown; data?: unknown } | null;
  if (!body || body.code !== STALE_VERSION_CODE) return null;
  const current = body.data;
  return { current: current !== null && typeof current === 'object' && '_id' in current ? (current as ApiRecord) : null };
}
