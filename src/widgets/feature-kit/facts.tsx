// A record read as text: term and value pairs in a definition list (never disabled inputs), and
// the block a party of a document takes (issuer, payer). Used by the documents people read: a
// receipt, a payment.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { space, token } from '../kit/index.js';

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(9rem, max-content) 1fr;
  gap: ${space(1)} ${space(2)};
  margin: 0 0 ${space(2)};
  dt {
    color: ${token('color-text-muted')};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: 40rem) {
    grid-template-columns: 1fr;
    gap: 0;
    dd + dt {
      margin-top: ${space(1)};
    }
  }
`;

/** A term and its value, laid out by the list's grid. */
const Pair = styled.div`
  display: contents;
`;

/** One fact: its term and value; an empty value (null, '') leaves the pair out. */
export interface Fact {
  term: string;
  value: ReactNode;
  /** A name for tests and styles (`data-fact="state"`). */
  name?: string;
}

/** Term and value pairs, read as text. */
export function Facts({ facts, ...rest }: { facts: readonly Fact[] } & Record<`data-${string}`, string>) {
  const shown = facts.filter((fact) => fact.value !== null && fact.value !== undefined && fact.value !== '' && fact.value !== false);
  return (
    <List {...rest}>
      {shown.map((fact) => (
        <Pair key={fact.term} data-fact={fact.name}>
          <dt>{fact.term}</dt>
          <dd>{fact.value}</dd>
        </Pair>
      ))}
    </List>
  );
}

/** Blocks side by side on a wide page, one below the other on a phone (issuer and payer). */
export const Blocks = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr));
  gap: ${space(2)};
  margin: 0 0 ${space(2)};
`;

const Block = styled.section`
  padding: ${space(1.5)} ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  h3 {
    margin: 0 0 ${space(1)};
    font-size: 1rem;
    color: ${token('color-text-muted')};
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** A party's block: a small heading, then its lines (name, NIF, address), each line given once. */
export function PartyBlock({ title, lines, ...rest }: { title: string; lines: readonly ReactNode[] } & Record<`data-${string}`, string>) {
  return (
    <Block aria-label={title} {...rest}>
      <h3>{title}</h3>
      {lines.filter((line) => line !== null && line !== undefined && line !== '').map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </Block>
  );
}
