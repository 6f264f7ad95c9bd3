import styled, { createGlobalStyle, css } from 'styled-components';
import { Link } from 'wouter';
import { focusRing, PHONE, space, token } from '../../widgets/kit/index.js';

/** Page-wide base: the document's font size follows the zoom (rem units everywhere below). */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  body {
    margin: 0;
    background: ${token('color-surface')};
    color: ${token('color-text')};
    font-family: ${token('font-family')};
    line-height: 1.5;
  }
  a { color: ${token('color-primary')}; }
  /* On paper only the content: the chrome around it (and every control) is for the screen. */
  @media print {
    body { background: #fff; }
    header, nav, footer, button, [role='toolbar'], [data-banner], [data-no-print] { display: none !important; }
    main { max-width: none !important; padding: 0 !important; }
  }
`;

/** Below this width the main menu folds behind a menu button (phones, portrait tablets). */
export const COMPACT_NAV = '(max-width: 56rem)';

export const Frame = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

export const Content = styled.main`
  flex: 1;
  width: 100%;
  max-width: 80rem;
  margin: 0 auto;
  padding: ${space(2)} ${space(3)} ${space(4)};
  @media ${PHONE} {
    padding: ${space(1.5)} ${space(1.5)} ${space(3)};
  }
`;

export const Panel = styled.div`
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  padding: ${space(3)};
  @media ${PHONE} {
    padding: ${space(1.5)};
  }
`;

export const PageHeader = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${space(2)};
  margin: 0 0 ${space(2)};
  h1 {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 650;
    letter-spacing: -0.01em;
  }
`;

const linkButton = css`
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  padding: ${space(1)} ${space(2)};
  border-radius: ${token('radius')};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  ${focusRing}
  @media print {
    display: none;
  }
`;

export const PrimaryRouteLink = styled(Link)`
  ${linkButton}
  color: ${token('color-primary-contrast')};
  background: ${token('color-primary')};
  border: 1px solid ${token('color-primary')};
  &:hover {
    filter: brightness(0.92);
  }
`;

export const SecondaryRouteLink = styled(Link)`
  ${linkButton}
  color: ${token('color-primary')};
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
`;

/** A server job's progress (indeterminate until its total is known). */
export const ProgressBar = styled.progress`
  display: block;
  width: 100%;
  max-width: 28rem;
  height: 0.75rem;
  margin: ${space(1)} 0 0;
  accent-color: ${token('color-primary')};
`;
