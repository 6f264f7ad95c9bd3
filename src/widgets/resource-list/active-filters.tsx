import { useEffect } from 'react';
import styled from 'styled-components';
import type { ExplainerField, ExplainerFilter, ListQuery } from '../../core/index.js';
import { space, token, useSignalValue } from '../kit/index.js';
import type { ReferenceCache } from '../shared/reference-cache.js';
import { formatValue } from '../shared/format.js';
import { LIST_TEXTS, removeFilterLabel } from './texts.js';

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)};
  margin: 0 0 ${space(1.5)};
  padding: 0;
  list-style: none;
`;

const Chip = styled.li`
  display: inline-flex;
  align-items: center;
  gap: ${space(0.5)};
  padding: ${space(0.25)} ${space(0.5)} ${space(0.25)} ${space(1)};
  border: 1px solid ${token('color-border')};
  border-radius: 999px;
  background: ${token('color-surface')};
  button {
    min-width: 1.75rem;
    min-height: 1.75rem;
    border: 0;
    border-radius: 50%;
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
    &:hover {
      background: ${token('color-border')};
    }
    &:focus-visible {
      outline: 2px solid ${token('color-focus')};
      outline-offset: 1px;
    }
  }
`;

export interface ChipItem {
  /** The constraint's key (`state`, `created_at_gte`), or '' for the search. */
  key: string;
  label: string;
  value: string;
}

const RANGE = /^(.+)_(gte|lte)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Each active filter as a person reads it: the field's label (and range side) and its value in words. */
function chipsOf(query: Pick<ListQuery, 'search' | 'constraints'>, fields: readonly ExplainerField[], declared: readonly ExplainerFilter[], labels: Record<string, Record<string, string>>): ChipItem[] {
  const chips: ChipItem[] = query.search ? [{ key: '', label: LIST_TEXTS.search, value: query.search }] : [];
  for (const [key, raw] of Object.entries(query.constraints)) {
    const filter = declared.find((d) => d.name === key);
    if (filter) {
      chips.push({ key, label: filter.label, value: filter.options.find((o) => o.value === String(raw))?.label ?? String(raw) });
      continue;
    }
    const range = RANGE.exec(key);
    const field = fields.find((f) => f.name === key) ?? (range ? fields.find((f) => f.name === range[1]) : undefined);
    if (!field) {
      chips.push({ key, label: key, value: String(raw) });
      continue;
    }
    const label = field.name === key ? field.label : `${field.label} ${range![2] === 'gte' ? LIST_TEXTS.from : LIST_TEXTS.to}`;
    const value = field.ref ? Number(raw) : raw;
    // A day given as the bound of a date-and-time field reads as that day, with no time.
    const shownAs = range && DAY.test(String(raw)) ? { ...field, type: 'date' as const } : field;
    chips.push({ key, label, value: formatValue(shownAs, value, field.ref ? labels[field.ref] : undefined) || String(raw) });
  }
  return chips;
}

interface ActiveFiltersProps {
  query: Pick<ListQuery, 'search' | 'constraints'>;
  fields: readonly ExplainerField[];
  declared: readonly ExplainerFilter[];
  cache: ReferenceCache;
  onSearch(value: string): void;
  onConstraints(constraints: ListQuery['constraints']): void;
}

/** The search and each filter in force as a chip with a button that removes it. */
export function ActiveFilters({ query, fields, declared, cache, onSearch, onConstraints }: ActiveFiltersProps) {
  const labels = useSignalValue(cache.labels);
  useEffect(() => {
    for (const [key, raw] of Object.entries(query.constraints)) {
      const ref = fields.find((f) => f.name === key)?.ref;
      if (ref && Number.isInteger(Number(raw))) cache.ensure(ref, [Number(raw)]).catch(() => undefined);
    }
  }, [cache, fields, query.constraints]);
  const chips = chipsOf(query, fields, declared, labels);
  if (chips.length === 0) return null;
  const remove = (key: string) => {
    if (key === '') return onSearch('');
    const next = { ...query.constraints };
    delete next[key];
    onConstraints(next);
  };
  return (
    <Chips aria-label={LIST_TEXTS.activeFilters}>
      {chips.map((chip) => (
        <Chip key={chip.key || '#search'} data-chip={chip.key || '_search'}>
          <span>
            {chip.label}: <strong>{chip.value}</strong>
          </span>
          <button type="button" aria-label={removeFilterLabel(chip.label, chip.value)} onClick={() => remove(chip.key)}>
            ×
          </button>
        </Chip>
      ))}
    </Chips>
  );
}
