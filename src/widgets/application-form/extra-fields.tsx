import styled from 'styled-components';
import type { LoadedApplicationForm } from '../../core/modules/application-form.js';
import { Field, Input, Select } from '../kit/field.js';
import { space, token } from '../kit/tokens.js';
import { ConsentPurposes } from './consent-purposes.js';
import { APPLICATION_FORM_TEXTS as T } from './texts.js';
import type { FormState } from './validate.js';

const Fieldset = styled.fieldset`
  margin: 0 0 ${space(2)};
  padding: ${space(1.5)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  legend {
    font-weight: 600;
  }
`;

const ConsentText = styled.div`
  white-space: pre-wrap;
  max-height: 12rem;
  overflow: auto;
  margin-bottom: ${space(1)};
`;

const Check = styled.label`
  display: flex;
  gap: ${space(1)};
  align-items: flex-start;
`;

const Problem = styled.p`
  margin: ${space(0.5)} 0 0;
  font-size: 0.875em;
  color: ${token('color-danger')};
`;

interface ExtraFieldsProps {
  form: LoadedApplicationForm;
  state: FormState;
  errors: Record<string, string>;
  minor: boolean;
  update: (change: Partial<FormState>) => void;
}

/** A checkbox with its own words as label, and the rule it broke under it. */
function Checkbox({ name, label, checked, error, onChange }: { name: string; label: string; checked: boolean; error?: string; onChange: (checked: boolean) => void }) {
  const errorId = `${name}-error`;
  return (
    <div>
      <Check>
        <input type="checkbox" name={name} checked={checked} required aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} onChange={(e) => onChange(e.target.checked)} />
        <span>{label}</span>
      </Check>
      {error && <Problem id={errorId}>{error}</Problem>}
    </div>
  );
}

/** The form's own inputs beside the member fields: category, proposer, a minor's guardian, consent. */
export function ExtraFields({ form, state, errors, minor, update }: ExtraFieldsProps) {
  return (
    <>
      {form.feeCategories.length > 0 && (
        <Field label={T.feeCategory} error={errors.fee_category} required>
          {(control) => (
            <Select {...control} name="feeCategory" value={state.feeCategory} onChange={(e) => update({ feeCategory: e.target.value })}>
              <option value="">{T.choose}</option>
              {form.feeCategories.map((c) => (
                <option key={c._id} value={String(c._id)}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Field label={T.proposerNumber} hint={T.proposerHint} error={errors.proposer_number} required={form.proposerRequired}>
        {(control) => (
          <Input {...control} name="proposerNumber" inputMode="numeric" autoComplete="off" value={state.proposerNumber} onChange={(e) => update({ proposerNumber: e.target.value })} />
        )}
      </Field>
      {minor && (
        <Fieldset data-guardian>
          <legend>{T.guardianTitle}</legend>
          <p>{T.guardianIntro}</p>
          <Field label={T.guardianName} error={errors.guardian_name} required>
            {(control) => <Input {...control} name="guardianName" autoComplete="off" value={state.guardianName} onChange={(e) => update({ guardianName: e.target.value })} />}
          </Field>
          {form.guardianRelations.length > 0 && (
            <Field label={T.guardianRelation} error={errors.guardian_relation}>
              {(control) => (
                <Select {...control} name="guardianRelation" value={state.guardianRelation} onChange={(e) => update({ guardianRelation: e.target.value })}>
                  <option value="">{T.choose}</option>
                  {form.guardianRelations.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          <Field label={T.guardianEmail} hint={T.guardianEmailHint} error={errors.guardian_email} required>
            {(control) => <Input {...control} type="email" name="guardianEmail" autoComplete="off" value={state.guardianEmail} onChange={(e) => update({ guardianEmail: e.target.value })} />}
          </Field>
          <Field label={T.guardianPhone} error={errors.guardian_phone}>
            {(control) => <Input {...control} type="tel" name="guardianPhone" autoComplete="off" value={state.guardianPhone} onChange={(e) => update({ guardianPhone: e.target.value })} />}
          </Field>
          <Checkbox name="guardianConsent" label={T.guardianConsent} checked={state.guardianConsent} error={errors.guardian_consent} onChange={(guardianConsent) => update({ guardianConsent })} />
        </Fieldset>
      )}
      <Fieldset>
        <legend>{T.consentTitle}</legend>
        <ConsentText data-consent-text>{form.consentText}</ConsentText>
        <Checkbox name="consent" label={T.consent} checked={state.consent} error={errors.consent_version} onChange={(consent) => update({ consent })} />
        <ConsentPurposes form={form} state={state} update={update} />
      </Fieldset>
    </>
  );
}
