// Names of the associates in the attendance list: the server's answer names them when it can;
// otherwise they are read once from the members (the page's reference cache, shared by lists).
import { useEffect } from 'react';
import type { AttendanceRow } from '../../../core/modules/assembly-session.js';
import { useSignalValue } from '../../kit/index.js';
import { useCore } from '../../feature-kit/use-core.js';
import { referenceCache } from '../../shared/reference-cache.js';
import { SESSION_TEXTS as T } from './texts.js';

const MEMBERS = 'members';

/** A function naming a member by id, for the rows given. */
export function useMemberNames(rows: readonly AttendanceRow[]): (id: number | null) => string {
  const core = useCore();
  const cache = referenceCache(core);
  const labels = useSignalValue(cache.labels)[MEMBERS] ?? {};
  const ids = rows.flatMap((row) => [row.member, row.represented_by]).filter((id): id is number => typeof id === 'number');
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (key) void cache.ensure(MEMBERS, key.split(',').map(Number)).catch(() => undefined);
  }, [cache, key, labels]);
  const given = new Map<number, string>();
  for (const row of rows) {
    if (row.name) given.set(row.member, row.name);
    if (row.represented_by !== null && row.represented_by_name) given.set(row.represented_by, row.represented_by_name);
  }
  return (id) => (id === null ? '' : (given.get(id) ?? labels[String(id)] ?? T.unknownMember(id)));
}
