// A titled part of a page: a panel under an h2 (the part's accessible name) with, optionally,
// its "new" action beside the heading. The fee settings and the collecting pages share it.
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { space } from '../../widgets/kit/index.js';
import { Panel, PrimaryRouteLink } from '../shell/styles.js';

const SectionBox = styled.section`
  & + & {
    margin-top: ${space(3)};
  }
`;

const SectionHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space(2)};
  margin: 0 0 ${space(2)};
  h2 {
    margin: 0;
    font-size: 1.2rem;
    font-weight: 650;
  }
`;

/** A panel with an h2 (the section's accessible name) and, optionally, its "new" action. */
export function Section({ title, action, children, ...data }: { title: string; action?: { href: string; label: string }; children: ReactNode } & Record<`data-${string}`, string>) {
  const headingId = useId();
  return (
    <SectionBox aria-labelledby={headingId} {...data}>
      <Panel>
        <SectionHeader>
          <h2 id={headingId}>{title}</h2>
          {action && (
            <PrimaryRouteLink href={action.href} data-action="new">
              <span aria-hidden="true">+</span> {action.label}
            </PrimaryRouteLink>
          )}
        </SectionHeader>
        {children}
      </Panel>
    </SectionBox>
  );
}
