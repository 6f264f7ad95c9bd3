import { css } from 'styled-components';
import { token } from './tokens.js';

/**
 * The visible focus indicator every interactive primitive shares. Only keyboard focus
 * (:focus-visible) draws it, so mouse users do not see a ring after a click. Two rings: the
 * focus colour outside and the light surface colour in the offset gap, so one of the two
 * contrasts at least 3:1 with any background, the dark top bar and a primary button included.
 */
export const focusRing = css`
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 3px solid ${token('color-focus')};
    outline-offset: 2px;
    box-shadow: 0 0 0 2px ${token('color-background')};
  }
`;
