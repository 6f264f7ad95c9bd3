import { useId } from 'react';
import styled from 'styled-components';
import { Field, focusRing, Input, Select, space, token } from '../kit/index.js';
import type { SettingSchema } from '../../core/settings-schema.js';
import { ServerSetting } from './server-setting.js';
import { SETTINGS_TEXTS } from './texts.js';

const SwitchRow = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  align-items: start;
  gap: ${space(0.5)} ${space(1.5)};
  margin-bottom: ${space(2.5)};
`;

// A checkbox drawn as a switch; it stays a native checkbox (role="switch") for keyboards and screen readers.
const Switch = styled.input`
  appearance: none;
  position: relative;
  flex: none;
  width: 2.5rem;
  height: 1.4rem;
  margin: 0.1rem 0 0;
  background: ${token('color-border')};
  border-radius: 999px;
  cursor: pointer;
  transition: background 120ms ease;
  &::after {
    content: '';
    position: absolute;
    top: 0.2rem;
    left: 0.2rem;
    width: 1rem;
    height: 1rem;
    background: #fff;
    border-radius: 50%;
    box-shadow: 0 1px 2px rgb(0 0 0 / 25%);
    transition: transform 120ms ease;
  }
  &:checked {
    background: ${token('color-primary')};
  }
  &:checked::after {
    transform: translateX(1.1rem);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  ${focusRing}
`;

const SwitchLabel = styled.label`
  font-weight: 600;
  cursor: pointer;
`;

const State = styled.span`
  margin-left: ${space(1)};
  font-weight: 400;
  color: ${token('color-text-muted')};
`;

const Hint = styled.p`
  grid-column: 2;
  margin: 0;
  font-size: 0.875em;
  color: ${token('color-text-muted')};
`;

const Error = styled(Hint)`
  color: ${token('color-danger')};
`;

interface SettingControlProps {
  name: string;
  description: SettingSchema;
  value: string;
  error: string | undefined;
  readOnly: boolean;
  onChange(value: string): void;
}

/** One setting: a switch for a flag, a select for a choice, a text input otherwise; text for one the server sets. */
export function SettingControl({ name, description, value, error, readOnly, onChange }: SettingControlProps) {
  const id = useId();
  if (description.readOnly) return <ServerSetting description={description} value={value} />;
  if (description.kind === 'boolean') {
    const on = value === 'true';
    const described = [description.hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
    return (
      <SwitchRow>
        <Switch
          id={id}
          name={name}
          type="checkbox"
          role="switch"
          checked={on}
          disabled={readOnly}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.checked ? 'true' : 'false')}
        />
        <div>
          <SwitchLabel htmlFor={id}>{description.label}</SwitchLabel>
          {/* The switch announces its own state; this is for the eye. */}
          <State aria-hidden="true">{on ? SETTINGS_TEXTS.on : SETTINGS_TEXTS.off}</State>
        </div>
        {description.hint && <Hint id={`${id}-hint`}>{description.hint}</Hint>}
        {error && <Error id={`${id}-error`}>{error}</Error>}
      </SwitchRow>
    );
  }
  return (
    <Field label={description.label} hint={description.hint} error={error}>
      {(control) =>
        description.kind === 'enum' ? (
          <Select {...control} name={name} value={value} disabled={readOnly} onChange={(e) => onChange(e.target.value)}>
            {/* A value the schema does not know stays selectable, so saving never changes it silently. */}
            {!description.options?.some((o) => o.value === value) && <option value={value}>{value}</option>}
            {description.options?.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        ) : (
          <Input
            {...control}
            name={name}
            type={description.kind === 'email' ? 'email' : description.kind === 'url' ? 'url' : 'text'}
            inputMode={description.kind === 'integer' ? 'numeric' : description.kind === 'decimal' ? 'decimal' : undefined}
            value={value}
            readOnly={readOnly}
            disabled={readOnly}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </Field>
  );
}
