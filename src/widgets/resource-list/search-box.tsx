import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Input, Label, space } from '../kit/index.js';
import { RESOURCE_TEXTS } from '../shared/texts.js';
import { useDebounced } from '../shared/use-debounced.js';

/** Typing pauses this long before the list asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(0.5)};
  flex: 1 1 16rem;
  min-width: 12rem;
`;

interface SearchBoxProps {
  value: string;
  onSearch(value: string): void;
}

/** The list's search (`_search`), sent once typing pauses, or at once on Enter. */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const search = useDebounced((next: string) => {
    if (next.trim() !== value) onSearch(next.trim());
  }, SEARCH_DEBOUNCE_MS);
  // The query may change elsewhere (another element on the store, a reset).
  useEffect(() => setText(value), [value]);
  return (
    <Box>
      <Label htmlFor={id}>{RESOURCE_TEXTS.search}</Label>
      <Input
        id={id}
        type="search"
        value={text}
        placeholder={RESOURCE_TEXTS.searchPlaceholder}
        autoComplete="off"
        onChange={(event) => {
          setText(event.target.value);
          search(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') search.flush();
        }}
      />
    </Box>
  );
}
