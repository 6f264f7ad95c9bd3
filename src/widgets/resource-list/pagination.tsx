import styled from 'styled-components';
import { Button, space, token } from '../kit/index.js';
import { pageOf, RESOURCE_TEXTS } from '../shared/texts.js';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)};
`;

const Current = styled.span`
  padding: 0 ${space(1)};
  color: ${token('color-text-muted')};
`;

interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  /** False when the total is an estimate: the last page is then unknown. */
  exact: boolean;
  /** The current page came back full: with an estimated total, the only sign of a next one. */
  pageFull: boolean;
  disabled: boolean;
  onPage(page: number): void;
}

/** Server-side paging: first, previous, the current page, next, last. */
export function Pagination({ page, limit, total, exact, pageFull, disabled, onPage }: PaginationProps) {
  const pages = limit > 0 ? Math.max(1, Math.ceil(total / limit)) : 1;
  const hasNext = exact ? page < pages : pageFull;
  if (pages <= 1 && exact) return null;
  return (
    <Nav aria-label={RESOURCE_TEXTS.pagination}>
      <Button variant="secondary" disabled={disabled || page <= 1} onClick={() => onPage(1)}>
        {RESOURCE_TEXTS.first}
      </Button>
      <Button variant="secondary" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        {RESOURCE_TEXTS.previous}
      </Button>
      <Current>{exact ? pageOf(page, pages) : `Página ${page}`}</Current>
      <Button variant="secondary" disabled={disabled || !hasNext} onClick={() => onPage(page + 1)}>
        {RESOURCE_TEXTS.next}
      </Button>
      {exact && (
        <Button variant="secondary" disabled={disabled || page >= pages} onClick={() => onPage(pages)}>
          {RESOURCE_TEXTS.last}
        </Button>
      )}
    </Nav>
  );
}
