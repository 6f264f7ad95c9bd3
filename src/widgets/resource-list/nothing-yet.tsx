// A list with no records at all: the page's declared empty state (what to do next, and links to
// do it), or the kit's "Sem resultados." when the page declares none.
import styled from 'styled-components';
import { EmptyState, space } from '../kit/index.js';
import { NavLink } from '../feature-kit/navigation.js';

const Actions = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${space(2)};
  margin: 0;
`;

/** `[{path, label}]` from the attribute's JSON; anything else is no action. */
function actionsFrom(text: string | undefined): { path: string; label: string }[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    if (!Array.isArray(value)) return [];
    return (value as unknown[]).filter((a): a is { path: string; label: string } => {
      const entry = a as { path?: unknown; label?: unknown } | null;
      return typeof entry === 'object' && entry !== null && typeof entry.path === 'string' && typeof entry.label === 'string';
    });
  } catch {
    return [];
  }
}

export function NothingYet({ message, actions }: { message?: string; actions?: string }) {
  const links = actionsFrom(actions);
  if (!message) return <EmptyState />;
  return (
    <EmptyState message={message}>
      {links.length > 0 && (
        <Actions data-empty-actions>
          {links.map((link) => (
            <NavLink key={link.path} path={link.path}>
              {link.label}
            </NavLink>
          ))}
        </Actions>
      )}
    </EmptyState>
  );
}
