import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import type { ExplainerField } from '../../core/index.js';
import { Input, Label, Select, space, useSignalValue } from '../kit/index.js';
import type { ReferenceCache } from '../shared/reference-cache.js';
import { RESOURCE_TEXTS } from '../shared/texts.js';
import { useDebounced } from '../shared/use-debounced.js';

const FILTER_DEBOUNCE_MS = 400;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(0.5)};
`;

interface FilterControlProps {
  field: ExplainerField;
  value: string;
  cache: ReferenceCache;
  onChange(value: string): void;
}

function ReferenceOptions({ field, cache }: { field: ExplainerField; cache: ReferenceCache }) {
  const options = useSignalValue(cache.options)[field.ref ?? ''];
  useEffect(() => {
    if (field.ref) cache.loadOptions(field.ref).catch(() => undefined);
  }, [cache, field.ref]);
  return (
    <>
      {/* Keyed by place: a list may name one record twice (Portugal first, and in its place). */}
      {options?.map((o, i) => (
        <option key={`${i}:${o.value}`} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </>
  );
}

/**
 * One filter (`_{field}=value`, an exact match on the server): a choice for enums, references
 * and yes/no fields, a typed input otherwise. Choices apply at once, typing once it pauses.
 */
export function FilterControl({ field, value, cache, onChange }: FilterControlProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const apply = useDebounced(onChange, FILTER_DEBOUNCE_MS);
  useEffect(() => setText(value), [value]);

  let control;
  if (field.type === 'enum' || field.type === 'reference' || field.type === 'references' || field.type === 'boolean') {
    control = (
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{RESOURCE_TEXTS.any}</option>
        {field.type === 'boolean' && (
          <>
            <option value="true">{RESOURCE_TEXTS.yes}</option>
            <option value="false">{RESOURCE_TEXTS.no}</option>
          </>
        )}
        {field.type === 'enum' &&
          field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        {field.ref && <ReferenceOptions field={field} cache={cache} />}
      </Select>
    );
  } else {
    const type = field.type === 'date' ? 'date' : field.type === 'integer' || field.type === 'float32' ? 'number' : 'text';
    control = (
      <Input
        id={id}
        type={type}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          apply(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply.flush();
        }}
      />
    );
  }
  return (
    <Box>
      <Label htmlFor={id}>{field.label}</Label>
      {control}
    </Box>
  );
}
