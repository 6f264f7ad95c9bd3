import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { ListItem } from '../../core/index.js';
import { space, token } from '../kit/index.js';
import type { Selection } from './selection.js';
import { LIST_TEXTS, selectRowLabel } from './texts.js';

const Cell = styled.td`
  width: 2.5rem;
  padding: ${space(1)} ${space(1)};
  vertical-align: top;
  border-bottom: 1px solid ${token('color-border')};
  input {
    width: 1.1rem;
    height: 1.1rem;
    margin: 0;
    cursor: pointer;
  }
`;
const HeaderCell = styled(Cell).attrs({ as: 'th' })`
  position: sticky;
  top: 0;
  z-index: 1;
  background: ${token('color-surface')};
`;

// Keys on a box are the box's: the row's own keys (Enter, Space open it) must not see them.
const keepKeys = (event: React.KeyboardEvent) => event.stopPropagation();

/** The header's box: every row of the page on or off (mixed when some are). */
export function SelectPageCell({ selection }: { selection: Selection }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = selection.page === 'some';
  }, [selection.page]);
  return (
    <HeaderCell scope="col">
      <input ref={box} type="checkbox" aria-label={LIST_TEXTS.selectPage} checked={selection.page === 'all'} onChange={() => selection.togglePage()} onKeyDown={keepKeys} />
    </HeaderCell>
  );
}

/** A row's box; shift-click picks the range from the last box clicked. */
export function SelectRowCell({ selection, row, index }: { selection: Selection; row: ListItem; index: number }) {
  const name = typeof row.name === 'string' && row.name ? row.name : `#${String(row._id)}`;
  return (
    <Cell onClick={(event) => event.stopPropagation()}>
      <input
        type="checkbox"
        aria-label={selectRowLabel(name)}
        checked={selection.allMatching || selection.ids.has(Number(row._id))}
        onChange={() => undefined}
        onClick={(event) => selection.toggle(index, event.shiftKey)}
        onKeyDown={keepKeys}
      />
    </Cell>
  );
}
