import { Field, Input } from '../kit/index.js';
import { TWO_FACTOR_TEXTS as T } from './texts.js';

interface CodeFieldProps {
  value: string;
  error: string | null;
  onChange(value: string): void;
  label?: string;
  hint?: string;
  autoFocus?: boolean;
}

/** The 6-digit code of the authenticator app: numeric keyboard, filled in by the phone when it can. */
export function CodeField({ value, error, onChange, label = T.code, hint = T.codeHint, autoFocus }: CodeFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} required>
      {(control) => (
        <Input
          {...control}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          spellCheck={false}
          autoFocus={autoFocus}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
