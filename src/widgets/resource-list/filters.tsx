import styled from 'styled-components';
import type { ExplainerField, ListQuery } from '../../core/index.js';
import { Button, space } from '../kit/index.js';
import type { ReferenceCache } from '../shared/reference-cache.js';
import { RESOURCE_TEXTS } from '../shared/texts.js';
import { ControlPanel, ControlPanelLegend } from './control-panel.js';
import { FilterControl } from './filter-control.js';

const Panel = styled(ControlPanel)`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: ${space(1.5)} ${space(2)};
`;

const Actions = styled.div`
  display: flex;
  align-items: flex-end;
`;

type Constraints = ListQuery['constraints'];

interface FiltersProps {
  id: string;
  fields: readonly ExplainerField[];
  constraints: Constraints;
  cache: ReferenceCache;
  onChange(constraints: Constraints): void;
}

/** Filters for the resource's filterable fields; an empty value removes the filter. */
export function Filters({ id, fields, constraints, cache, onChange }: FiltersProps) {
  const set = (name: string, value: string) => {
    const next = { ...constraints };
    if (value === '') delete next[name];
    else next[name] = value;
    onChange(next);
  };
  return (
    <Panel id={id}>
      <ControlPanelLegend>{RESOURCE_TEXTS.filters}</ControlPanelLegend>
      {fields.map((field) => (
        <FilterControl
          key={field.name}
          field={field}
          value={constraints[field.name] === undefined ? '' : String(constraints[field.name])}
          cache={cache}
          onChange={(value) => set(field.name, value)}
        />
      ))}
      <Actions>
        <Button variant="secondary" disabled={Object.keys(constraints).length === 0} onClick={() => onChange({})}>
          {RESOURCE_TEXTS.clearFilters}
        </Button>
      </Actions>
    </Panel>
  );
}
