// Below a treasury document's (read-only) record: the payment it documents, its PDF, its status
// history, and annulment with a reason, which issues an annulment note (and, when asked, annuls
// the payment too).
import { useState } from 'react';
import styled from 'styled-components';
import { Button, EmptyState, ErrorState, Loading, space, useQuery, useRecord } from '../../../widgets/kit/index.js';
import { DataTable, TableBox } from '../../../widgets/feature-kit/data-table.js';
import { Notice } from '../../../widgets/feature-kit/layout.js';
import { describeFailure } from '../../../widgets/feature-kit/server-message.js';
import { formatDay } from '../../../widgets/payment-debts/ledger.js';
import { downloadTreasuryPdf } from '../../../widgets/shared/treasury-download.js';
import { useHost } from '../../context.js';
import { pathOf, type RouteDef } from '../../routes.js';
import { Panel, SecondaryRouteLink } from '../../shell/styles.js';
import { DOCS, type StatusChange } from './api.js';
import { AnnulDoc, DocPaymentPart, useDocPayment } from './doc-payment.js';
import { TREASURY_TEXTS as T } from './texts.js';

const Section = styled.section`
  margin-top: ${space(3)};
  h2 {
    margin: 0 0 ${space(1.5)};
    font-size: 1.15rem;
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
  const { core } = useHost();
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

export function DocDetail({ docId, routes }: { docId: string; routes: readonly RouteDef[] }) {
  const { core } = useHost();
  const view = useRecord<TreasuryDoc>(core.queries, DOCS, docId);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const doc = view.record;
  const payment = useDocPayment(Number(docId), doc?.member ?? null);
  if (!doc) return null;
  const openDocPdf = () => {
    setPdfError(null);
    downloadTreasuryPdf(core, doc._id, doc.number).catch((e: unknown) => setPdfError(describeFailure(e, T.pdfFailed)));
  };
  return (
    <Section aria-labelledby="treasury-doc-title" data-treasury-doc={doc._id}>
      <Panel>
        <h2 id="treasury-doc-title">{T.document}</h2>
        {doc.annulled_by_doc && (
          <Notice tone="warning">
            <p>
              {T.annulledPlain}{' '}
              <SecondaryRouteLink href={pathOf(routes, 'treasuryDocsEdit', { id: doc.annulled_by_doc })}>{T.annulledLink}</SecondaryRouteLink>
            </p>
          </Notice>
        )}
        {payment && <DocPaymentPart payment={payment} routes={routes} />}
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
      </Panel>
      <Panel>
        <h2>{T.history}</h2>
        <StatusHistory docId={docId} />
      </Panel>
    </Section>
  );
}
