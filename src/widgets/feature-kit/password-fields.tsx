import { useState } from 'react';
import styled from 'styled-components';
import { Field, Input, space } from '../kit/index.js';
import { FEATURE_TEXTS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './texts.js';

export interface PasswordPair {
  password: string;
  confirmation: string;
}

export interface PasswordErrors {
  password?: string;
  confirmation?: string;
}

/** The server's rule (at least 8 characters) checked before sending, and the two entries compared. */
export function checkPasswordPair({ password, confirmation }: PasswordPair): PasswordErrors {
  const errors: PasswordErrors = {};
  if (password.length < PASSWORD_MIN_LENGTH) errors.password = FEATURE_TEXTS.passwordTooShort;
  else if (password !== confirmation) errors.confirmation = FEATURE_TEXTS.passwordMismatch;
  return errors;
}

const Toggle = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  margin: 0 0 ${space(2)};
  cursor: pointer;
`;

interface PasswordFieldsProps {
  value: PasswordPair;
  errors: PasswordErrors;
  disabled?: boolean;
  onChange(value: PasswordPair): void;
}

/** New password and its confirmation, with a switch to show what was typed. */
export function PasswordFields({ value, errors, disabled, onChange }: PasswordFieldsProps) {
  const [visible, setVisible] = useState(false);
  const type = visible ? 'text' : 'password';
  return (
    <>
      <Field label={FEATURE_TEXTS.newPassword} hint={FEATURE_TEXTS.passwordHint} error={errors.password} required>
        {(control) => (
          <Input
            {...control}
            name="new-password"
            type={type}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            disabled={disabled}
            value={value.password}
            onChange={(e) => onChange({ ...value, password: e.target.value })}
          />
        )}
      </Field>
      <Field label={FEATURE_TEXTS.confirmPassword} error={errors.confirmation} required>
        {(control) => (
          <Input
            {...control}
            name="confirm-password"
            type={type}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            disabled={disabled}
            value={value.confirmation}
            onChange={(e) => onChange({ ...value, confirmation: e.target.value })}
          />
        )}
      </Field>
      <Toggle>
        <input type="checkbox" checked={visible} onChange={(e) => setVisible(e.target.checked)} />
        {FEATURE_TEXTS.showPassword}
      </Toggle>
    </>
  );
}
