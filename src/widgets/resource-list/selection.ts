import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ListItem } from '../../core/index.js';
import { useElementEvents } from '../kit/index.js';

/** Rows a person picked: some by id, or every row the list's query matches. */
export interface Selection {
  ids: ReadonlySet<number>;
  /** Every match of the query, on every page ('Selecionar todos os N'). */
  allMatching: boolean;
  /** Rows picked, given how many the query matches. */
  count(total: number): number;
  /** A row's box clicked; with shift, every row between the last one clicked and this one takes its new state. */
  toggle(index: number, shift: boolean): void;
  /** Every row of the page on, or (when they all are) off. */
  togglePage(): void;
  page: 'all' | 'some' | 'none';
  selectAllMatching(): void;
  clear(): void;
}

const idOf = (row: ListItem) => Number(row._id);

/** The rows of `from`..`to` (either order) set on or off. */
function withRange(ids: ReadonlySet<number>, rows: readonly ListItem[], from: number, to: number, on: boolean): Set<number> {
  const next = new Set(ids);
  for (let i = Math.min(from, to); i <= Math.max(from, to); i += 1) {
    const row = rows[i];
    if (!row) continue;
    if (on) next.add(idOf(row));
    else next.delete(idOf(row));
  }
  return next;
}

/** Selection of a list's rows; a new search, filter or sort (`queryKey`) starts it afresh. */
export function useSelection(rows: readonly ListItem[], queryKey: string): Selection {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const anchor = useRef<number | null>(null);

  const clear = useCallback(() => {
    setIds(new Set());
    setAllMatching(false);
    anchor.current = null;
  }, []);
  useEffect(clear, [queryKey, clear]);

  const onPage = rows.filter((row) => ids.has(idOf(row))).length;
  const page = rows.length > 0 && onPage === rows.length ? 'all' : onPage > 0 ? 'some' : 'none';

  return useMemo<Selection>(
    () => ({
      ids,
      allMatching,
      page,
      count: (total) => (allMatching ? total : ids.size),
      toggle(index, shift) {
        const row = rows[index];
        if (!row) return;
        const on = !ids.has(idOf(row));
        setAllMatching(false);
        setIds(withRange(ids, rows, shift && anchor.current !== null ? anchor.current : index, index, on));
        anchor.current = index;
      },
      togglePage() {
        setAllMatching(false);
        setIds(withRange(ids, rows, 0, rows.length - 1, page !== 'all'));
      },
      selectAllMatching() {
        setIds(withRange(ids, rows, 0, rows.length - 1, true));
        setAllMatching(true);
      },
      clear,
    }),
    [ids, allMatching, page, rows, clear],
  );
}

declare module '../kit/events.js' {
  interface AssociaEventMap {
    /** The rows picked in a list changed: their ids, or every match of `query` when `all`. */
    'associa-selection': { resource: string; ids: number[]; all: boolean; query: string };
  }
}

/** Tells the page which rows are picked (it may act on them: cards print the picked ones). */
export function useAnnounceSelection(resource: string, selection: Selection, query: string) {
  const dispatch = useElementEvents();
  const { ids, allMatching } = selection;
  useEffect(() => {
    dispatch('associa-selection', { resource, ids: [...ids], all: allMatching, query });
  }, [dispatch, resource, ids, allMatching, query]);
}
