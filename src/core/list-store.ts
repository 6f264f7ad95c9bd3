import { signal, type ReadonlySignal } from '@preact/signals-core';
import { LIST_AFTER, type ApiRecord, type ItemResponse, type ListResponse, type ValidationErrorResponse } from './contract.js';
import { LIST_ALL, LIST_MAX_LIMIT } from './constants.js';
import { ApiError, coreError } from './api-error.js';
import type { Http } from './http.js';
import { normalizeQuery, queryParams, type ListQuery } from './query.js';
import { MESSAGES } from './texts.js';

export type ListState = 'loading' | 'loaded' | 'not-loaded';

/** A record with its client-side index: its position in the whole result (page offset included). */
export type ListItem<T extends ApiRecord = ApiRecord> = T & { _index: number };

export type FieldErrors = Record<string, string>;

export type SaveResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Key under which a record's field errors are kept: its id, or 'new' before it has one. */
export function recordKey(record: { _id?: unknown }): string {
  return record._id === undefined || record._id === null || record._id === '' ? 'new' : String(record._id);
}

export interface ListStore<T extends ApiRecord = ApiRecord> {
  readonly resource: string;
  items: ReadonlySignal<ListItem<T>[]>;
  total: ReadonlySignal<number>;
  /** False when the server only estimated the total. */
  exact: ReadonlySignal<boolean>;
  state: ReadonlySignal<ListState>;
  query: ReadonlySignal<ListQuery>;
  errors: ReadonlySignal<Record<string, FieldErrors>>;
  load(): Promise<void>;
  /** Reloads with the current query, only if the list was ever loaded (realtime changes, after writes). */
  refresh(): Promise<void>;
  /** Changes the query and reloads; page goes back to 1 unless given. */
  setQuery(patch: Partial<ListQuery>): Promise<void>;
  setPage(page: number): Promise<void>;
  setLimit(limit: number): Promise<void>;
  setSort(sort: string): Promise<void>;
  setSearch(search: string): Promise<void>;
  setConstraints(constraints: ListQuery['constraints']): Promise<void>;
  /** Appends the next page (infinite scroll). */
  loadMore(): Promise<void>;
  /** GET {res}/{id}; null when the server has no such record (404). */
  read(id: string | number | null | undefined): Promise<T | null>;
  /** GET {parent}/{id}/{res}; an empty list on 404. */
  readNested(parent: string, parentId: string | number): Promise<T[]>;
  create(record: Partial<T>): Promise<SaveResult<T>>;
  update(record: Partial<T>): Promise<SaveResult<T>>;
  patch(id: string | number, fields: Partial<T>): Promise<SaveResult<T>>;
  remove(id: string | number): Promise<void>;
  /** POST {res}/validate; field errors are kept under the record's key. */
  validate(record: Partial<T>): Promise<boolean>;
  fieldErrors(key: string): FieldErrors;
  clearErrors(key?: string): void;
}

export interface ListStoreDeps {
  http: Http;
  /** Float32 and integer conversion from the explainer. */
  prepare(resource: string, record: Record<string, unknown>): Record<string, unknown>;
  initialQuery?: Partial<ListQuery>;
  /** Called when the user changes the page size or the sort, to remember them. */
  onLimitChange?(limit: number): void;
  onSortChange?(sort: string): void;
}

function enc(id: string | number): string {
  return encodeURIComponent(String(id));
}

/** The same list (sort, search, filters, page size): a cursor of one continues the other. */
const sameList = (a: ListQuery, b: ListQuery) =>
  a.limit === b.limit && a.sort === b.sort && a.search === b.search && JSON.stringify(a.constraints) === JSON.stringify(b.constraints);

export function createListStore<T extends ApiRecord = ApiRecord>(resource: string, deps: ListStoreDeps): ListStore<T> {
  const { http } = deps;
  const items = signal<ListItem<T>[]>([]);
  const total = signal(0);
  const exact = signal(true);
  const state = signal<ListState>('not-loaded');
  const query = signal<ListQuery>(normalizeQuery(deps.initialQuery ?? {}));
  const errors = signal<Record<string, FieldErrors>>({});
  let sequence = 0;
  let inflight: AbortController | null = null;
  let everLoaded = false;
  /** First page of what `items` holds: loadMore adds pages after it. */
  let firstPage = 1;
  /** The server's cursor (meta.next) for the page after `cursorEnds`, the query whose rows `items` ends with. */
  let cursor: { next: string; ends: ListQuery } | null = null;

  /**
   * The cursor that asks for `q` when it is the page right after the one `items` ends with:
   * moving forward one page then seeks from the last row instead of counting past every row
   * before it (and skips or repeats none when rows were added meanwhile). Jumps use `_page`.
   */
  function cursorTo(q: ListQuery): string | undefined {
    return cursor && q.limit !== LIST_ALL && q.page === cursor.ends.page + 1 && sameList(q, cursor.ends) ? cursor.next : undefined;
  }

  async function fetchPage(q: ListQuery, append: boolean): Promise<void> {
    // A newer query supersedes the one in flight; its abort is ignored like any other.
    inflight?.abort();
    const controller = new AbortController();
    inflight = controller;
    const mine = ++sequence;
    const before = state.value;
    state.value = 'loading';
    everLoaded = true;
    try {
      const params = queryParams(q);
      const after = cursorTo(q);
      if (after !== undefined) {
        delete params._page;
        params[LIST_AFTER] = after;
      }
      const res = await http.get<ListResponse<T>>(resource, { params, signal: controller.signal });
      if (mine !== sequence) return;
      const next = res.data?.meta?.next;
      cursor = typeof next === 'string' ? { next, ends: query.value } : null;
      const data = Array.isArray(res.data?.data) ? res.data.data : [];
      const offset = q.limit === LIST_ALL ? 0 : (q.page - 1) * q.limit;
      const indexed = data.map((record, i) => ({ ...record, _index: offset + i }));
      items.value = append ? [...items.value, ...indexed] : indexed;
      if (!append) firstPage = q.page;
      total.value = typeof res.data?.meta?.total === 'number' ? res.data.meta.total : data.length;
      exact.value = res.data?.meta?.exact !== false;
      state.value = 'loaded';
    } catch (e) {
      if (mine !== sequence) return;
      if (e instanceof ApiError && e.silent) {
        state.value = before === 'loading' ? 'not-loaded' : before;
      } else if (e instanceof ApiError && e.status === 404) {
        cursor = null;
        items.value = [];
        total.value = 0;
        exact.value = true;
        state.value = 'loaded';
      } else {
        state.value = 'not-loaded';
      }
    } finally {
      if (inflight === controller) inflight = null;
    }
  }

  function setQuery(patch: Partial<ListQuery>): Promise<void> {
    const next = normalizeQuery({ ...query.value, page: 1, ...patch });
    if (next.limit !== query.value.limit) deps.onLimitChange?.(next.limit);
    if (next.sort !== query.value.sort) deps.onSortChange?.(next.sort);
    query.value = next;
    return fetchPage(next, false);
  }

  function setErrors(key: string, fieldErrors: FieldErrors | null) {
    const next = { ...errors.value };
    if (fieldErrors && Object.keys(fieldErrors).length > 0) next[key] = fieldErrors;
    else delete next[key];
    errors.value = next;
  }

  function validationErrors(e: unknown): FieldErrors | null {
    if (!(e instanceof ApiError) || e.status !== 422) return null;
    const body = e.data as Partial<ValidationErrorResponse> | null;
    return body && typeof body.errors === 'object' && body.errors !== null ? body.errors : {};
  }

  async function save(key: string, send: () => Promise<{ data: ItemResponse<T> }>): Promise<SaveResult<T>> {
    try {
      const res = await send();
      setErrors(key, null);
      void refresh();
      return { ok: true, data: res.data?.data };
    } catch (e) {
      const fieldErrors = validationErrors(e);
      if (!fieldErrors) throw e;
      setErrors(key, fieldErrors);
      return { ok: false, errors: fieldErrors };
    }
  }

  const prepare = (record: Partial<T>) => deps.prepare(resource, record);

  function refresh(): Promise<void> {
    if (!everLoaded) return Promise.resolve();
    const q = query.value;
    const pages = q.limit === LIST_ALL ? 1 : q.page - firstPage + 1;
    if (pages <= 1) return fetchPage(q, false);
    // After loadMore the list holds several pages: reloading only the last would drop the
    // rows of the others from under the reader. Reload them all in one request where the
    // page size allows, otherwise start again from the first page.
    if (firstPage === 1 && pages * q.limit <= LIST_MAX_LIMIT) return fetchPage({ ...q, page: 1, limit: pages * q.limit }, false);
    query.value = { ...q, page: firstPage };
    return fetchPage(query.value, false);
  }

  return {
    resource,
    items,
    total,
    exact,
    state,
    query,
    errors,
    load: () => fetchPage(query.value, false),
    refresh,
    setQuery,
    setPage: (page) => setQuery({ page }),
    setLimit: (limit) => setQuery({ limit }),
    setSort: (sort) => setQuery({ sort }),
    setSearch: (search) => setQuery({ search }),
    setConstraints: (constraints) => setQuery({ constraints }),
    async loadMore() {
      const q = query.value;
      if (state.value === 'loading' || q.limit === LIST_ALL || items.value.length >= total.value) return;
      const next = { ...q, page: q.page + 1 };
      query.value = next;
      await fetchPage(next, true);
    },
    async read(id) {
      if (id === undefined || id === null || id === '') throw coreError(MESSAGES.missingId);
      try {
        const res = await http.get<ItemResponse<T>>(`${resource}/${enc(id)}`);
        return res.data?.data ?? null;
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        if (e instanceof ApiError && e.silent) throw e;
        throw coreError(MESSAGES.couldNotReadItem, e);
      }
    },
    async readNested(parent, parentId) {
      if (parentId === undefined || parentId === null || parentId === '') throw coreError(MESSAGES.missingId);
      try {
        const res = await http.get<ListResponse<T>>(`${parent}/${enc(parentId)}/${resource}`);
        return Array.isArray(res.data?.data) ? res.data.data : [];
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return [];
        if (e instanceof ApiError && e.silent) throw e;
        throw coreError(MESSAGES.couldNotReadItem, e);
      }
    },
    create: (record) => save(recordKey(record), () => http.post<ItemResponse<T>>(resource, prepare(record))),
    update(record) {
      if (recordKey(record) === 'new') return Promise.reject(coreError(MESSAGES.missingId));
      return save(recordKey(record), () => http.put<ItemResponse<T>>(`${resource}/${enc(String(record._id))}`, prepare(record)));
    },
    patch(id, fields) {
      if (id === undefined || id === null || id === '') return Promise.reject(coreError(MESSAGES.missingId));
      return save(String(id), () => http.patch<ItemResponse<T>>(`${resource}/${enc(id)}`, prepare(fields)));
    },
    async remove(id) {
      if (id === undefined || id === null || id === '') throw coreError(MESSAGES.missingId);
      try {
        await http.delete(`${resource}/${enc(id)}`);
      } catch (e) {
        if (e instanceof ApiError && e.silent) throw e;
        throw coreError(MESSAGES.failedToDelete, e);
      }
      setErrors(String(id), null);
      void refresh();
    },
    async validate(record) {
      const key = recordKey(record);
      try {
        await http.post(`${resource}/validate`, prepare(record));
        setErrors(key, null);
        return true;
      } catch (e) {
        const fieldErrors = validationErrors(e);
        if (!fieldErrors) throw e;
        setErrors(key, fieldErrors);
        return false;
      }
    },
    fieldErrors: (key) => errors.value[key] ?? {},
    clearErrors(key) {
      if (key === undefined) errors.value = {};
      else setErrors(key, null);
    },
  };
}
