import styled from 'styled-components';
import { Button } from './button.js';
import { space, token } from './tokens.js';
import { KIT_TEXTS } from './texts.js';

const Alert = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(2)};
  padding: ${space(2)};
  color: ${token('color-danger')};
  background: ${token('color-danger-surface')};
  border: 1px solid ${token('color-danger')};
  border-radius: ${token('radius')};
`;

const Message = styled.p`
  margin: 0;
  flex: 1 1 auto;
`;

interface ErrorStateProps {
  /** Defaults to a generic pt-PT message. */
  message?: string;
  /** When given, a 'Tentar novamente' button calls it. */
  onRetry?: () => void;
}

/** A failure the user should know about, announced at once by screen readers (role="alert"). */
export function ErrorState({ message = KIT_TEXTS.error, onRetry }: ErrorStateProps) {
  return (
    <Alert role="alert">
      <Message>{message}</Message>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {KIT_TEXTS.retry}
        </Button>
      )}
    </Alert>
  );
}
