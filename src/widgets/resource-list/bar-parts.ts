import styled from 'styled-components';
import { space, token } from '../kit/index.js';

/** Labelled controls side by side, each label over its control, wrapping on narrow screens. */
export const ControlRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${space(1)};
  > div {
    display: flex;
    flex-direction: column;
    gap: ${space(0.5)};
  }
`;

/** A refusal in words, on a line of its own below the controls. */
export const Problem = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${token('color-danger')};
`;
