import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import type { AuditHistoryEntry } from '../../core/audit.js';
import type { ExplainerField } from '../../core/index.js';
import { Button, EmptyState, ErrorState, Loading, space, token, useSignalValue } from '../kit/index.js';
import { DataTable, TableBox } from '../feature-kit/data-table.js';
import { Notice } from '../feature-kit/layout.js';
import { statusOf } from '../feature-kit/server-message.js';
import { referenceCache } from '../shared/reference-cache.js';
import { useCore } from '../feature-kit/use-core.js';
import { useExplainerResource } from '../shared/use-explainer.js';
import { actionLabel, actorLabel, changeLines, referencedIds, type ChangeLine } from './describe.js';
import { HISTORY_TEXTS as T } from './texts.js';
import { HISTORY_PAGE_SIZE, useHistory } from './use-history.js';

const Title = styled.h2`
  margin: 0 0 ${space(1.5)};
  font-size: 1.25em;
`;



const NoWrap = styled.td`
  white-space: nowrap;
`;

const Muted = styled.span`
  display: block;
  font-size: 0.85em;
  color: ${token('color-text-muted')};
`;

const Changes = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  & li + li {
    margin-top: ${space(0.5)};
  }
  & li {
    overflow-wrap: anywhere;
  }
`;

const FieldName = styled.span`
  font-weight: 600;
`;

const Old = styled.span`
  color: ${token('color-text-muted')};
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(2)};
  margin-top: ${space(1.5)};
`;

// A full year and seconds: an audit trail is read for the exact moment, years later.
const dateTime = new Intl.DateTimeFormat('pt-PT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

function when(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : dateTime.format(date);
}

/** "Campo: antes → depois"; a create shows what was set, a delete what was there. */
function Change({ line, action }: { line: ChangeLine; action: string }) {
  let value;
  if (line.from === null || line.to === null) value = T.secretChanged;
  else if (action === 'create') value = line.to;
  else if (action === 'delete') value = <Old>{line.from}</Old>;
  else
    value = (
      <>
        <Old>{line.from}</Old> {T.arrow} {line.to}
      </>
    );
  return (
    <li data-field={line.field}>
      <FieldName>{line.label}</FieldName>: {value}
    </li>
  );
}

/** Reads the names of the records the changes point to, so they read as names, not ids. */
function useChangeLabels(entries: readonly AuditHistoryEntry[], fields: readonly ExplainerField[]) {
  const core = useCore();
  const cache = referenceCache(core);
  const labels = useSignalValue(cache.labels);
  useEffect(() => {
    // A name the caller may not read shows as its id: the history itself still works.
    for (const [ref, ids] of referencedIds(entries, fields)) cache.ensure(ref, ids).catch(() => undefined);
  }, [cache, entries, fields]);
  return (field: ExplainerField) => (field.ref ? labels[field.ref] : undefined);
}

interface RecordHistoryProps {
  resource?: string;
  recordId?: string;
}

/** Who changed which field of one record, from what to what, newest first (GET {res}/{id}/history). */
export function RecordHistory({ resource = '', recordId = '' }: RecordHistoryProps) {
  const core = useCore();
  const titleId = useId();
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [resource, recordId]);
  const explainer = useExplainerResource(core, resource);
  const fields = explainer.entry?.fields ?? [];
  const { load, reload } = useHistory(core, resource, recordId, page);
  const entries = load.state === 'loaded' ? load.entries : [];
  const labelsFor = useChangeLabels(entries, fields);

  let body;
  if (!resource || !recordId) body = <EmptyState message={T.noRecord} />;
  else if (load.state === 'failed')
    body =
      statusOf(load.error) === 403 ? (
        <Notice tone="info">
          <p>{T.forbidden}</p>
        </Notice>
      ) : (
        <ErrorState message={T.loadFailed} onRetry={reload} />
      );
  else if (load.state === 'loading' || explainer.status === 'loading') body = <Loading />;
  else if (load.total === 0) body = <EmptyState message={T.empty} />;
  else {
    const pages = Math.max(1, Math.ceil(load.total / HISTORY_PAGE_SIZE));
    body = (
      <>
        <TableBox>
          <DataTable $dense aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{T.when}</th>
                <th scope="col">{T.who}</th>
                <th scope="col">{T.action}</th>
                <th scope="col">{T.changes}</th>
              </tr>
            </thead>
            <tbody>
              {load.entries.map((entry) => (
                <tr key={entry._id} data-id={entry._id} data-action={entry.action}>
                  <NoWrap>
                    <time dateTime={entry.at}>{when(entry.at)}</time>
                  </NoWrap>
                  <td>
                    {actorLabel(entry)}
                    {entry.address && <Muted>{T.fromAddress(entry.address)}</Muted>}
                  </td>
                  <td>{actionLabel(entry.action)}</td>
                  <td>
                    <Changes>
                      {changeLines(entry, fields, labelsFor).map((line) => (
                        <Change key={line.field} line={line} action={entry.action} />
                      ))}
                    </Changes>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableBox>
        {pages > 1 && (
          <Pager aria-label={T.pagination}>
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {T.next}
            </Button>
            <span>{T.page(page, pages)}</span>
            <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {T.previous}
            </Button>
          </Pager>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={titleId}>
      <Title id={titleId}>{T.title}</Title>
      {body}
    </section>
  );
}
