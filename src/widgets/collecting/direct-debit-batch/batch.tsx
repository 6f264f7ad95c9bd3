// One direct-debit batch: its totals, the pain.008 files the bank takes, and each collection
// confirmed (the debt is paid) or returned with the bank's reason.
import { useRef, useState } from 'react';
import styled from 'styled-components';
import type { Member } from '../../../core/index.js';
import type { DirectDebitBatch, DirectDebitItem } from '../../../core/records.js';
import { Button, EmptyState, ErrorState, Field, Input, Loading, space, token, useQuery } from '../../kit/index.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import { Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatDay } from '../../shared/format.js';
import { downloadBlob } from '../../shared/download.js';
import { formatMoney } from '../../shared/money.js';
import { useExplainerResource } from '../../shared/use-explainer.js';
import { Buttons } from '../layout.js';
import { BATCHES, ITEMS, optionLabel } from '../sepa.js';
import { COLLECTING_TEXTS as T } from '../texts.js';

const PAIN_VERSIONS = ['pain.008.001.02', 'pain.008.001.08'] as const;
/** What confirming or returning a collection changes: the batch, its items and the member's ledger. */
const CHANGED = [BATCHES, ITEMS, 'unsettled_payments', 'payments', 'member_balances'];

const Amount = styled.td`
  text-align: right;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

const Summary = styled.dl`
  display: grid;
  grid-template-columns: max-content auto;
  gap: ${space(0.5)} ${space(2)};
  margin: 0 0 ${space(2)};
  dt {
    color: ${token('color-text-muted')};
  }
  dd {
    margin: 0;
  }
`;

const Part = styled.h2`
  margin: ${space(2)} 0 ${space(1)};
  font-size: 1.2rem;
  font-weight: 650;
`;

/** A member's number and name (read once per member, shared through the core's queries). */
function MemberName({ id }: { id: number }) {
  const core = useCore();
  const view = useQuery<Pick<Member, '_id' | 'number' | 'name'>>(core.queries, { path: `members/${id}` });
  return <>{view.data ? `${view.data.number ?? ''} ${view.data.name}`.trim() : `#${id}`}</>;
}

export function BatchDetail({ batchId = '' }: { batchId?: string }) {
  const core = useCore();
  const batchFields = useExplainerResource(core, BATCHES).entry?.fields ?? [];
  const itemFields = useExplainerResource(core, ITEMS).entry?.fields ?? [];
  const batchView = useQuery<DirectDebitBatch>(core.queries, batchId ? { path: `${BATCHES}/${encodeURIComponent(batchId)}`, resources: [BATCHES, ITEMS] } : null);
  const itemsView = useQuery<DirectDebitItem[]>(core.queries, batchId ? { path: ITEMS, params: { _page: 1, _limit: -1, _batch: batchId, _sort: '_id' }, resources: [ITEMS] } : null);
  const items = Array.isArray(itemsView.data) ? itemsView.data : [];
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonBox = useRef<HTMLInputElement>(null);

  if (!batchId || batchView.status === 'notFound') return <EmptyState message={T.batchNotFound} />;
  if (batchView.status === 'failed') return <ErrorState message={T.loadFailed} onRetry={batchView.refresh} />;
  if (!batchView.data) return <Loading />;
  const batch = batchView.data;
  const optionsOf = (fields: typeof itemFields, name: string) => fields.find((f) => f.name === name)?.options;
  // Each row's buttons are described by its member cell (whose collection they act on).
  const whoId = (item: DirectDebitItem) => `dd-item-${item._id}-member`;
  const pendingCount = items.filter((item) => item.state === 'pending').length;

  async function act(path: string, body: Record<string, unknown>, done: string) {
    setBusy(true);
    setOutcome(null);
    try {
      await core.queries.action(path, body, { invalidates: CHANGED });
      setOutcome({ tone: 'success', text: done });
    } catch (e) {
      setOutcome({ tone: 'error', text: describeFailure(e, T.actionFailed) });
    } finally {
      setBusy(false);
    }
  }

  function needReason(): string | null {
    if (reason.trim() !== '') return reason.trim();
    setReasonError(T.reasonRequired);
    reasonBox.current?.focus();
    return null;
  }

  async function download(version: string) {
    try {
      const res = await core.http.get<string>(`${BATCHES}/${encodeURIComponent(batchId)}/pain008.xml`, { params: { version } });
      downloadBlob(new Blob([String(res.data)], { type: 'application/xml' }), `debito-direto-${batchId}-${version}.xml`);
    } catch (e) {
      setOutcome({ tone: 'error', text: describeFailure(e, T.actionFailed) });
    }
  }

  return (
    <div data-batch={batch._id}>
      <Summary>
        <dt>{T.collectionDate}</dt>
        <dd>{formatDay(batch.collection_date)}</dd>
        <dt>{T.batchState}</dt>
        <dd data-batch-state>{optionLabel(batch.state, optionsOf(batchFields, 'state'))}</dd>
        <dt>{T.items}</dt>
        <dd>{batch.item_count}</dd>
        <dt>{T.batchTotal}</dt>
        <dd>{formatMoney(batch.total ?? 0)}</dd>
      </Summary>
      <Part>{T.download}</Part>
      <Buttons data-downloads>
        {PAIN_VERSIONS.map((version) => (
          <Button key={version} variant="secondary" onClick={() => void download(version)}>
            {T.downloadVersion(version)}
          </Button>
        ))}
      </Buttons>
      <Part>{T.items}</Part>
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Notice>
      )}
      {pendingCount > 0 && (
        <>
          <Field label={T.reason} hint={T.reasonHint} error={reasonError}>
            {(control) => (
              <Input
                {...control}
                ref={reasonBox}
                value={reason}
                maxLength={500}
                onChange={(e) => {
                  setReason(e.target.value);
                  setReasonError(null);
                }}
              />
            )}
          </Field>
          <Buttons>
            <Button disabled={busy} onClick={() => void act(`${BATCHES}/${batch._id}/confirm`, {}, T.confirmed)}>
              {T.confirmAll}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                const why = needReason();
                if (why) void act(`${BATCHES}/${batch._id}/reject`, { reason: why }, T.rejected);
              }}
            >
              {T.rejectAll}
            </Button>
          </Buttons>
        </>
      )}
      {itemsView.status === 'failed' ? (
        <ErrorState message={T.loadFailed} onRetry={itemsView.refresh} />
      ) : itemsView.status !== 'loaded' ? (
        <Loading />
      ) : items.length === 0 ? (
        <EmptyState message={T.noItems} />
      ) : (
        <TableBox>
          <DataTable $dense>
            <caption hidden>{T.items}</caption>
            <thead>
              <tr>
                <th scope="col">{T.member}</th>
                <th scope="col">{T.amount}</th>
                <th scope="col">{T.sequence}</th>
                <th scope="col">{T.itemState}</th>
                <th scope="col">{T.actions}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item._id} data-item={item._id} data-state={item.state ?? ''}>
                  <td id={whoId(item)}>{item.member === null ? '' : <MemberName id={item.member} />}</td>
                  <Amount>{formatMoney(item.amount ?? 0)}</Amount>
                  <td>{optionLabel(item.sequence_type, optionsOf(itemFields, 'sequence_type'))}</td>
                  <td>
                    {optionLabel(item.state, optionsOf(itemFields, 'state'))}
                    {item.reason ? `: ${item.reason}` : ''}
                  </td>
                  <td>
                    {item.state === 'pending' && (
                      <Buttons>
                        <Button disabled={busy} aria-describedby={whoId(item)} onClick={() => void act(`${ITEMS}/${item._id}/confirm`, {}, T.confirmed)}>
                          {T.confirm}
                        </Button>
                        <Button
                          variant="secondary"
                          disabled={busy}
                          aria-describedby={whoId(item)}
                          onClick={() => {
                            const why = needReason();
                            if (why) void act(`${ITEMS}/${item._id}/reject`, { reason: why }, T.rejected);
                          }}
                        >
                          {T.reject}
                        </Button>
                      </Buttons>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableBox>
      )}
    </div>
  );
}
