import { useId, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { focusRing } from './focus-ring.js';
import { space, token } from './tokens.js';

/** Spread onto the field's control: it ties the label, hint and error to it. */
export interface FieldControlProps {
  id: string;
  required: boolean | undefined;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  /** A short help text under the label. */
  hint?: string;
  /** The server's or the form's message for this field; marks the control invalid. */
  error?: string | null;
  required?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(0.5)};
  margin-bottom: ${space(2)};
`;

export const Label = styled.label`
  font-weight: 600;
`;

const RequiredMark = styled.span`
  color: ${token('color-danger')};
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.875em;
  color: ${token('color-text-muted')};
`;

const FieldError = styled.p`
  margin: 0;
  font-size: 0.875em;
  color: ${token('color-danger')};
`;

/**
 * A labelled form control with its hint and error:
 *
 *     <Field label="Nome" error={errors.name}>{(control) => <Input {...control} />}</Field>
 */
export function Field({ label, hint, error, required, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Wrapper>
      <Label htmlFor={id}>
        {label}
        {/* Screen readers announce the control's own required state instead. */}
        {required && <RequiredMark aria-hidden="true"> *</RequiredMark>}
      </Label>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {children({ id, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Wrapper>
  );
}

const control = css`
  width: 100%;
  padding: ${space(1)} ${space(1.5)};
  font: inherit;
  color: ${token('color-text')};
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  &[aria-invalid='true'] {
    border-color: ${token('color-danger')};
  }
  &:disabled {
    background: ${token('color-surface')};
  }
  ${focusRing}
`;

export const Input = styled.input`
  ${control}
`;

export const Select = styled.select`
  ${control}
`;

export const TextArea = styled.textarea`
  ${control}
  min-height: 6rem;
  resize: vertical;
`;
