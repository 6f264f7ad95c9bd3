import { css } from 'styled-components';
import { token } from './tokens.js';

/**
 * The visible focus indicator every interactive primitive shares. Only keyboard focus
 * (:focus-visible) draws it, so mouse users do not see a ring after a click.
 */
export const focusRing = css`
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 3px solid ${token('color-focus')};
    outline-offset: 2px;
  }
`;
