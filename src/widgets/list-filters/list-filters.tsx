import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import type { Core, ListQuery } from '../../core/index.js';
import { Input, Label, Select, space, useSignalValue } from '../kit/index.js';
import { FilterGroup } from '../feature-kit/groups.js';
import { useCore } from '../feature-kit/use-core.js';
import { useDebounced } from '../shared/use-debounced.js';
import { LIST_FILTERS_TEXTS as T, presetOf, type RangeFilter, type ToggleFilter } from './presets.js';

const FILTER_DEBOUNCE_MS = 400;

type Constraints = ListQuery['constraints'];

const Toggle = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  min-height: 2.4rem;
  cursor: pointer;
`;

/** One typed value: a range's bound, or a declared filter that takes a whole number. */
function Bound({ label, type, value, bounds, onChange }: { label: string; type: RangeFilter['type']; value: string; bounds?: { min: number; max: number }; onChange(value: string): void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const apply = useDebounced(onChange, FILTER_DEBOUNCE_MS);
  useEffect(() => setText(value), [value]);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type === 'date' ? 'date' : 'number'}
        min={type === 'integer' ? (bounds?.min ?? 0) : undefined}
        max={bounds?.max}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          // A date input changes only on a whole date; a number may be half typed.
          if (type === 'date') onChange(e.target.value);
          else apply(e.target.value);
        }}
      />
    </div>
  );
}

/**
 * The lists whose toggles this page has already set, per core. Toggles start ticked the first
 * time the filters are shown; later visits keep the user's choice. (The list element may have
 * made the list's store first, since both elements load on their own, so the store's initial
 * query cannot be relied on for this.)
 */
const toggled = new WeakMap<Core, Set<string>>();

function useStartTicked(core: Core, resource: string, toggles: readonly ToggleFilter[]): void {
  useEffect(() => {
    let done = toggled.get(core);
    if (!done) toggled.set(core, (done = new Set()));
    if (done.has(resource) || toggles.length === 0) return;
    done.add(resource);
    const store = core.list(resource);
    const constraints = store.query.value.constraints;
    if (toggles.every((toggle) => String(constraints[toggle.name]) === toggle.value)) return;
    void store.setConstraints({ ...constraints, ...Object.fromEntries(toggles.map((toggle) => [toggle.name, toggle.value])) });
  }, [core, resource, toggles]);
}

export interface ListFiltersProps {
  resource?: string;
  legend?: string;
}

/**
 * The filters the generic list's own panel does not offer: ranges (from, to), on/off filters,
 * and the filters the resource declares (the explainer's `filters`). They drive the same list
 * store as the list on the page, so its count, paging and CSV export follow them.
 */
export function ListFilters({ resource = '', legend }: ListFiltersProps) {
  const core = useCore();
  const preset = presetOf(resource);
  const { ranges, toggles } = preset;
  const store = core.list(resource, { constraints: Object.fromEntries(toggles.map((toggle) => [toggle.name, toggle.value])) });
  useStartTicked(core, resource, toggles);
  const query = useSignalValue(store.query);
  const declared = useSignalValue(core.explainer.resources)[resource]?.filters ?? [];
  const selectId = useId();
  const set = (name: string, value: string) => {
    const next: Constraints = { ...query.constraints };
    if (value === '') delete next[name];
    else next[name] = value;
    void store.setConstraints(next);
  };
  const current = (name: string) => (query.constraints[name] === undefined ? '' : String(query.constraints[name]));
  if (!resource || (ranges.length === 0 && declared.length === 0 && toggles.length === 0)) return null;
  return (
    <FilterGroup data-list-filters={resource}>
      <legend>{legend ?? preset.legend}</legend>
      {declared.map((filter) =>
        filter.integer ? (
          <Bound key={filter.name} label={filter.label} type="integer" bounds={filter.integer} value={current(filter.name)} onChange={(v) => set(filter.name, v)} />
        ) : (
          <div key={filter.name}>
            <Label htmlFor={`${selectId}-${filter.name}`}>{filter.label}</Label>
            <Select id={`${selectId}-${filter.name}`} value={current(filter.name)} onChange={(e) => set(filter.name, e.target.value)}>
              <option value="">{T.any}</option>
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </div>
        ),
      )}
      {toggles.map((toggle) => (
        <Toggle key={toggle.name}>
          <input type="checkbox" checked={current(toggle.name) === toggle.value} onChange={(e) => set(toggle.name, e.target.checked ? toggle.value : '')} />
          {toggle.label}
        </Toggle>
      ))}
      {ranges.flatMap((range) => [
        <Bound key={`${range.field}-gte`} label={range.from} type={range.type} value={current(`${range.field}_gte`)} onChange={(v) => set(`${range.field}_gte`, v)} />,
        <Bound key={`${range.field}-lte`} label={range.to} type={range.type} value={current(`${range.field}_lte`)} onChange={(v) => set(`${range.field}_lte`, v)} />,
      ])}
    </FilterGroup>
  );
}
