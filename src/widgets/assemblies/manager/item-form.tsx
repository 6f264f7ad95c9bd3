// One agenda item written: its title, description, the majority it needs (a custom fraction for
// "Outra maioria") and whether its vote is secret. The server's checks have the last word: its
// messages per field are shown under the fields.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { AgendaItem, AgendaItemInput, CustomBase, ItemMajority } from '../../../core/modules/assemblies.js';
import { Button, Field, Input, Select, space, TextArea, token } from '../../kit/index.js';
import { Buttons } from '../../feature-kit/groups.js';
import { ASSEMBLY_WORDS as W, MANAGER_TEXTS as T } from '../texts.js';

const Form = styled.form`
  margin: ${space(1)} 0 ${space(2)};
  padding: ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  h3 {
    margin: 0 0 ${space(2)};
    font-size: 1.05rem;
  }
`;

const Fraction = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(7rem, 1fr));
  gap: 0 ${space(2)};
  margin: 0 0 ${space(2)};
  padding: ${space(1.5)} ${space(2)} 0;
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  legend {
    padding: 0 ${space(0.5)};
    font-weight: 600;
  }
  & > p {
    grid-column: 1 / -1;
    margin: 0 0 ${space(1)};
    font-size: 0.875em;
    color: ${token('color-text-muted')};
  }
`;

const Check = styled.label`
  display: flex;
  gap: ${space(1)};
  align-items: center;
  margin: 0 0 ${space(2)};
  input {
    width: 1.1rem;
    height: 1.1rem;
  }
`;

const MAJORITIES: readonly ItemMajority[] = ['ordinary', 'statutes', 'dissolution', 'election', 'custom'];
const BASES: readonly CustomBase[] = ['present', 'all', 'cast'];

/** The server's messages per field of a 422, by field name. */
export type FieldErrors = Partial<Record<keyof AgendaItemInput | 'position', string>>;

interface Draft {
  title: string;
  description: string;
  majority: ItemMajority;
  num: string;
  den: string;
  base: CustomBase;
  secret: boolean;
}

function draftOf(item: AgendaItem | undefined): Draft {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    majority: item?.majority ?? 'ordinary',
    num: item?.custom_num != null ? String(item.custom_num) : '',
    den: item?.custom_den != null ? String(item.custom_den) : '',
    base: item?.custom_base ?? 'present',
    secret: item?.secret === true,
  };
}

const whole = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** The draft as the server takes it, or the first thing wrong with it. */
function inputOf(draft: Draft): { input: AgendaItemInput } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!draft.title.trim()) errors.title = T.titleMissing;
  const custom = draft.majority === 'custom';
  const num = whole(draft.num);
  const den = whole(draft.den);
  if (custom && (num === null || den === null || num < 1 || num > 99 || den < 2 || den > 100 || num >= den)) errors.custom_num = T.customMissing;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    input: {
      title: draft.title.trim(),
      description: draft.description.trim() || null,
      majority: draft.majority,
      custom_num: custom ? num : null,
      custom_den: custom ? den : null,
      custom_base: custom ? draft.base : null,
      secret: draft.secret,
    },
  };
}

export interface ItemFormProps {
  item?: AgendaItem;
  heading: string;
  submitLabel: string;
  busy: boolean;
  /** The server's messages for the last attempt. */
  serverErrors: FieldErrors;
  onSubmit(input: AgendaItemInput): void;
  onCancel(): void;
}

export function ItemForm({ item, heading, submitLabel, busy, serverErrors, onSubmit, onCancel }: ItemFormProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(item));
  const [errors, setErrors] = useState<FieldErrors>({});
  // An election's vote is secret unless someone chose otherwise.
  const [secretTouched, setSecretTouched] = useState(item !== undefined);
  const titleRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  useEffect(() => titleRef.current?.focus(), []);
  useEffect(() => setErrors(serverErrors), [serverErrors]);

  const change = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = inputOf(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      if (checked.errors.title) titleRef.current?.focus();
      return;
    }
    setErrors({});
    onSubmit(checked.input);
  };
  const customError = errors.custom_num ?? errors.custom_den ?? errors.custom_base ?? null;

  return (
    <Form onSubmit={submit} noValidate aria-labelledby={headingId} data-item-form>
      <h3 id={headingId}>{heading}</h3>
      <Field label={T.fieldTitle} error={errors.title} required>
        {(control) => <Input {...control} ref={titleRef} value={draft.title} maxLength={300} onChange={(e) => change({ title: e.target.value })} />}
      </Field>
      <Field label={T.fieldDescription} hint={T.fieldDescriptionHint} error={errors.description}>
        {(control) => <TextArea {...control} value={draft.description} maxLength={4000} onChange={(e) => change({ description: e.target.value })} />}
      </Field>
      <Field label={T.fieldMajority} error={errors.majority} required>
        {(control) => (
          <Select
            {...control}
            value={draft.majority}
            onChange={(e) => {
              const majority = e.target.value as ItemMajority;
              change(secretTouched ? { majority } : { majority, secret: majority === 'election' });
            }}
          >
            {MAJORITIES.map((value) => (
              <option key={value} value={value}>
                {W.majority[value]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {draft.majority === 'custom' && (
        <Fraction data-custom-majority>
          <legend>{T.fieldCustom}</legend>
          <p>{T.fieldCustomHint}</p>
          <Field label={T.fieldCustomNum} error={customError} required>
            {(control) => <Input {...control} inputMode="numeric" value={draft.num} onChange={(e) => change({ num: e.target.value })} />}
          </Field>
          <Field label={T.fieldCustomDen} required>
            {(control) => <Input {...control} aria-invalid={customError ? true : undefined} inputMode="numeric" value={draft.den} onChange={(e) => change({ den: e.target.value })} />}
          </Field>
          <Field label={T.fieldCustomBase} required>
            {(control) => (
              <Select {...control} value={draft.base} onChange={(e) => change({ base: e.target.value as CustomBase })}>
                {BASES.map((value) => (
                  <option key={value} value={value}>
                    {W.customBase[value]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </Fraction>
      )}
      <Check>
        <input
          type="checkbox"
          checked={draft.secret}
          onChange={(e) => {
            setSecretTouched(true);
            change({ secret: e.target.checked });
          }}
        />
        {T.fieldSecret}
      </Check>
      <Buttons>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {T.cancel}
        </Button>
      </Buttons>
    </Form>
  );
}
