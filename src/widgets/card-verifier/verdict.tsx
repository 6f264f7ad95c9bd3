import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { CardStatus, VerifiedCard } from '../../core/modules/card-check.js';
import { Button } from '../kit/button.js';
import { space, token } from '../kit/tokens.js';
import { day } from './code-source.js';
import { CARD_VERIFIER_TEXTS as T } from './texts.js';

/**
 * Each verdict's colour and sign. The word and the sign carry the meaning on their own (a
 * colour-blind steward, a washed-out phone screen); the colour only helps at a glance. White
 * text on each colour is above 4.5:1.
 */
const LOOK: Record<CardStatus, { colour: string; sign: string }> = {
  valid: { colour: '#116329', sign: '✓' },
  arrears: { colour: '#9a4400', sign: '!' },
  expired: { colour: '#5b21b6', sign: '⌛' },
  superseded: { colour: '#4b5563', sign: '↻' },
  invalid: { colour: '#b42318', sign: '✕' },
};

const Band = styled.div<{ $colour: string }>`
  display: flex;
  align-items: center;
  gap: ${space(2)};
  padding: ${space(2)} ${space(2.5)};
  border-radius: ${token('radius')};
  color: #ffffff;
  background: ${(p) => p.$colour};
`;

const Sign = styled.span`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 1.6em;
  height: 1.6em;
  border: 3px solid currentColor;
  border-radius: 50%;
  font-size: clamp(1.8rem, 9vw, 2.6rem);
  font-weight: 800;
  line-height: 1;
`;

const State = styled.strong`
  font-size: clamp(2rem, 10vw, 3rem);
  font-weight: 800;
  line-height: 1.1;
`;

const Why = styled.p`
  margin: ${space(1.5)} 0 0;
  font-size: 1.1em;
`;

const Name = styled.p`
  margin: ${space(2)} 0 ${space(0.5)};
  font-size: clamp(1.5rem, 7vw, 2rem);
  font-weight: 700;
  line-height: 1.2;
`;

const Organisation = styled.p`
  margin: 0 0 ${space(1.5)};
  color: ${token('color-text-muted')};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${space(1)} ${space(2)};
  margin: 0;
  font-size: 1.2em;
  dt {
    color: ${token('color-text-muted')};
  }
  dd {
    margin: 0;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
`;

/** A valid-until already past: said in words, the colour only underlines it. */
const Past = styled.span`
  margin-left: ${space(1)};
  padding: 0 ${space(0.75)};
  border-radius: ${token('radius')};
  color: #ffffff;
  background: #b42318;
  font-weight: 700;
`;

const Plain = styled.section`
  padding: ${space(2)} ${space(2.5)};
  border: 2px solid ${token('color-border')};
  border-radius: ${token('radius')};
  background: ${token('color-surface')};
  h2 {
    margin: 0 0 ${space(1)};
    font-size: clamp(1.6rem, 8vw, 2.2rem);
  }
  p {
    margin: 0 0 ${space(1.5)};
    font-size: 1.1em;
  }
`;

/** A found card: the verdict big, in colour and in words, then who holds it. */
export function Verdict({ card }: { card: VerifiedCard }) {
  const look = LOOK[card.status] ?? LOOK.invalid;
  const validity = (
    <>
      {day(card.valid_until)}
      {card.expired && <Past data-expired>{T.past}</Past>}
    </>
  );
  const facts: [string, ReactNode][] = [
    [T.number, card.number === null ? T.none : String(card.number)],
    [T.category, card.category ?? T.none],
    [T.validUntil, validity],
    [T.code, card.code],
  ];
  return (
    <section data-verdict data-status={card.status}>
      <Band $colour={look.colour}>
        <Sign aria-hidden="true">{look.sign}</Sign>
        <State data-state>{card.state}</State>
      </Band>
      <Why>{T.explanations[card.status] ?? T.explanations.invalid}</Why>
      <Name data-name>{[card.first_name, card.last_name].filter(Boolean).join(' ')}</Name>
      <Organisation data-organisation>{card.organisation}</Organisation>
      <Facts>
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd data-field={label}>{value}</dd>
          </div>
        ))}
      </Facts>
    </section>
  );
}

export function NotFound() {
  return (
    <Plain data-not-found>
      <h2>{T.notFoundTitle}</h2>
      <p>{T.notFound}</p>
    </Plain>
  );
}

/** A 429 or a failed request: what happened and a way to try again. */
export function Refused({ title, message, onRetry }: { title?: string; message: string; onRetry(): void }) {
  return (
    <Plain data-refused role="alert">
      {title && <h2>{title}</h2>}
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {T.retry}
      </Button>
    </Plain>
  );
}
