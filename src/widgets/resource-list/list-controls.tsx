import styled from 'styled-components';
import { Button, space } from '../kit/index.js';
import { RESOURCE_TEXTS } from '../shared/texts.js';
import { PageSize } from './page-size.js';
import { SearchBox } from './search-box.js';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${space(1.5)};
  margin-bottom: ${space(2)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)};
`;

export interface ListControlsProps {
  search: string;
  onSearch(value: string): void;
  limit: number;
  onLimit(limit: number): void;
  /** Number of active filters, shown on the button; null when the resource has none. */
  filterCount: number | null;
  filtersOpen: boolean;
  filtersId: string;
  onToggleFilters(): void;
  /** The host's toolbar has its own export and column buttons. */
  externalActions: boolean;
  columnsOpen: boolean;
  columnsId: string;
  onToggleColumns(): void;
  exporting: boolean;
  onExport(): void;
}

/** Search, rows per page and the buttons that open the filters, the columns and the export. */
export function ListControls(props: ListControlsProps) {
  return (
    <Bar data-no-print>
      <SearchBox value={props.search} onSearch={props.onSearch} />
      <PageSize value={props.limit} onChange={props.onLimit} />
      <Actions>
        {props.filterCount !== null && (
          <Button variant="secondary" aria-expanded={props.filtersOpen} aria-controls={props.filtersId} onClick={props.onToggleFilters}>
            {props.filterCount > 0 ? `${RESOURCE_TEXTS.filters} (${props.filterCount})` : RESOURCE_TEXTS.filters}
          </Button>
        )}
        {!props.externalActions && (
          <>
            <Button variant="secondary" aria-expanded={props.columnsOpen} aria-controls={props.columnsId} onClick={props.onToggleColumns}>
              {RESOURCE_TEXTS.columns}
            </Button>
            <Button variant="secondary" disabled={props.exporting} onClick={props.onExport}>
              {props.exporting ? RESOURCE_TEXTS.exporting : RESOURCE_TEXTS.export}
            </Button>
          </>
        )}
      </Actions>
    </Bar>
  );
}
