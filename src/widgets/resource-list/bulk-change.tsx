import { useEffect, useId, useState } from 'react';
import type { ExplainerField } from '../../core/index.js';
import { Button, Label, Select, useSignalValue } from '../kit/index.js';
import { ControlRow } from './bar-parts.js';
import type { ReferenceCache } from '../shared/reference-cache.js';
import { RESOURCE_TEXTS } from '../shared/texts.js';
import type { BulkChange } from './bulk-request.js';
import { LIST_TEXTS } from './texts.js';

/** Fields one value can be given to many rows at once: choices (states, tags, yes/no). */
export const bulkFields = (fields: readonly ExplainerField[]) =>
  fields.filter((f) => !f.readOnly && !f.name.startsWith('_') && ['enum', 'reference', 'references', 'boolean'].includes(f.type));

function useChoices(field: ExplainerField | undefined, cache: ReferenceCache): { value: string; label: string }[] {
  const options = useSignalValue(cache.options);
  useEffect(() => {
    if (field?.ref) cache.loadOptions(field.ref).catch(() => undefined);
  }, [cache, field?.ref]);
  if (!field) return [];
  if (field.type === 'boolean') return [{ value: 'true', label: RESOURCE_TEXTS.yes }, { value: 'false', label: RESOURCE_TEXTS.no }];
  if (field.type === 'enum') return field.options ?? [];
  return (options[field.ref ?? ''] ?? []).map((o) => ({ value: String(o.value), label: o.label }));
}

/** What the chosen field and value mean as a bulk update. */
function changeOf(field: ExplainerField, value: string, mode: 'add' | 'remove'): BulkChange {
  if (field.type === 'references') return { [mode]: { [field.name]: [Number(value)] } };
  const typed = field.type === 'boolean' ? value === 'true' : field.type === 'reference' ? Number(value) : value;
  return { changes: { [field.name]: typed } };
}

interface BulkChangeFormProps {
  fields: readonly ExplainerField[];
  cache: ReferenceCache;
  busy: boolean;
  onApply(change: BulkChange): void;
}

/** 'Alterar' a field of every picked row: the field, the value and, for lists of values, add or remove. */
export function BulkChangeForm({ fields, cache, busy, onApply }: BulkChangeFormProps) {
  const ids = { field: useId(), value: useId(), mode: useId() };
  const [name, setName] = useState(fields[0]?.name ?? '');
  const [value, setValue] = useState('');
  const [mode, setMode] = useState<'add' | 'remove'>('add');
  const field = fields.find((f) => f.name === name);
  const choices = useChoices(field, cache);
  if (!field) return null;
  return (
    <ControlRow
      as="form"
      aria-label={LIST_TEXTS.change}
      onSubmit={(event) => {
        event.preventDefault();
        if (value !== '') onApply(changeOf(field, value, mode));
      }}
    >
      <div>
        <Label htmlFor={ids.field}>{LIST_TEXTS.field}</Label>
        <Select id={ids.field} value={name} onChange={(event) => (setName(event.target.value), setValue(''))}>
          {fields.map((f) => (
            <option key={f.name} value={f.name}>
              {f.label}
            </option>
          ))}
        </Select>
      </div>
      {field.type === 'references' && (
        <div>
          <Label htmlFor={ids.mode}>{LIST_TEXTS.change}</Label>
          <Select id={ids.mode} value={mode} onChange={(event) => setMode(event.target.value === 'remove' ? 'remove' : 'add')}>
            <option value="add">{LIST_TEXTS.addTo}</option>
            <option value="remove">{LIST_TEXTS.removeFrom}</option>
          </Select>
        </div>
      )}
      <div>
        <Label htmlFor={ids.value}>{LIST_TEXTS.value}</Label>
        <Select id={ids.value} value={value} onChange={(event) => setValue(event.target.value)}>
          <option value="">{RESOURCE_TEXTS.choose}</option>
          {choices.map((o, i) => (
            <option key={`${i}:${o.value}`} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="secondary" disabled={busy || value === ''}>
        {LIST_TEXTS.apply}
      </Button>
    </ControlRow>
  );
}
