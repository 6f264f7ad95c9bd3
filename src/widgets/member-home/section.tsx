import type { ReactNode } from 'react';
import styled from 'styled-components';
import { space, token } from '../kit/index.js';

/** A block of the member's home; HomeSection gives it a heading. */
export const HomeBlock = styled.section`
  max-width: 48rem;
  margin-top: ${space(4)};
`;

const Title = styled.h3`
  margin: 0 0 ${space(1.5)};
  font-size: 1.15em;
`;

export const SectionLead = styled.p`
  margin: 0 0 ${space(2)};
  color: ${token('color-text-muted')};
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
