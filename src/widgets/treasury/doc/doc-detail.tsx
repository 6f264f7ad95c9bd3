// Below a treasury document's (read-only) record: the payment it documents, its PDF, its status
// history, and annulment with a reason, which issues an annulment note (and, when asked, annuls
// the payment too).
import { useState } from 'react';
import styled from 'styled-components';
import { Button, EmptyState, ErrorState, Loading, space, useQuery, useRecord } from '../../kit/index.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatDay } from '../../payment-debts/index.js';
import { downloadTreasuryPdf } from '../../shared/treasury-download.js';
import { DOCS, type StatusChange } from '../api.js';
import { TREASURY_TEXTS as T } from '../texts.js';
import { AnnulDoc, DocPaymentPart, useDocPayment } from './doc-payment.js';

const Section = styled.section`
  h2 {
    margin: 0 0 ${space(1.5)};
    font-size: 1.15rem;
  }
`;

/** The document, then its history, one below the other. */
const Part = styled.div`
  & + & {
    margin-top: ${space(3)};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1.5)};
  align-items: center;
  margin-top: ${space(2)};
`;

interface TreasuryDoc {
  _id: number;
  number: string;
  member: number | null;
  annulled_by_doc: number | null;
  annuls: number | null;
}

function StatusHistory({ docId }: { docId: string }) {
  const core = useCore();
  const view = useQuery<StatusChange[]>(core.queries, { path: `${DOCS}/${encodeURIComponent(docId)}/status-history`, resources: [DOCS] });
  if (view.status === 'failed' || view.status === 'notFound') return <ErrorState message={T.historyFailed} onRetry={view.refresh} />;
  if (!view.data) return <Loading />;
  if (view.data.length === 0) return <EmptyState message={T.noHistory} />;
  return (
    <TableBox>
      <DataTable>
        <caption hidden>{T.history}</caption>
        <thead>
          <tr>
            <th scope="col">{T.when}</th>
            <th scope="col">{T.status}</th>
            <th scope="col">{T.by}</th>
          </tr>
        </thead>
        <tbody>
          {view.data.map((change) => (
            <tr key={change._id}>
              <td>
                {formatDay(change.at.slice(0, 10))} {change.at.slice(11, 16)}
              </td>
              <td>{change.status_name ?? T.noStatus}</td>
              <td>{change.by_name ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </TableBox>
  );
}

export interface TreasuryDocProps {
  docId?: string;
  /** A document's page, its ':id' left in (`/tesoouraria/:id`): the annulment note's link. */
  docPath?: string;
  /** A payment's page, its ':id' left in (`/pagamentos/:id`): the payment a receipt documents. */
  paymentPath?: string;
}

export function DocDetail({ docId, docPath, paymentPath }: TreasuryDocProps) {
  const core = useCore();
  const view = useRecord<TreasuryDoc>(core.queries, DOCS, docId || null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const doc = view.record;
  const payment = useDocPayment(Number(docId), doc?.member ?? null);
  if (!docId || !doc) return null;
  const openDocPdf = () => {
    setPdfError(null);
    downloadTreasuryPdf(core, doc._id, doc.number).catch((e: unknown) => setPdfError(describeFailure(e, T.pdfFailed)));
  };
  return (
    <Section aria-labelledby="treasury-doc-title" data-treasury-doc={doc._id}>
      <Part>
        <h2 id="treasury-doc-title">{T.document}</h2>
        {doc.annulled_by_doc && (
          <Notice tone="warning">
            <p>
              {T.annulledPlain} {docPath && <NavLink path={pathWith(docPath, { id: doc.annulled_by_doc })}>{T.annulledLink}</NavLink>}
            </p>
          </Notice>
        )}
        {payment && <DocPaymentPart payment={payment} paymentPath={paymentPath} />}
        <Actions>
          <Button onClick={openDocPdf} data-action="pdf">
            {T.pdf}
          </Button>
          {!doc.annulled_by_doc && !doc.annuls && <AnnulDoc docId={doc._id} payment={payment} />}
        </Actions>
        {pdfError && (
          <Notice tone="error">
            <p>{pdfError}</p>
          </Notice>
        )}
      </Part>
      <Part>
        <h2>{T.history}</h2>
        <StatusHistory docId={docId} />
      </Part>
    </Section>
  );
}
