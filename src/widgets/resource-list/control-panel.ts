import styled from 'styled-components';
import { space, token } from '../kit/index.js';

/** The boxed panels a list opens above its table: the column chooser and the filters. */
export const ControlPanel = styled.fieldset`
  margin: 0 0 ${space(2)};
  padding: ${space(2)};
  background: ${token('color-surface')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

export const ControlPanelLegend = styled.legend`
  padding: 0 ${space(0.5)};
  font-weight: 600;
`;
