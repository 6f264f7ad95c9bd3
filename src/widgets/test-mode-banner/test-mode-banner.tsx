import styled, { createGlobalStyle } from 'styled-components';
import { space, token } from '../kit/index.js';

/** SPEC section 2, word for word. */
const TEST_MODE_TEXT = 'Aplicação em modo de testes. Toda a informação é fictícia.';

const Banner = styled.p`
  margin: 0;
  padding: ${space(1)} ${space(2)};
  text-align: center;
  font-weight: 600;
  color: ${token('color-warning-text')};
  background: ${token('color-warning-surface')};
  border-bottom: 1px solid ${token('color-border')};
`;

// Sticky must apply to the element itself: inside its own box the banner has nowhere to stick.
const StickyHost = createGlobalStyle`
  :host {
    position: sticky;
    top: 0;
    z-index: 10;
  }
`;

export interface TestModeBannerProps {
  /** `sticky="true"` keeps the banner at the top while the page scrolls. */
  sticky?: boolean;
}

/** Tells every user that the organisation runs in test mode with fictitious data. */
export function TestModeBanner({ sticky = false }: TestModeBannerProps) {
  return (
    <>
      {sticky && <StickyHost />}
      <Banner role="status">{TEST_MODE_TEXT}</Banner>
    </>
  );
}
