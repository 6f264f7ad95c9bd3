import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, space, token, useFocusTrap } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { SHELL_TEXTS, SPEC_TEXTS } from './texts.js';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: grid;
  place-items: center;
  padding: ${space(2)};
  background: rgba(15, 23, 42, 0.55);
`;

const Card = styled.div`
  width: min(32rem, 100%);
  padding: ${space(4)};
  text-align: center;
  background: ${token('color-background')};
  border-radius: calc(${token('radius')} * 2);
  box-shadow: 0 20px 48px rgba(15, 23, 42, 0.3);
  h2 {
    margin: 0 0 ${space(1.5)};
    font-size: 1.25rem;
  }
  p {
    margin: 0 0 ${space(1.5)};
    color: ${token('color-text-muted')};
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: center;
  gap: ${space(1)};
`;

/**
 * SPEC 2 server-lost overlay: shown while the server is unreachable, with the countdown to
 * the next try (every 3 s); once it answers: 'Contacto Reestabelicido', 'A ligar...', and
 * the core reloads the page 500 ms later.
 */
export function ServerLostOverlay() {
  const { core } = useHost();
  const status = useValue(core.serverStatus.status);
  const reconnected = useValue(core.serverStatus.reconnected);
  const retryIn = useValue(core.serverStatus.retryIn);
  const card = useRef<HTMLDivElement>(null);
  useFocusTrap(card, status === 'unreachable');
  if (status !== 'unreachable') return null;
  return (
    <Backdrop>
      <Card ref={card} role="alertdialog" aria-modal="true" aria-labelledby="server-lost-title" data-overlay="server-lost">
        {reconnected ? (
          <>
            <h2 id="server-lost-title">{SPEC_TEXTS.reconnected}</h2>
            <p role="status">{SPEC_TEXTS.connecting}</p>
          </>
        ) : (
          <>
            <h2 id="server-lost-title">{SPEC_TEXTS.serverLost}</h2>
            <p>{SHELL_TEXTS.serverLostExplanation}</p>
            <p role="status" data-countdown>
              {SHELL_TEXTS.retryIn(retryIn)}
            </p>
          </>
        )}
      </Card>
    </Backdrop>
  );
}

const Pre = styled.pre`
  max-height: 50vh;
  overflow: auto;
  margin: 0 0 ${space(2)};
  padding: ${space(1.5)};
  text-align: left;
  white-space: pre-wrap;
  font-size: 0.8125rem;
  background: ${token('color-surface')};
  border-radius: ${token('radius')};
`;

function panicText(detail: unknown): string {
  if (typeof detail === 'string') return detail;
  if (detail && typeof detail === 'object' && 'message' in detail) return String(detail.message);
  return JSON.stringify(detail);
}

/**
 * SPEC 2 debug overlay: a server panic (ws:panic), with 'OK' to close and 'Recarregar' to
 * reload; it stays until closed. A ws:debug message is only a 3-second toast (debug-toast.tsx).
 */
export function DebugOverlay() {
  const { core } = useHost();
  const [message, setMessage] = useState<string | null>(null);
  const ok = useRef<HTMLButtonElement>(null);
  const card = useRef<HTMLDivElement>(null);
  useFocusTrap(card, message !== null);

  useEffect(() => {
    const onPanic = (event: Event) => setMessage(panicText((event as CustomEvent).detail));
    window.addEventListener('ws:panic', onPanic);
    return () => window.removeEventListener('ws:panic', onPanic);
  }, []);
  useEffect(() => {
    if (message) ok.current?.focus();
  }, [message]);

  if (!message) return null;
  return (
    <Backdrop>
      <Card ref={card} role="alertdialog" aria-modal="true" aria-labelledby="debug-title" data-overlay="debug">
        <h2 id="debug-title">{SHELL_TEXTS.debugTitle}</h2>
        <Pre>{message}</Pre>
        <Actions>
          <Button ref={ok} onClick={() => setMessage(null)}>
            {SHELL_TEXTS.ok}
          </Button>
          <Button variant="secondary" onClick={() => core.env.reload()}>
            {SHELL_TEXTS.reload}
          </Button>
        </Actions>
      </Card>
    </Backdrop>
  );
}
