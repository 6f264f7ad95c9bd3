import { Field, Input } from '../kit/index.js';
import { PASSWORD_MAX_LENGTH } from '../feature-kit/texts.js';
import { USER_PASSWORD_TEXTS } from './texts.js';

interface CurrentPasswordProps {
  value: string;
  error?: string;
  disabled: boolean;
  onChange(value: string): void;
}

/** The password in use now, asked of someone changing their own (the server checks it). */
export function CurrentPassword({ value, error, disabled, onChange }: CurrentPasswordProps) {
  return (
    <Field label={USER_PASSWORD_TEXTS.currentPassword} hint={USER_PASSWORD_TEXTS.currentPasswordHint} error={error}>
      {(control) => (
        <Input
          {...control}
          name="current-password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          disabled={disabled}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
