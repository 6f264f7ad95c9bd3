// Layout pieces several domains' elements share (payments, treasury, collecting, cards): a row of
// buttons, a small bordered form, and a group of filters or actions above a list.
import styled from 'styled-components';
import { space, token } from '../kit/index.js';

export const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)};
  margin: 0 0 ${space(2)};
`;

export const SmallForm = styled.form`
  max-width: 32rem;
  margin: 0 0 ${space(2)};
  padding: ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  & > p {
    margin: 0 0 ${space(2)};
    color: ${token('color-text-muted')};
  }
`;

/** A list's filters or actions: labelled controls (each in a div) side by side in a bordered group. */
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
  & > div {
    display: flex;
    flex-direction: column;
    gap: ${space(0.5)};
    min-width: min(10rem, 100%);
  }
`;
