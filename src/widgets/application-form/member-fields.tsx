import type { ExplainerField, InputType } from '../../core/contract.js';
import { Field, Input } from '../kit/field.js';

export type DescribedField = ExplainerField & { required: boolean };

/** The browser control of each kind of member field the form may ask (references are left to the server's default). */
const INPUTS: Partial<Record<InputType, { type: string; autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'email' }>> = {
  text: { type: 'text' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  tel: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  date: { type: 'date' },
};

/** What a person's browser may fill in for each member field. */
const AUTOCOMPLETE: Record<string, string> = {
  name: 'name',
  birth_date: 'bday',
  address: 'street-address',
  postal_code: 'postal-code',
  locality: 'address-level2',
};

/** Whether the form can show the field: a reference (the country) has no choices for an anonymous visitor. */
export const shownOnForm = (field: ExplainerField): boolean => INPUTS[field.inputType] !== undefined;

interface MemberFieldProps {
  field: DescribedField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onLeave: () => void;
}

/** One member field of the form, labelled, with the rule it broke under it. */
export function MemberField({ field, value, error, onChange, onLeave }: MemberFieldProps) {
  const input = INPUTS[field.inputType]!;
  const numeric = field.name === 'nif';
  return (
    <Field label={field.label} error={error} required={field.required}>
      {(control) => (
        <Input
          {...control}
          name={field.name}
          type={input.type}
          value={value}
          autoComplete={AUTOCOMPLETE[field.name] ?? input.autoComplete ?? 'off'}
          inputMode={numeric ? 'numeric' : input.inputMode}
          maxLength={field.validation.maxLength}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onLeave}
        />
      )}
    </Field>
  );
}
