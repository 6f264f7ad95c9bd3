import { useEffect, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { listQueryString, toggleSort, type ListItem } from '../../core/index.js';
import { openingSort } from './opening-sort.js';
import { EmptyState, ErrorState, Loading, space, token, useElementEvents, useSignalValue } from '../kit/index.js';
import { nameList } from '../shared/list-attribute.js';
import { referenceCache } from '../shared/reference-cache.js';
import { RESOURCE_TEXTS, rangeText, totalText } from '../shared/texts.js';
import { useCellLabels } from '../feature-kit/data-table.js';
import { useCore } from '../feature-kit/use-core.js';
import { useExplainerResource } from '../shared/use-explainer.js';
import { ActiveFilters } from './active-filters.js';
import { BulkBar } from './bulk-bar.js';
import { bulkFields } from './bulk-change.js';
import { ColumnChooser } from './column-chooser.js';
import { defaultColumns, filterFields, listableFields, visibleColumns } from './columns.js';
import { useCsvExport } from './use-csv-export.js';
import { Filters } from './filters.js';
import { ListControls } from './list-controls.js';
import { Pagination } from './pagination.js';
import { ResultsTable } from './results-table.js';
import { SavedFilters } from './saved-filters.js';
import { useAnnounceSelection, useSelection } from './selection.js';
import { useInfiniteScroll } from './use-infinite-scroll.js';
import { useListCommands } from './use-list-commands.js';
import { useReferenceLabels } from './use-reference-labels.js';
import { NothingYet } from './nothing-yet.js';

export interface ResourceListProps {
  /** Resource name as the API knows it, e.g. "members". */
  resource?: string;
  /** Where a row leads, ':id' replaced by the record's id, e.g. "/socios/:id". Absent: rows are not links. */
  editPath?: string;
  /** "pages" (default) or "infinite". */
  mode?: string;
  /** Default visible columns, comma-separated, until the user chooses others. */
  columns?: string;
  /** Accessible name of the table; defaults to the resource's label. */
  label?: string;
  /** "true" when the page's toolbar offers export and column settings (see shared/commands.ts). */
  externalActions?: boolean;
  /** "true": rows can be picked even where no bulk action is allowed (the page acts on them, e.g. prints). */
  selectable?: boolean;
  /** The order the list opens in ("-date": newest first) until the user sorts it otherwise. */
  sort?: string;
  /** What the list says while it has no records at all (no search or filter on). */
  emptyMessage?: string;
  /** JSON `[{path, label}]`: the ways forward offered beside `emptyMessage`. */
  emptyActions?: string;
}

const Summary = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${space(1)};
  margin-bottom: ${space(1)};
  color: ${token('color-text-muted')};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space(1.5)};
  margin-top: ${space(2)};
`;

const Scroll = styled.div<{ $infinite: boolean }>`
  /* The table reads this box's width to turn its rows into cards when narrow. */
  container: results / inline-size;
  overflow: auto;
  max-height: ${({ $infinite }) => ($infinite ? 'var(--associa-list-max-height, 70vh)' : 'none')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  &[aria-busy='true'] table {
    opacity: 0.6;
  }
  @media print {
    max-height: none;
    overflow: visible;
  }
`;

const ExportError = styled.div`
  margin-bottom: ${space(2)};
`;

/** The explainer-driven list of a resource: search, filters, sort, paging or infinite scroll, columns, CSV. */
export function ResourceList({ resource = '', editPath, mode, columns: preferred, label, externalActions = false, selectable: pickable = false, sort: opening, emptyMessage, emptyActions }: ResourceListProps) {
  const core = useCore();
  const cache = referenceCache(core);
  const dispatch = useElementEvents();
  const explainer = useExplainerResource(core, resource);
  const store = core.list(resource);
  const items = useSignalValue(store.items);
  const state = useSignalValue(store.state);
  const total = useSignalValue(store.total);
  const exact = useSignalValue(store.exact);
  const query = useSignalValue(store.query);
  const infinite = mode === 'infinite';
  const ids = { filters: useId(), columns: useId() };

  const [chosen, setChosen] = useState<string[] | null>(() => core.preferences.columns(resource));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const csvExport = useCsvExport(resource);
  const exporting = csvExport.progress !== null;
  // Until the first load answers, 'not-loaded' means "not asked yet", not a failure.
  const [asked, setAsked] = useState(false);
  // State, not a ref: the scroll listener must be attached again when the box first appears.
  const [scrollBox, setScrollBox] = useState<HTMLDivElement | null>(null);
  // The select-all box's heading says so beside it when the rows are cards.
  useCellLabels(scrollBox);

  useEffect(() => {
    if (!resource) return;
    setAsked(false);
    const sort = openingSort(core, store, opening);
    // Infinite scroll starts from the first page; paging keeps the page the user left.
    void (sort ? store.setSort(sort) : infinite ? store.setPage(1) : store.load()).finally(() => setAsked(true));
  }, [core, store, resource, infinite, opening]);

  const fields = explainer.entry?.fields;
  const listable = useMemo(() => listableFields(fields ?? []), [fields]);
  const defaults = useMemo(() => defaultColumns(fields ?? [], nameList(preferred)), [fields, preferred]);
  const columns = useMemo(() => visibleColumns(fields ?? [], chosen, defaults), [fields, chosen, defaults]);
  const filterable = useMemo(() => filterFields(fields ?? []), [fields]);
  const labels = useReferenceLabels(cache, columns, items);
  // A new search, filter or sort is a new set of rows: what was picked is let go.
  const selection = useSelection(items, listQueryString(query));
  const savedFilters = useExplainerResource(core, 'saved_filters').entry;
  useAnnounceSelection(resource, selection, listQueryString(query));

  const runExport = () => {
    if (explainer.entry) csvExport.run({ core, resource, label: label ?? explainer.entry.label, fields: columns, query: store.query.value, total: store.total.value });
  };

  useListCommands(resource, {
    onExport: runExport,
    onCancelExport: csvExport.cancel,
    onColumns: () => setColumnsOpen(true),
  });

  const canLoadMore = state === 'loaded' && items.length < total;
  useInfiniteScroll(scrollBox, {
    enabled: infinite,
    canLoadMore,
    loadMore: () => void store.loadMore(),
    contentKey: items.length,
  });

  if (explainer.status === 'failed') return <ErrorState message={RESOURCE_TEXTS.listError} onRetry={explainer.retry} />;
  if (explainer.status === 'loading') return <Loading />;
  if (!explainer.entry) return <ErrorState message={RESOURCE_TEXTS.unknownResource} />;

  const caption = label ?? explainer.entry.label;
  const chooseColumns = (next: string[]) => {
    setChosen(next);
    core.preferences.setColumns(resource, next);
  };
  const hrefOf = (row: ListItem) => (editPath ?? '').replace(':id', encodeURIComponent(String(row._id)));
  const open = editPath ? (row: ListItem) => dispatch('associa-navigate', { path: hrefOf(row) }) : undefined;
  const failed = asked && state === 'not-loaded';
  // Rows can be picked where the caller may change or delete them (the explainer says which).
  const { operations } = explainer.entry;
  const canDelete = operations !== undefined && operations.delete !== 'none';
  const changeFields = operations !== undefined && operations.update !== 'none' ? bulkFields(fields ?? []) : [];
  const selectable = pickable || canDelete || changeFields.length > 0;
  const first = items[0]?._index ?? 0;

  let body;
  if (failed) body = <ErrorState message={RESOURCE_TEXTS.listError} onRetry={() => void store.load()} />;
  else if (items.length === 0 && (state === 'loading' || !asked)) body = <Loading />;
  else if (items.length === 0) body = query.search.trim() === '' && Object.keys(query.constraints).length === 0 ? <NothingYet message={emptyMessage} actions={emptyActions} /> : <EmptyState />;
  else
    body = (
      <Scroll ref={setScrollBox} $infinite={infinite} aria-busy={state === 'loading'} data-scroll-box>
        <ResultsTable caption={caption} columns={columns} rows={items} sort={query.sort} labels={labels} onSort={(field) => void store.setSort(toggleSort(query.sort, field))} onOpen={open} hrefOf={hrefOf} selection={selectable ? selection : undefined} />
        {infinite && state === 'loading' && <Loading />}
      </Scroll>
    );

  return (
    <section aria-label={caption}>
      <ListControls
        search={query.search}
        onSearch={(value) => void store.setSearch(value)}
        limit={query.limit}
        onLimit={(limit) => void store.setLimit(limit)}
        filterCount={filterable.length > 0 ? Object.keys(query.constraints).length : null}
        filtersOpen={filtersOpen}
        filtersId={ids.filters}
        onToggleFilters={() => setFiltersOpen((o) => !o)}
        externalActions={externalActions}
        columnsOpen={columnsOpen}
        columnsId={ids.columns}
        onToggleColumns={() => setColumnsOpen((o) => !o)}
        exporting={exporting}
        onExport={runExport}
      />
      {filtersOpen && (
        <Filters id={ids.filters} fields={filterable} constraints={query.constraints} cache={cache} onChange={(c) => void store.setConstraints(c)} />
      )}
      {savedFilters && savedFilters.operations?.create !== 'none' && (
        <SavedFilters core={core} resource={resource} query={query} onApply={(patch) => void store.setQuery({ ...patch, page: 1 })} />
      )}
      <ActiveFilters
        query={query}
        fields={fields ?? []}
        declared={explainer.entry.filters ?? []}
        cache={cache}
        onSearch={(value) => void store.setSearch(value)}
        onConstraints={(c) => void store.setConstraints(c)}
      />
      {columnsOpen && (
        <ColumnChooser id={ids.columns} fields={listable} visible={columns.map((c) => c.name)} onChange={chooseColumns} onClose={() => setColumnsOpen(false)} />
      )}
      {csvExport.failed && (
        <ExportError>
          <ErrorState message={RESOURCE_TEXTS.exportFailed} onRetry={runExport} />
        </ExportError>
      )}
      <Summary role="status" aria-live="polite">
        <span data-total>{asked && !failed ? totalText(total, exact) : ''}</span>
        {!infinite && items.length > 0 && <span>{rangeText(first + 1, first + items.length)}</span>}
      </Summary>
      {selectable && (
        <BulkBar
          core={core}
          resource={resource}
          selection={selection}
          pageRows={items.length}
          total={total}
          query={query}
          changeFields={changeFields}
          canDelete={canDelete}
          cache={cache}
          onDone={() => void store.refresh()}
        />
      )}
      {body}
      {!infinite && items.length > 0 && (
        <Footer>
          <span />
          <Pagination
            page={query.page}
            limit={query.limit}
            total={total}
            exact={exact}
            pageFull={items.length >= query.limit}
            disabled={state === 'loading'}
            onPage={(page) => void store.setPage(page)}
          />
        </Footer>
      )}
    </section>
  );
}
