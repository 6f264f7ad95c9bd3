import styled, { css } from 'styled-components';

/** Hides from the eye, not from screen readers (for use inside a media query, too). */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
`;

/** Text for screen readers only, e.g. the name of an icon-only control. */
export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;
