import type { ReactNode } from 'react';
import styled from 'styled-components';
import { space, token } from '../kit/index.js';

/** A block of the member's home; HomeSection gives it a heading. Its column sets its width. */
export const HomeBlock = styled.section`
  min-width: 0;
`;

const Title = styled.h3`
  margin: 0 0 ${space(1.5)};
  font-size: 1.15em;
`;

export const SectionLead = styled.p`
  margin: 0 0 ${space(2)};
  color: ${token('color-text-muted')};
`;

/** Facts as "label: value" lines, labels muted; a long value (an e-mail) wraps rather than widening the page. */
export const Facts = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${space(0.75)} ${space(2)};
  & dt {
    color: ${token('color-text-muted')};
  }
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** One titled block of the member's home (their card, their data), named by its heading. */
export function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <HomeBlock aria-labelledby={`${id}-title`} data-own={id}>
      <Title id={`${id}-title`}>{title}</Title>
      {children}
    </HomeBlock>
  );
}
