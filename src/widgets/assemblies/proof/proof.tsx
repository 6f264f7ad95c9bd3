// The proof of convocation (prova de convocação): each associate convened, by which channel, to
// which address, when, and where its delivery stands; the printed batch of letters with its date;
// the totals; and the same as a PDF. The evidence a court asks for when a deliberation is
// challenged.
import { Fragment, useId, useState } from 'react';
import styled from 'styled-components';
import { assemblyPdf, proofQuery, type ConvocationProof, type ProofRow } from '../../../core/modules/assemblies.js';
import { Button, Loading, space, token, useQuery } from '../../kit/index.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import { Facts } from '../../feature-kit/facts.js';
import { Buttons } from '../../feature-kit/groups.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { openPdf } from '../../shared/download.js';
import { ASSEMBLY_WORDS as W, moment, PROOF_TEXTS as T, shortDay } from '../texts.js';

const TableTitle = styled.h2`
  margin: ${space(2)} 0 ${space(1)};
  font-size: 1.05rem;
`;

const Line = styled.p`
  margin: ${space(2)} 0 0;
`;


const Failed = styled.span`
  color: ${token('color-danger')};
  font-weight: 600;
`;

/** A row's delivery in words: an e-mail's outbox state, a letter printed or waiting to be. */
function deliveryText(row: ProofRow): string {
  if (row.channel === 'post' && (row.delivery === null || row.delivery === 'pending')) return T.letterToPrint;
  return row.delivery ? W.delivery[row.delivery] : '';
}

const Reason = styled.span`
  display: block;
  font-size: 0.875em;
  color: ${token('color-text-muted')};
  overflow-wrap: anywhere;
`;

const countWhere = (rows: readonly ProofRow[], test: (row: ProofRow) => boolean): number => rows.filter(test).length;

export interface AssemblyProofProps {
  assemblyId?: string;
  /** The assembly's page, '/assembleias/:id' (the way back). */
  assemblyPath?: string;
}

export function AssemblyProof({ assemblyId, assemblyPath }: AssemblyProofProps) {
  const core = useCore();
  const view = useQuery<ConvocationProof>(core.queries, assemblyId ? proofQuery(assemblyId) : null);
  const [busy, setBusy] = useState(false);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const titleId = useId();
  if (!assemblyId) return null;

  const back = assemblyPath && (
    <NavLink path={pathWith(assemblyPath, { id: assemblyId })} data-assembly-link>
      {T.back}
    </NavLink>
  );
  if (view.status === 'loading' || view.status === 'idle') return <Loading />;
  const proof = view.data;
  if (view.status !== 'loaded' || !proof) {
    const text = describeFailure(view.error, T.failed);
    return (
      <div data-assembly-proof="failed">
        <Notice tone="error">
          <p>{text}</p>
        </Notice>
        {back && <Buttons>{back}</Buttons>}
      </div>
    );
  }

  // A draft has nothing to prove yet.
  if (proof.assembly?.status === 'draft') {
    return (
      <div data-assembly-proof="draft">
        <Notice tone="info">
          <p>{T.notConvened}</p>
        </Notice>
        {back && <Buttons>{back}</Buttons>}
      </div>
    );
  }
  const rows = proof.rows;
  const emails = proof.totals?.emails ?? countWhere(rows, (row) => row.channel === 'email');
  const letters = proof.totals?.letters ?? countWhere(rows, (row) => row.channel === 'post');
  // The e-mails' states from the rows themselves: the server's pending total counts letters not yet printed too.
  const email = (state: ProofRow['delivery']) => countWhere(rows, (row) => row.channel === 'email' && row.delivery === state);
  const sent = email('sent');
  const failed = email('failed');
  const pending = emails - sent - failed;
  const assembly = proof.assembly;

  const download = async () => {
    setBusy(true);
    setPdfError(null);
    try {
      await openPdf(core, assemblyPdf.proof(core, assemblyId), `prova-convocacao-${assembly?.date ?? assemblyId}.pdf`);
    } catch (e) {
      setPdfError(describeFailure(e, T.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-assembly-proof="loaded">
      <Buttons>
        <Button variant="secondary" onClick={() => void download()} disabled={busy} data-proof-pdf>
          {T.pdf}
        </Button>
        {back}
      </Buttons>
      {pdfError && (
        <Notice tone="error">
          <p>{pdfError}</p>
        </Notice>
      )}
      {assembly && (
        <Facts
          data-proof-facts=""
          facts={[
            { term: T.assembly, value: assembly.title, name: 'title' },
            { term: T.assemblyDate, value: [shortDay(assembly.date), assembly.time].filter(Boolean).join(', '), name: 'date' },
            { term: T.convenedAt, value: moment(assembly.convened_at), name: 'convened-at' },
            { term: T.convenedBy, value: assembly.convened_by, name: 'convened-by' },
            { term: T.lastNoticeDay, value: shortDay(assembly.last_notice_day), name: 'last-notice-day' },
          ]}
        />
      )}
      {rows.length === 0 ? (
        <p>{T.empty}</p>
      ) : (
        <>
          <TableTitle id={titleId}>{T.caption}</TableTitle>
          <TableBox>
            <DataTable $dense aria-labelledby={titleId} data-proof-table>
              <thead>
                <tr>
                  <th scope="col">{T.columns.number}</th>
                  <th scope="col">{T.columns.name}</th>
                  <th scope="col">{T.columns.channel}</th>
                  <th scope="col">{T.columns.recipient}</th>
                  <th scope="col">{T.columns.sentAt}</th>
                  <th scope="col">{T.columns.delivery}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={`${row.number ?? ''}-${index}`} data-proof-row={row.number ?? ''} data-delivery={row.delivery ?? ''}>
                    <td>{row.number ?? ''}</td>
                    <td>{row.name}</td>
                    <td>{W.channel[row.channel]}</td>
                    {/* An address's lines as its envelope shows them (a card's cells do not keep line breaks). */}
                    <td data-recipient>
                      {(row.recipient ?? '').split('\n').map((line, i) => (
                        <Fragment key={i}>
                          {i > 0 && <br />}
                          {line}
                        </Fragment>
                      ))}
                    </td>
                    <td>{moment(row.sent_at)}</td>
                    <td data-delivery-text>
                      {row.delivery === 'failed' ? <Failed>{deliveryText(row)}</Failed> : deliveryText(row)}
                      {row.delivery_at && row.delivery !== 'pending' && row.channel === 'email' ? ` (${moment(row.delivery_at)})` : ''}
                      {row.delivery === 'failed' && row.last_error ? <Reason>{row.last_error}</Reason> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </TableBox>
        </>
      )}
      <Line data-printed>{letters === 0 ? T.noLetters : proof.printed ? T.printed(moment(proof.printed.at), proof.printed.letters ?? null) : T.notPrinted}</Line>
      <Line data-totals>{T.totals(proof.totals?.rows ?? rows.length, emails, letters)}</Line>
      {emails > 0 && <Line data-delivery-totals>{T.deliveryTotals(sent, failed, pending)}</Line>}
    </div>
  );
}
