import type { ButtonHTMLAttributes, Ref } from 'react';
import styled, { css } from 'styled-components';
import { focusRing } from './focus-ring.js';
import { space, token } from './tokens.js';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';

const variants = {
  primary: css`
    color: ${token('color-primary-contrast')};
    background: ${token('color-primary')};
    border-color: ${token('color-primary')};
  `,
  secondary: css`
    color: ${token('color-primary')};
    background: ${token('color-background')};
    border-color: ${token('color-border')};
  `,
  danger: css`
    color: ${token('color-primary-contrast')};
    background: ${token('color-danger')};
    border-color: ${token('color-danger')};
  `,
} satisfies Record<ButtonVariant, unknown>;

const StyledButton = styled.button<{ $variant: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space(1)};
  min-height: 2.25rem;
  padding: ${space(1)} ${space(2)};
  font: inherit;
  font-weight: 600;
  border: 1px solid;
  border-radius: ${token('radius')};
  cursor: pointer;
  ${({ $variant }) => variants[$variant]}
  &:hover:not(:disabled) {
    filter: brightness(0.92);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
  ${focusRing}
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Defaults to primary. */
  variant?: ButtonVariant;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A native button (keyboard and screen readers for free). `type` defaults to "button" so
 * a button inside a form submits only when asked to; an icon-only button needs aria-label.
 */
export function Button({ variant = 'primary', type = 'button', ...rest }: ButtonProps) {
  return <StyledButton $variant={variant} type={type} {...rest} />;
}
