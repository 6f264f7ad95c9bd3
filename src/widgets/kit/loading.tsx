import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { space, token } from './tokens.js';
import { KIT_TEXTS } from './texts.js';

/** The spec's animated dots: one more every step, then back to none. */
export const LOADING_DOTS = ['', '.', '..', '...'] as const;
export const LOADING_DOT_STEP_MS = 500;

const Status = styled.p`
  margin: 0;
  padding: ${space(2)} 0;
  color: ${token('color-text-muted')};
`;

// A fixed width keeps the text from shifting as the dots grow.
const Dots = styled.span`
  display: inline-block;
  width: 1.5ch;
  text-align: left;
`;

/** 'A carregar' with dots stepping every 500 ms. Screen readers hear the words once, not the dots. */
export function Loading() {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setStep((current) => (current + 1) % LOADING_DOTS.length), LOADING_DOT_STEP_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Status role="status">
      {KIT_TEXTS.loading}
      <Dots aria-hidden="true" data-dots>
        {LOADING_DOTS[step]}
      </Dots>
    </Status>
  );
}
