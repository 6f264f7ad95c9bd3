import { useState } from 'react';
import styled from 'styled-components';
import { LIST_ALL, RESOURCE, type ApiRecord } from '../../core/index.js';
import { Button, EmptyState, ErrorState, Loading, useQuery } from '../kit/index.js';
import { DataTable, TableBox } from '../feature-kit/data-table.js';
import { useCore } from '../feature-kit/use-core.js';
import { formatDay } from '../payment-debts/index.js';
import { formatMoney } from '../shared/money.js';
import { HomeSection } from './section.js';
import { MEMBER_HOME_TEXTS } from './texts.js';

const T = MEMBER_HOME_TEXTS.receipts;
const DOCS = RESOURCE.treasuryDocs;

interface OwnReceipt extends ApiRecord {
  number: string;
  type: string;
  issue_date: string;
  total: number;
  annulled_by_doc?: number | null;
}

const Table = styled(DataTable)`
  & [data-amount] {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

/** One receipt's PDF, which the server gives its own member only. */
function ReceiptPdf({ receipt }: { receipt: OwnReceipt }) {
  const core = useCore();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      // Loaded on the first download: the member's home stays within its size budget.
      const { downloadTreasuryPdf } = await import('../shared/treasury-download.js');
      await downloadTreasuryPdf(core, receipt._id, receipt.number);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void download()} disabled={busy} aria-label={T.downloadOne(receipt.number)}>
        {busy ? T.downloading : T.download}
      </Button>
      {failed && <ErrorState message={T.downloadFailed} />}
    </>
  );
}

/** On the member's home: the receipts issued to them, newest first, each with its PDF (only with treasury on the server). */
export function OwnReceipts() {
  const core = useCore();
  const offered = core.explainer.may(DOCS, 'list');
  const view = useQuery<OwnReceipt[]>(core.queries, offered ? { path: DOCS, params: { _page: 1, _limit: LIST_ALL, _sort: '-issue_date' }, resources: [DOCS] } : null);
  if (!offered) return null;
  let body;
  if (view.status === 'failed' || view.status === 'notFound') body = <ErrorState message={T.failed} onRetry={view.refresh} />;
  else if (!view.data) body = <Loading />;
  else if (view.data.length === 0) body = <EmptyState message={T.none} />;
  else
    body = (
      <TableBox>
        <Table>
          <caption hidden>{T.title}</caption>
          <thead>
            <tr>
              <th scope="col">{T.number}</th>
              <th scope="col">{T.date}</th>
              <th scope="col" data-amount>
                {T.total}
              </th>
              <th scope="col">{T.pdf}</th>
            </tr>
          </thead>
          <tbody>
            {view.data.map((receipt) => (
              <tr key={receipt._id} data-receipt={receipt._id}>
                <td>
                  {receipt.number}
                  {receipt.annulled_by_doc ? ` (${T.annulled})` : ''}
                </td>
                <td>{formatDay(receipt.issue_date)}</td>
                <td data-amount>{formatMoney(receipt.total ?? 0)}</td>
                <td>
                  <ReceiptPdf receipt={receipt} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableBox>
    );
  return (
    <HomeSection id="receipts" title={T.title}>
      {body}
    </HomeSection>
  );
}
