// A titled part of an element: an h2 (the part's accessible name) with, optionally, its "new"
// action beside the heading. The host's own Section does not reach inside a shadow root.
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing, space, token } from '../kit/index.js';
import { NavLink } from './navigation.js';

const SectionBox = styled.section`
  max-width: 48rem;
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

/** A route link drawn as the primary button ("+ Nova etapa"). */
const PrimaryNavLink = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  padding: ${space(1)} ${space(2)};
  border-radius: ${token('radius')};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  color: ${token('color-primary-contrast')};
  background: ${token('color-primary')};
  border: 1px solid ${token('color-primary')};
  cursor: pointer;
  &:hover {
    filter: brightness(0.92);
    text-decoration: none;
  }
  ${focusRing}
  @media print {
    display: none;
  }
`;

/** A route link drawn as a secondary button ("Mandatos" beside a list). */
export const SecondaryNavLink = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  padding: ${space(1)} ${space(2)};
  border-radius: ${token('radius')};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  color: ${token('color-primary')};
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  cursor: pointer;
  &:hover {
    text-decoration: none;
  }
  ${focusRing}
  @media print {
    display: none;
  }
`;

export interface SectionProps {
  title: string;
  /** A link beside the heading: `path` is a back-office path the host's router opens. */
  action?: { path: string; label: string };
  children: ReactNode;
}

/** A section with an h2 (its accessible name) and, optionally, its "new" action. */
export function Section({ title, action, children, ...data }: SectionProps & Record<`data-${string}`, string>) {
  const headingId = useId();
  return (
    <SectionBox aria-labelledby={headingId} {...data}>
      <SectionHeader>
        <h2 id={headingId}>{title}</h2>
        {action && (
          <PrimaryNavLink path={action.path} data-action="new">
            <span aria-hidden="true">+</span> {action.label}
          </PrimaryNavLink>
        )}
      </SectionHeader>
      {children}
    </SectionBox>
  );
}
