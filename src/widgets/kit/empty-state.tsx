import type { ReactNode } from 'react';
import styled from 'styled-components';
import { space, token } from './tokens.js';
import { KIT_TEXTS } from './texts.js';

const Box = styled.div`
  padding: ${space(4)} ${space(2)};
  text-align: center;
  color: ${token('color-text-muted')};
  border: 1px dashed ${token('color-border')};
  border-radius: ${token('radius')};
`;

const Message = styled.p`
  margin: 0 0 ${space(1)};
`;

interface EmptyStateProps {
  /** Defaults to 'Sem resultados.'. */
  message?: string;
  /** Actions offered instead, e.g. a button to create the first record. */
  children?: ReactNode;
}

/** Shown where a list or a page has nothing to show. */
export function EmptyState({ message = KIT_TEXTS.empty, children }: EmptyStateProps) {
  return (
    <Box>
      <Message>{message}</Message>
      {children}
    </Box>
  );
}
