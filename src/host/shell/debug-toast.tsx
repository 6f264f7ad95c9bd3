import styled from 'styled-components';
import { space, token } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';

const Toast = styled.div`
  position: fixed;
  right: ${space(2)};
  bottom: ${space(2)};
  left: ${space(2)};
  z-index: 90;
  max-width: 32rem;
  margin-left: auto;
  padding: ${space(1.5)} ${space(2)};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  color: ${token('color-background')};
  background: ${token('color-text')};
  border-radius: ${token('radius')};
  box-shadow: 0 8px 24px rgba(15, 23, 42, 0.3);
`;

/**
 * SPEC 7: a ws:debug message shows its text for three seconds, in a toast that does not take
 * the focus or block the page. The core clears the text when the time is up.
 */
export function DebugToast() {
  const { core } = useHost();
  const text = useValue(core.toast);
  // The live region stays in the page so the text is announced when it appears.
  return (
    <div role="status" aria-live="polite" data-toast="debug">
      {text && <Toast>{text}</Toast>}
    </div>
  );
}
