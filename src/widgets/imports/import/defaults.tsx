// Values for every row: a field no column fills (every member of the file in one fee category),
// or the rows whose cell for it is empty. Folded away until wanted, open when one is set.
import { useId, useState } from 'react';
import styled from 'styled-components';
import type { ImportDefaults, ImportField } from '../../../core/index.js';
import { Field, Input, space, token } from '../../kit/index.js';
import { IMPORT_TEXTS as T } from '../texts.js';

const Box = styled.details`
  margin: 0 0 ${space(2)};
  max-width: 48rem;
  summary {
    cursor: pointer;
    font-weight: 600;
  }
  & > p {
    margin: ${space(1)} 0 ${space(2)};
    color: ${token('color-text-muted')};
    font-size: 0.9rem;
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(16rem, 100%), 1fr));
  gap: 0 ${space(2)};
`;

export interface DefaultsProps {
  fields: readonly ImportField[];
  defaults: ImportDefaults;
  disabled: boolean;
  onChange(field: string, value: string): void;
}

export function Defaults({ fields, defaults, disabled, onChange }: DefaultsProps) {
  const hintId = useId();
  const [open, setOpen] = useState(() => Object.values(defaults).some((value) => value.trim() !== ''));
  return (
    <Box open={open} onToggle={(event) => setOpen(event.currentTarget.open)} data-defaults="">
      <summary>{T.defaultsTitle}</summary>
      <p id={hintId}>{T.defaultsHint}</p>
      {open && (
        <Grid>
          {fields.map((field) => (
            <Field key={field.key} label={field.label} hint={field.hint || undefined}>
              {(control) => <Input {...control} value={defaults[field.key] ?? ''} disabled={disabled} onChange={(event) => onChange(field.key, event.target.value)} />}
            </Field>
          ))}
        </Grid>
      )}
    </Box>
  );
}
