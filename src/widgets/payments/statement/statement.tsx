import styled, { createGlobalStyle } from 'styled-components';
import type { Statement } from '../../../core/index.js';
import { Button, EmptyState, ErrorState, Loading, space, token } from '../../kit/index.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatDay } from '../../shared/format.js';
import { formatMoney } from '../../shared/money.js';
import { useStatement } from '../queries.js';
import { ReceiptLinks } from '../receipt-links.js';
import { StandingBadge } from '../standing-badge.js';
import { PAYMENTS_TEXTS as T } from '../texts.js';
import { useMemberWords } from '../words.js';

/**
 * On paper the statement's table is not clipped to a scroll box, and the buttons (print, the
 * receipts' downloads) are left out: the page's print style does not reach inside the shadow root.
 */
const PrintStyle = createGlobalStyle`
  @media print {
    [data-statement] [data-table-box] { overflow: visible; border: none; }
    [data-statement] tr { break-inside: avoid; }
    [data-no-print] { display: none !important; }
  }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${space(2)};
  margin-bottom: ${space(2)};
  h2 {
    margin: 0 0 ${space(0.5)};
    font-size: 1.2rem;
  }
`;

const Summary = styled.dl`
  display: grid;
  grid-template-columns: max-content auto;
  gap: ${space(0.5)} ${space(2)};
  margin: 0;
  dt {
    color: ${token('color-text-muted')};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
`;

const Table = styled(DataTable)`
  & [data-amount] {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  & tfoot th,
  & tfoot td {
    font-weight: 700;
    border-top: 2px solid ${token('color-border')};
  }
`;

/** A payment's receipt under its line's description. */
const ReceiptLine = styled.div`
  margin-top: ${space(0.5)};
  font-size: 0.92em;
`;

const money = (cents: number) => (cents === 0 ? '' : formatMoney(cents));

function Lines({ statement, receiptPath }: { statement: Statement; receiptPath?: string }) {
  const debit = statement.lines.reduce((sum, line) => sum + line.debit, 0);
  const credit = statement.lines.reduce((sum, line) => sum + line.credit, 0);
  const last = statement.lines.at(-1)?.balance ?? 0;
  return (
    <TableBox data-table-box>
      <Table $dense>
        <caption hidden>{T.statement}</caption>
        <thead>
          <tr>
            <th scope="col">{T.date}</th>
            <th scope="col">{T.description}</th>
            <th scope="col" data-amount>
              {T.debit}
            </th>
            <th scope="col" data-amount>
              {T.credit}
            </th>
            <th scope="col" data-amount>
              {T.balance}
            </th>
          </tr>
        </thead>
        <tbody>
          {statement.lines.map((line, i) => (
            <tr key={`${line.kind}-${line.id}-${i}`} data-kind={line.kind}>
              <td>{formatDay(line.date)}</td>
              <td>
                {line.description}
                {line.receipt && (
                  <ReceiptLine>
                    <ReceiptLinks receipt={line.receipt} receiptPath={receiptPath} />
                  </ReceiptLine>
                )}
              </td>
              <td data-amount>{money(line.debit)}</td>
              <td data-amount>{money(line.credit)}</td>
              <td data-amount>{formatMoney(line.balance)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-totals>
            <th scope="row" colSpan={2}>
              {T.totals}
            </th>
            <td data-amount>{formatMoney(debit)}</td>
            <td data-amount>{formatMoney(credit)}</td>
            <td data-amount>{formatMoney(last)}</td>
          </tr>
        </tfoot>
      </Table>
    </TableBox>
  );
}

/** A member's account: every debt, payment, waiver and annulment with the running balance, and their standing. */
export interface MemberStatementProps {
  memberId?: string;
  /** A receipt's page, its ':id' left in (`/tesoouraria/:id`); absent: receipts are not links. */
  receiptPath?: string;
}

export function MemberStatement({ memberId, receiptPath }: MemberStatementProps) {
  const core = useCore();
  const { singular } = useMemberWords(core);
  const view = useStatement(core, memberId);
  if (!memberId) return null;
  if (view.status === 'notFound') return <EmptyState message={`${singular} não encontrado.`} />;
  if (view.status === 'failed') return <ErrorState message={T.statementFailed} onRetry={view.refresh} />;
  if (!view.data) return <Loading />;
  const statement = view.data;
  const { member, standing } = statement;
  return (
    <section data-statement={member._id} aria-labelledby="statement-title">
      <PrintStyle />
      <Head>
        <div>
          <h2 id="statement-title">{T.statementOf(singular, String(member.number ?? ''), member.name)}</h2>
          <Summary>
            <dt>{T.standing}</dt>
            <dd>
              <StandingBadge standing={standing} />
            </dd>
            <dt>{T.openTotal}</dt>
            <dd data-open-total>{formatMoney(standing.openTotal)}</dd>
            {standing.credit > 0 && (
              <>
                <dt>{T.creditTotal}</dt>
                <dd>{formatMoney(standing.credit)}</dd>
              </>
            )}
            {standing.oldestDue && (
              <>
                <dt>{T.oldestDue}</dt>
                <dd>{formatDay(standing.oldestDue)}</dd>
              </>
            )}
          </Summary>
        </div>
        <Button variant="secondary" data-no-print onClick={() => window.print()}>
          {T.print}
        </Button>
      </Head>
      {statement.lines.length === 0 ? <EmptyState message={T.statementEmpty} /> : <Lines statement={statement} receiptPath={receiptPath} />}
    </section>
  );
}
