// A treasury document's page, read as a document: its number and type, the series by name, its
// situation (issued, or annulled by a note, linked both ways), issuer and payer, the lines as a
// table in euros, the payment it documents, the PDF and its preview, the status history, and
// annulment with a reason; the integrity hashes folded under "Integridade".
import { useState } from 'react';
import styled from 'styled-components';
import type { TreasuryDocView } from '../../../core/index.js';
import { Button, EmptyState, ErrorState, Loading, space, token, useQuery, useSignalValue } from '../../kit/index.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import { Blocks, Facts, PartyBlock, type Fact } from '../../feature-kit/facts.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatDay } from '../../shared/format.js';
import { formatMoney } from '../../shared/money.js';
import { downloadTreasuryPdf } from '../../shared/treasury-download.js';
import { DOCS, type StatusChange } from '../api.js';
import { TREASURY_TEXTS } from '../texts.js';
import { DocIntegrity } from './doc-integrity.js';
import { AnnulDoc, DocPaymentPart } from './doc-payment.js';
import { DocPreview } from './doc-preview.js';
import { DOC_TEXTS as T } from './doc-texts.js';

const Page = styled.article`
  h2 {
    margin: 0 0 ${space(1.5)};
    font-size: 1.15rem;
  }
`;

/** The document, its preview, then its history, one below the other. */
const Part = styled.section`
  & + & {
    margin-top: ${space(3)};
  }
`;

const Title = styled.h2`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${space(1)};
  small {
    font-size: 0.95rem;
    font-weight: 400;
    color: ${token('color-text-muted')};
  }
`;

const Amount = styled.td`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  text-align: right;
`;

const AmountHead = styled.th`
  text-align: right;
`;

const Wording = styled.p`
  margin: ${space(1.5)} 0 0;
  color: ${token('color-text-muted')};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1.5)};
  align-items: center;
  margin-top: ${space(2)};
`;

function StatusHistory({ docId }: { docId: string }) {
  const core = useCore();
  const view = useQuery<StatusChange[]>(core.queries, { path: `${DOCS}/${encodeURIComponent(docId)}/status-history`, resources: [DOCS] });
  if (view.status === 'failed' || view.status === 'notFound') return <ErrorState message={TREASURY_TEXTS.historyFailed} onRetry={view.refresh} />;
  if (!view.data) return <Loading />;
  if (view.data.length === 0) return <EmptyState message={TREASURY_TEXTS.noHistory} />;
  return (
    <TableBox>
      <DataTable>
        <caption hidden>{TREASURY_TEXTS.history}</caption>
        <thead>
          <tr>
            <th scope="col">{TREASURY_TEXTS.when}</th>
            <th scope="col">{TREASURY_TEXTS.status}</th>
            <th scope="col">{TREASURY_TEXTS.by}</th>
          </tr>
        </thead>
        <tbody>
          {view.data.map((change) => (
            <tr key={change._id}>
              <td>
                {formatDay(change.at.slice(0, 10))} {change.at.slice(11, 16)}
              </td>
              <td>{change.status_name ?? TREASURY_TEXTS.noStatus}</td>
              <td>{change.by_name ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </TableBox>
  );
}

/** A document named by its number, linked to its page when there is one to link to. */
function DocNumber({ id, number, docPath }: { id: number; number: string; docPath?: string }) {
  return docPath ? (
    <NavLink path={pathWith(docPath, { id })} data-doc-link={id}>
      {number}
    </NavLink>
  ) : (
    <>{number}</>
  );
}

/** Issued, or annulled on a day by a note (linked), with the reason. */
function situation(doc: TreasuryDocView, docPath?: string): Fact[] {
  if (!doc.annulled_by) return [{ term: T.state, name: 'state', value: T.issued }];
  const note = doc.annulled_by;
  return [
    {
      term: T.state,
      name: 'state',
      value: (
        <>
          {T.annulledOn(formatDay(note.issue_date))} <DocNumber id={note._id} number={note.number} docPath={docPath} />
        </>
      ),
    },
    { term: T.reason, name: 'reason', value: note.reason },
  ];
}

function Lines({ doc }: { doc: TreasuryDocView }) {
  return (
    <TableBox>
      <DataTable data-doc-lines>
        <caption hidden>{T.lines}</caption>
        <thead>
          <tr>
            <th scope="col">{T.description}</th>
            <AmountHead scope="col">{T.amount}</AmountHead>
          </tr>
        </thead>
        <tbody>
          {doc.lines.map((line, i) => (
            <tr key={i}>
              <td>{line.description}</td>
              <Amount>{formatMoney(line.amount)}</Amount>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{T.total}</th>
            <Amount data-doc-total>
              <strong>{formatMoney(doc.total)}</strong>
            </Amount>
          </tr>
        </tfoot>
      </DataTable>
    </TableBox>
  );
}

function Parties({ doc, memberPath }: { doc: TreasuryDocView; memberPath?: string }) {
  const core = useCore();
  const memberWord = useSignalValue(core.terminology.terminology)?.memberSingular ?? TREASURY_TEXTS.defaultSingular;
  const { issuer, payer } = doc;
  const member = payer.member;
  return (
    <Blocks>
      <PartyBlock title={T.issuer} data-issuer="" lines={[<strong key="name">{issuer.name}</strong>, issuer.nif && T.nif(issuer.nif), issuer.address]} />
      <PartyBlock
        title={T.payer}
        data-payer=""
        lines={[
          <strong key="name">{payer.name}</strong>,
          payer.member_number !== null && T.memberNumber(memberWord, payer.member_number),
          payer.nif && T.nif(payer.nif),
          payer.address,
          member !== null && memberPath && (
            <NavLink key="member" path={pathWith(memberPath, { id: member })} data-member-link={member}>
              {T.openMember(memberWord)}
            </NavLink>
          ),
        ].filter((line) => line !== false && line !== null)}
      />
    </Blocks>
  );
}

export interface TreasuryDocProps {
  docId?: string;
  /** A document's page, its ':id' left in (`/tesoouraria/:id`): the annulment note's link. */
  docPath?: string;
  /** A payment's page, its ':id' left in (`/pagamentos/:id`): the payment a receipt documents. */
  paymentPath?: string;
  /** A member's page, its ':id' left in (`/socios/:id`): the payer's. */
  memberPath?: string;
}

export function DocDetail({ docId, docPath, paymentPath, memberPath }: TreasuryDocProps) {
  const core = useCore();
  const view = useQuery<TreasuryDocView>(core.queries, docId ? { path: `${DOCS}/${encodeURIComponent(docId)}/view`, resources: [DOCS] } : null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  if (!docId) return null;
  if (view.status === 'failed' || view.status === 'notFound') return <ErrorState message={T.loadFailed} onRetry={view.refresh} />;
  const doc = view.data;
  if (!doc) return <Loading />;
  const payment = doc.payments[0] ?? null;
  const openDocPdf = () => {
    setPdfError(null);
    downloadTreasuryPdf(core, doc._id, doc.number).catch((e: unknown) => setPdfError(describeFailure(e, TREASURY_TEXTS.pdfFailed)));
  };
  const facts: Fact[] = [
    { term: T.type, name: 'type', value: doc.type_label },
    { term: T.series, name: 'series', value: doc.series_name },
    { term: T.issueDate, name: 'issue-date', value: formatDay(doc.issue_date) },
    ...situation(doc, docPath),
    ...(doc.annuls
      ? [
          { term: T.annuls, name: 'annuls', value: <DocNumber id={doc.annuls._id} number={doc.annuls.number} docPath={docPath} /> },
          { term: T.reason, name: 'reason', value: doc.annuls.reason },
        ]
      : []),
    { term: T.issuedBy, name: 'issued-by', value: doc.issued_by_name },
  ];
  return (
    <Page aria-labelledby="treasury-doc-title" data-treasury-doc={doc._id} data-annulled={doc.annulled_by ? 'true' : 'false'}>
      <Part>
        <Title id="treasury-doc-title">
          {doc.number} <small>{doc.type_label}</small>
        </Title>
        {doc.annulled_by && (
          <Notice tone="warning">
            <p>
              {TREASURY_TEXTS.annulledPlain} <DocNumber id={doc.annulled_by._id} number={doc.annulled_by.number} docPath={docPath} />
            </p>
          </Notice>
        )}
        <Facts facts={facts} data-doc-facts="" />
        <Parties doc={doc} memberPath={memberPath} />
        <Lines doc={doc} />
        {doc.vat_wording && <Wording>{doc.vat_wording}</Wording>}
        {doc.wording && <Wording>{doc.wording}</Wording>}
        {payment && <DocPaymentPart payment={payment} paymentPath={paymentPath} />}
        <Actions>
          <Button onClick={openDocPdf} data-action="pdf">
            {TREASURY_TEXTS.pdf}
          </Button>
          {!doc.annulled_by && !doc.annuls && <AnnulDoc docId={doc._id} payment={payment} />}
        </Actions>
        {pdfError && (
          <Notice tone="error">
            <p>{pdfError}</p>
          </Notice>
        )}
      </Part>
      <Part aria-label={T.preview}>
        <h2>{T.preview}</h2>
        <DocPreview docId={doc._id} number={doc.number} />
      </Part>
      <Part aria-label={TREASURY_TEXTS.history}>
        <h2>{TREASURY_TEXTS.history}</h2>
        <StatusHistory docId={docId} />
      </Part>
      {doc.integrity && <DocIntegrity integrity={doc.integrity} />}
    </Page>
  );
}
