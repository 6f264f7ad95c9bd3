import { useId } from 'react';
import styled from 'styled-components';
import type { ExplainerField } from '../../core/index.js';
import { focusRing, space, token } from '../kit/index.js';
import type { ReferenceCache } from '../shared/reference-cache.js';
import { RESOURCE_TEXTS } from '../shared/texts.js';
import { useReferenceOptions } from './reference-options.js';

const Group = styled.fieldset`
  margin: 0 0 ${space(2)};
  padding: 0;
  border: 0;
  min-width: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${space(0.5)};
  font-weight: 600;
`;

const Options = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)};
`;

const Chip = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${space(0.75)};
  padding: ${space(0.5)} ${space(1.25)};
  border: 1px solid ${token('color-border')};
  border-radius: 999px;
  cursor: pointer;
  &:has(input:checked) {
    border-color: ${token('color-primary')};
    background: color-mix(in srgb, ${token('color-primary')} 10%, ${token('color-background')});
  }
  &:has(input:disabled) {
    cursor: default;
  }
  input {
    margin: 0;
    ${focusRing}
  }
`;

const ErrorText = styled.p`
  margin: ${space(0.5)} 0 0;
  font-size: 0.875em;
  color: ${token('color-danger')};
`;

interface MultiSelectProps {
  field: ExplainerField;
  value: number[];
  disabled: boolean;
  error: string | undefined;
  cache: ReferenceCache;
  onChange(value: number[]): void;
}

/** Several references (e.g. tags) as a group of checkboxes named after the records. */
export function MultiSelect({ field, value, disabled, error, cache, onChange }: MultiSelectProps) {
  const errorId = useId();
  const options = useReferenceOptions(cache, field.ref);
  return (
    <Group aria-describedby={error ? errorId : undefined} data-field={field.name}>
      <Legend>{field.label}</Legend>
      <Options>
        {options?.length === 0 && <span>{RESOURCE_TEXTS.none}</span>}
        {options?.map((o) => (
          <Chip key={o.value}>
            <input
              type="checkbox"
              name={field.name}
              value={String(o.value)}
              checked={value.includes(o.value)}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              onChange={(event) => onChange(event.target.checked ? [...value, o.value] : value.filter((id) => id !== o.value))}
            />
            {o.label}
          </Chip>
        ))}
      </Options>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Group>
  );
}
