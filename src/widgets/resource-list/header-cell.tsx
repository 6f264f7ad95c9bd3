import styled from 'styled-components';
import type { ExplainerField } from '../../core/index.js';
import { focusRing, space, token } from '../kit/index.js';

export type SortDirection = 'ascending' | 'descending' | 'none';

const Th = styled.th`
  position: sticky;
  top: 0;
  z-index: 1;
  padding: ${space(1)} ${space(1.5)};
  text-align: left;
  font-weight: 600;
  white-space: nowrap;
  background: ${token('color-surface')};
  border-bottom: 2px solid ${token('color-border')};
`;

const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${space(0.5)};
  padding: 0;
  font: inherit;
  font-weight: 600;
  color: inherit;
  background: none;
  border: 0;
  cursor: pointer;
  &:hover {
    color: ${token('color-primary')};
  }
  ${focusRing}
`;

const Arrow = styled.span<{ $active: boolean }>`
  display: inline-block;
  width: 1em;
  color: ${({ $active }) => ($active ? token('color-primary') : token('color-text-muted'))};
`;

const ARROWS: Record<SortDirection, string> = { ascending: '▲', descending: '▼', none: '↕' };

interface HeaderCellProps {
  field: ExplainerField;
  direction: SortDirection;
  onSort(field: string): void;
}

/** A column header; sortable columns are buttons and carry aria-sort. */
export function HeaderCell({ field, direction, onSort }: HeaderCellProps) {
  if (!field.sortable) return <Th scope="col">{field.label}</Th>;
  return (
    <Th scope="col" aria-sort={direction}>
      <SortButton type="button" data-sort={field.name} onClick={() => onSort(field.name)}>
        {field.label}
        <Arrow aria-hidden="true" $active={direction !== 'none'}>
          {ARROWS[direction]}
        </Arrow>
      </SortButton>
    </Th>
  );
}
