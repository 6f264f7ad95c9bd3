// A document's integrity hashes, folded away under "Integridade": staff open it when they need
// to prove the document unchanged; nobody reads hashes by default.
import styled from 'styled-components';
import type { TreasuryDocView } from '../../../core/index.js';
import { focusRing, space, token } from '../../kit/index.js';
import { Facts } from '../../feature-kit/facts.js';
import { DOC_TEXTS as T } from './doc-texts.js';

const Fold = styled.details`
  margin-top: ${space(3)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  padding: ${space(1)} ${space(2)};
  summary {
    cursor: pointer;
    font-weight: 600;
    border-radius: ${token('radius')};
    ${focusRing}
  }
  p {
    margin: ${space(1.5)} 0;
    color: ${token('color-text-muted')};
  }
  dd {
    font-family: ui-monospace, monospace;
    font-size: 0.85rem;
  }
`;

export function DocIntegrity({ integrity }: { integrity: NonNullable<TreasuryDocView['integrity']> }) {
  return (
    <Fold data-integrity>
      <summary>{T.integrity}</summary>
      <p>{T.integrityHint}</p>
      <Facts
        facts={[
          { term: T.pdfSha256, value: integrity.pdf_sha256 },
          { term: T.chainLink, value: integrity.hash },
          { term: T.previousLink, value: integrity.prev_hash ?? T.firstOfSeries },
        ]}
      />
    </Fold>
  );
}
