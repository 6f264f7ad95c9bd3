import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PHONE, space, token } from '../kit/index.js';

const Fieldset = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(16rem, 100%), 1fr));
  column-gap: ${space(3)};
  margin: 0 0 ${space(3)};
  padding: ${space(2)} ${space(3)} 0;
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  min-width: 0;
  & > [data-wide] {
    grid-column: 1 / -1;
  }
  @media ${PHONE} {
    padding: ${space(1.5)} ${space(1.5)} 0;
  }
`;

const Legend = styled.legend`
  padding: 0 ${space(1)};
  font-size: 1.05em;
  font-weight: 700;
`;

/** The fields of one explainer group under its legend. */
export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset>
      <Legend>{legend}</Legend>
      {children}
    </Fieldset>
  );
}
