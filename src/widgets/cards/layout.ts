// Small pieces the cards elements share: a row of buttons and links (feature-kit's, as every
// domain's), a framed block (the host's panel does not reach inside a shadow root), the print
// selection's group of choices (its choices are not wrapped in divs, unlike a list's filters).
import styled from 'styled-components';
import { PHONE, space, token } from '../kit/index.js';

export { Buttons } from '../feature-kit/groups.js';

/** A framed block of an element that shows several (verify multiple's session and its readings). */
export const Box = styled.section`
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  padding: ${space(3)};
  & + & {
    margin-top: ${space(3)};
  }
  @media ${PHONE} {
    padding: ${space(1.5)};
  }
  h2 {
    margin: 0 0 ${space(2)};
    font-size: 1.2rem;
    font-weight: 650;
  }
`;

/** Labelled controls side by side in a bordered group. */
export const FilterGroup = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${space(1.5)} ${space(2)};
  margin: 0 0 ${space(2)};
  padding: ${space(1.5)} ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  legend {
    padding: 0 ${space(0.5)};
    font-weight: 600;
  }
`;
