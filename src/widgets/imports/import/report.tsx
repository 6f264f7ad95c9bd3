// The third step's answer, a dry run: how many rows would be created, updated, left as they are,
// are repeated in the file or have errors, and each row with its outcome, the member it matched
// (linked) and its errors (field and reason), filtered by outcome. Nothing is written.
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, Label, Select, space, token, VisuallyHidden } from '../../kit/index.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { failureText, importRows } from '../api.js';
import type { ImportCheck, ImportField, ImportOutcome, ImportRowResult } from '../../../core/index.js';
import { IMPORT_TEXTS as T, OUTCOME_LABELS } from '../texts.js';

const OUTCOMES = Object.keys(OUTCOME_LABELS) as ImportOutcome[];

const Summary = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)};
  margin: 0 0 ${space(2)};
  padding: 0;
  list-style: none;
  li {
    display: grid;
    min-width: 7.5rem;
    padding: ${space(1)} ${space(1.5)};
    border: 1px solid ${token('color-border')};
    border-radius: ${token('radius')};
  }
  strong {
    font-size: 1.4rem;
    line-height: 1.2;
  }
  span {
    font-size: 0.875rem;
    color: ${token('color-text-muted')};
  }
  li[data-outcome='error'][data-some] {
    border-color: ${token('color-danger')};
  }
`;

const Filter = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)};
  margin: 0 0 ${space(1.5)};
  select {
    width: auto;
    max-width: 100%;
  }
`;

const Errors = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${token('color-danger')};
`;

const Muted = styled.span`
  color: ${token('color-text-muted')};
  font-size: 0.875rem;
`;

/** What a row does to the ledger (a history row: the quota it raises, the payment it records). */
const Actions = styled.ul`
  margin: ${space(0.5)} 0 0;
  padding: 0;
  list-style: none;
  font-size: 0.875rem;
  color: ${token('color-text-muted')};
`;

const More = styled.p`
  margin: ${space(1)} 0 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)};
`;

function MemberCell({ row, memberPath }: { row: ImportRowResult; memberPath: string | undefined }) {
  if (!row.member) return null;
  const label = T.memberLabel(row.member.name, row.member.number);
  return (
    <>
      {memberPath ? <NavLink path={pathWith(memberPath, { id: row.member.id })}>{label}</NavLink> : <span>{label}</span>}
      {row.matchedBy && T.matchedBy[row.matchedBy] && (
        <>
          {' '}
          <Muted>{T.matchedBy[row.matchedBy]}</Muted>
        </>
      )}
    </>
  );
}

/** The server's page of rows when it has not said yet (GET imports/:id/rows answers its pageSize). */
const PAGE_SIZE = 100;

/** The rows of one outcome (or all) in file order, whoever sent them, each once. */
function merged(a: readonly ImportRowResult[], b: readonly ImportRowResult[]): ImportRowResult[] {
  const byLine = new Map([...a, ...b].map((row) => [row.line, row]));
  return [...byLine.values()].sort((x, y) => x.line - y.line);
}

export interface ReportProps {
  batch: number;
  check: ImportCheck;
  /** The kind's fields: an error or a change names its field by label. */
  fields: readonly ImportField[];
  /** A member's page ('/socios/:id'): a matched member's name links there. */
  memberPath?: string;
}

export function Report({ batch, check, fields, memberPath }: ReportProps) {
  const core = useCore();
  const filterId = useId();
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  // Rows read beyond the check's first ones, by filter ('' for all).
  const [extra, setExtra] = useState<Record<string, ImportRowResult[]>>({});
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const labels = new Map(fields.map((field) => [field.key, field.label]));
  const labelOf = (key: string) => (key === 'file' ? '' : (labels.get(key) ?? key));
  const total = OUTCOMES.reduce((sum, key) => sum + (check.summary[key] ?? 0), 0);
  const wanted = outcome ? (check.summary[outcome] ?? 0) : total;
  const filterKey = outcome ?? '';
  const rows = merged(outcome ? check.rows.filter((row) => row.outcome === outcome) : check.rows, extra[filterKey] ?? []);

  /** The next page past the rows shown (pages of the filter's rows, in file order). */
  async function more() {
    setLoading(true);
    setError(null);
    try {
      let shown = rows;
      let size = pageSize;
      // A page may hold only rows already shown (the check sent them): then the next one.
      for (let page = Math.floor(shown.length / size) + 1; shown.length < wanted; page += 1) {
        const answer = await importRows(core, batch, outcome, page);
        size = answer.pageSize || size;
        const next = merged(shown, answer.rows);
        const added = next.length > shown.length;
        shown = next;
        if (added || answer.rows.length === 0) break;
      }
      setPageSize(size);
      setExtra((current) => ({ ...current, [filterKey]: shown }));
    } catch (e) {
      setError(failureText(e, T.checkFailed));
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      <Summary data-summary="" aria-label={T.summaryLabel}>
        {OUTCOMES.map((key) => (
          <li key={key} data-outcome={key} data-some={(check.summary[key] ?? 0) > 0 ? '' : undefined}>
            <strong>{check.summary[key] ?? 0}</strong>
            <span>{OUTCOME_LABELS[key]}</span>
          </li>
        ))}
      </Summary>
      <Filter>
        <Label htmlFor={filterId}>{T.show}</Label>
        <Select id={filterId} value={outcome ?? ''} onChange={(event) => setOutcome((event.target.value || null) as ImportOutcome | null)} data-outcome-filter="">
          <option value="">{`${T.allRows} (${total})`}</option>
          {OUTCOMES.map((key) => (
            <option key={key} value={key}>{`${OUTCOME_LABELS[key]} (${check.summary[key] ?? 0})`}</option>
          ))}
        </Select>
      </Filter>
      {rows.length === 0 ? (
        <p data-no-rows="">{T.noRows}</p>
      ) : (
        <TableBox>
          <DataTable $dense data-report-rows="">
            <caption>
              <VisuallyHidden>{outcome ? `${T.reportTitle}: ${OUTCOME_LABELS[outcome]}` : T.reportTitle}</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">{T.line}</th>
                <th scope="col">{T.outcome}</th>
                <th scope="col">{T.member}</th>
                <th scope="col">{T.errors}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.line} data-line={row.line} data-outcome={row.outcome}>
                  <td>{row.line}</td>
                  <td>
                    <span data-state="">{OUTCOME_LABELS[row.outcome] ?? row.outcome}</span>
                    {row.outcome === 'update' && row.changes && row.changes.length > 0 && (
                      <>
                        {' '}
                        <Muted>{T.changes(row.changes.map(labelOf))}</Muted>
                      </>
                    )}
                    {row.actions && row.actions.length > 0 && (
                      <Actions data-row-actions="">
                        {row.actions.map((action, i) => (
                          <li key={i}>{action}</li>
                        ))}
                      </Actions>
                    )}
                  </td>
                  <td>
                    <MemberCell row={row} memberPath={memberPath} />
                  </td>
                  <td>
                    {row.errors.length > 0 && (
                      <Errors>
                        {row.errors.map((item, i) => (
                          <li key={i}>{T.errorLine(labelOf(item.field), item.message)}</li>
                        ))}
                      </Errors>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableBox>
      )}
      {rows.length < wanted && (
        <More>
          <span data-rows-shown="">{T.firstRows(rows.length, wanted)}</span>
          <Button variant="secondary" disabled={loading} onClick={() => void more()}>
            {T.moreRows}
          </Button>
        </More>
      )}
      {error && (
        <p role="alert" data-rows-error="">
          {error}
        </p>
      )}
    </>
  );
}
