import { useId } from 'react';
import styled from 'styled-components';
import { LIST_ALL } from '../../core/index.js';
import { Label, Select, space } from '../kit/index.js';
import { RESOURCE_TEXTS } from '../shared/texts.js';

const PAGE_SIZES = [10, 25, 50, 100, 250, 500] as const;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(0.5)};
  flex: 0 0 auto;
`;

// 'Todos' (-1) goes last.
const rank = (size: number) => (size === LIST_ALL ? Number.POSITIVE_INFINITY : size);

interface PageSizeProps {
  value: number;
  onChange(size: number): void;
}

/** Rows per page; the store keeps the choice in local storage for every list. */
export function PageSize({ value, onChange }: PageSizeProps) {
  const id = useId();
  // A size chosen elsewhere (e.g. stored from another list) is still offered.
  const sizes: number[] = PAGE_SIZES.includes(value as (typeof PAGE_SIZES)[number]) ? [...PAGE_SIZES] : [...PAGE_SIZES, value].sort((a, b) => rank(a) - rank(b));
  return (
    <Box>
      <Label htmlFor={id}>{RESOURCE_TEXTS.pageSize}</Label>
      <Select id={id} value={String(value)} onChange={(event) => onChange(Number(event.target.value))}>
        {sizes.map((size) => (
          <option key={size} value={String(size)}>
            {size === LIST_ALL ? RESOURCE_TEXTS.any : size}
          </option>
        ))}
      </Select>
    </Box>
  );
}
