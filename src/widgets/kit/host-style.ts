import { createGlobalStyle } from 'styled-components';
import { token } from './tokens.js';

// Rendered inside each element's shadow root, so ":host" is the custom element itself.
// Inherited properties (font, colour) are set here once; page styles cannot reach inside,
// and these rules cannot leak out.
export const HostStyle = createGlobalStyle`
  :host {
    display: block;
    font-family: ${token('font-family')};
    font-size: ${token('font-size')};
    line-height: 1.5;
    color: ${token('color-text')};
  }
  :host([hidden]) {
    display: none;
  }
  *, *::before, *::after {
    box-sizing: border-box;
  }
  /* The page's print stylesheet cannot reach into a shadow root: controls leave paper here.
     Sort buttons stay, being the column headings; [data-no-print] marks other screen-only parts. */
  @media print {
    button:not([data-sort]), nav, [role='toolbar'], [data-no-print] {
      display: none !important;
    }
  }
`;
