import styled from 'styled-components';
import type { ExplainerField } from '../../core/index.js';
import { Field, focusRing, Input, Select, TextArea, token, useSignalValue } from '../kit/index.js';
import type { ReferenceCache } from '../shared/reference-cache.js';
import { parseEuros } from '../shared/money.js';
import { RESOURCE_TEXTS } from '../shared/texts.js';
import type { FormValue } from './form-values.js';
import { FileControl } from './file-control.js';
import { MultiSelect } from './multi-select.js';
import { ReferenceOptionList, useReferenceOptions } from './reference-options.js';

const Checkbox = styled.input`
  width: 1.25rem;
  height: 1.25rem;
  margin: 0;
  accent-color: ${token('color-primary')};
  ${focusRing}
`;

export interface FieldControlProps {
  field: ExplainerField;
  value: FormValue | undefined;
  editable: boolean;
  error: string | undefined;
  cache: ReferenceCache;
  onChange(value: FormValue): void;
  /** The user left the control (the form may ask the server about the value). */
  onBlur?(): void;
}

function ReferenceSelect({ field, value, cache, ...control }: { field: ExplainerField; value: string; cache: ReferenceCache } & Record<string, unknown>) {
  const options = useReferenceOptions(cache, field.ref);
  const labels = useSignalValue(cache.labels)[field.ref ?? ''];
  return (
    <Select {...control} value={value}>
      <option value="">{field.validation.required ? RESOURCE_TEXTS.choose : RESOURCE_TEXTS.none}</option>
      <ReferenceOptionList options={options} current={value} labels={labels} />
    </Select>
  );
}

/** What the browser can already tell is wrong, before the server is asked. */
function localError(field: ExplainerField, text: string): string | undefined {
  if (field.inputType === 'money' && text.trim() !== '' && parseEuros(text) === undefined) return RESOURCE_TEXTS.moneyInvalid;
  return undefined;
}

/**
 * One field with the control its inputType asks for. Validation rules become hints (required,
 * maxlength, pattern, min, max) but the form does not block on them: the server is the judge.
 */
export function FieldControl({ field, value, editable, error, cache, onChange, onBlur }: FieldControlProps) {
  if (field.inputType === 'multiselect') {
    return <MultiSelect field={field} value={Array.isArray(value) ? value : []} disabled={!editable} error={error} cache={cache} onChange={onChange} />;
  }
  const rules = field.validation;
  const text = typeof value === 'string' ? value : '';
  if (field.inputType === 'file' || field.inputType === 'image') {
    return <FileControl field={field} value={text} editable={editable} error={error} onChange={onChange} />;
  }
  return (
    <Field label={field.label} error={error ?? localError(field, text)} required={rules.required && editable}>
      {(control) => {
        const common = { ...control, name: field.name, 'data-field': field.name, onBlur };
        switch (field.inputType) {
          case 'checkbox':
            return <Checkbox {...common} type="checkbox" checked={value === true} disabled={!editable} onChange={(e) => onChange(e.target.checked)} />;
          case 'money':
            // Euros with a comma (24,50); the form sends cents. A hint until the text is an amount.
            return (
              <Input
                {...common}
                type="text"
                inputMode="decimal"
                value={text}
                readOnly={!editable}
                onChange={(e) => onChange(e.target.value)}
              />
            );
          case 'textarea':
            return <TextArea {...common} value={text} readOnly={!editable} maxLength={rules.maxLength} onChange={(e) => onChange(e.target.value)} />;
          case 'select':
            if (field.ref) return <ReferenceSelect {...common} field={field} value={text} cache={cache} disabled={!editable} onChange={(e: { target: HTMLSelectElement }) => onChange(e.target.value)} />;
            return (
              <Select {...common} value={text} disabled={!editable} onChange={(e) => onChange(e.target.value)}>
                <option value="">{rules.required ? RESOURCE_TEXTS.choose : RESOURCE_TEXTS.none}</option>
                {field.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            );
          default:
            return (
              <Input
                {...common}
                type={field.inputType}
                value={text}
                readOnly={!editable}
                maxLength={rules.maxLength}
                minLength={rules.minLength}
                pattern={rules.pattern}
                min={rules.min}
                max={rules.max}
                step={field.type === 'float32' ? 'any' : undefined}
                autoComplete={field.inputType === 'password' ? 'new-password' : undefined}
                onChange={(e) => onChange(e.target.value)}
              />
            );
        }
      }}
    </Field>
  );
}
