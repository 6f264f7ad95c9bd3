import { signal, type ReadonlySignal } from '@preact/signals-core';
import { portugalFirst, RESOURCE, type ApiRecord, type Core, type ListResponse } from '../../core/index.js';

export interface ReferenceOption {
  value: number;
  label: string;
}

/** Names of referenced records, per resource, shared by every list and form on the page. */
export interface ReferenceCache {
  /** ref -> id -> display name. */
  labels: ReadonlySignal<Record<string, Record<string, string>>>;
  /** Every record of a reference as select options, once `loadOptions` has read them. */
  options: ReadonlySignal<Record<string, ReferenceOption[]>>;
  /** Reads the names of the ids not known yet (a list page shows names, never raw ids). */
  ensure(ref: string, ids: readonly number[]): Promise<void>;
  loadOptions(ref: string): Promise<ReferenceOption[]>;
}

// Ids per request: keeps the address short whatever the page size.
const IDS_PER_REQUEST = 100;

/** What a person recognises a record by: its name, or the nearest thing the resource has (a document's number). */
function recordLabel(record: Record<string, unknown>): string {
  for (const key of ['name', 'username', 'title', 'subject', 'label', 'code', 'number']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return `#${String(record._id)}`;
}

function createReferenceCache(core: Core): ReferenceCache {
  const labels = signal<Record<string, Record<string, string>>>({});
  const options = signal<Record<string, ReferenceOption[]>>({});
  const pendingIds = new Map<string, Set<number>>();
  const optionLoads = new Map<string, Promise<ReferenceOption[]>>();

  function remember(ref: string, records: readonly Record<string, unknown>[]) {
    const known = { ...labels.value[ref] };
    for (const record of records) known[String(record._id)] = recordLabel(record);
    labels.value = { ...labels.value, [ref]: known };
  }

  // A caller the explainer says may not list a resource (a member and the members) is never sent
  // to its list: the server would refuse it. Resources it does not describe are the server's call.
  const listable = (ref: string) => !(ref in core.explainer.resources.value) || core.explainer.reach(ref, 'list') !== 'none';

  async function fetchIds(ref: string, ids: number[]) {
    if (!listable(ref)) {
      // Their own record they may read one by one; any other is left unnamed.
      const readable = ids.filter((id) => core.explainer.may(ref, 'read', id));
      remember(ref, (await Promise.all(readable.map((id) => core.http.get<{ data: ApiRecord }>(`${ref}/${id}`)))).map((res) => res.data.data));
      return;
    }
    const search = new URLSearchParams({ _page: '1', _limit: '-1' });
    for (const id of ids) search.append('_id', String(id));
    // The server treats a repeated filter as "any of these values".
    const res = await core.http.get<ListResponse<ApiRecord>>(`${ref}?${search.toString()}`);
    const records = Array.isArray(res.data?.data) ? res.data.data : [];
    remember(ref, records);
  }

  // A record of a referenced resource changed elsewhere: its name may have changed too.
  core.realtime.subscribe('*', (_payload, topic) => {
    if (!topic.endsWith(' changed')) return;
    const ref = topic.slice(0, -' changed'.length);
    optionLoads.delete(ref);
    if (labels.value[ref]) {
      const { [ref]: _dropped, ...rest } = labels.value;
      labels.value = rest;
    }
  });

  return {
    labels,
    options,
    async ensure(ref, ids) {
      const known = labels.value[ref] ?? {};
      const pending = pendingIds.get(ref) ?? new Set<number>();
      pendingIds.set(ref, pending);
      const missing = [...new Set(ids)].filter((id) => Number.isFinite(id) && !(String(id) in known) && !pending.has(id));
      if (missing.length === 0) return;
      for (const id of missing) pending.add(id);
      try {
        for (let i = 0; i < missing.length; i += IDS_PER_REQUEST) await fetchIds(ref, missing.slice(i, i + IDS_PER_REQUEST));
      } finally {
        for (const id of missing) pending.delete(id);
      }
    },
    loadOptions(ref) {
      let load = optionLoads.get(ref);
      if (!load && !listable(ref)) {
        load = Promise.resolve([]);
        optionLoads.set(ref, load);
      }
      if (!load) {
        load = core.http
          .get<ListResponse<ApiRecord>>(ref, { params: { _page: 1, _limit: -1 } })
          .then((res) => {
            const records = Array.isArray(res.data?.data) ? res.data.data : [];
            remember(ref, records);
            const sorted = records
              .map((r) => ({ value: Number(r._id), label: recordLabel(r) }))
              .sort((a, b) => a.label.localeCompare(b.label, 'pt'));
            const list = ref === RESOURCE.countries ? portugalFirst(sorted, (o) => o.label) : sorted;
            options.value = { ...options.value, [ref]: list };
            return list;
          });
        // A failed load may be tried again.
        load.catch(() => optionLoads.delete(ref));
        optionLoads.set(ref, load);
      }
      return load;
    },
  };
}

const caches = new WeakMap<Core, ReferenceCache>();

/** The page's reference cache for a core. */
export function referenceCache(core: Core): ReferenceCache {
  let cache = caches.get(core);
  if (!cache) {
    cache = createReferenceCache(core);
    caches.set(core, cache);
  }
  return cache;
}
