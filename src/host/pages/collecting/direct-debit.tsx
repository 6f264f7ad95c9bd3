// SEPA direct debit: the batches (prepared from the open debts of members with an active
// mandate) and one batch's collections, each confirmed or returned, with the pain.008 files the
// bank takes. Mandates are generic lists and forms (collecting.tsx).
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import styled from 'styled-components';
import { Button, EmptyState, ErrorState, Field, Input, Loading, space, token, useQuery } from '../../../widgets/kit/index.js';
import { DataTable, TableBox } from '../../../widgets/feature-kit/data-table.js';
import { Notice } from '../../../widgets/feature-kit/layout.js';
import { describeFailure } from '../../../widgets/feature-kit/server-message.js';
import { formatDay } from '../../../widgets/payment-debts/ledger.js';
import { formatMoney } from '../../../widgets/shared/money.js';
import { ApiError, type ValidationErrorResponse } from '../../../core/index.js';
import { useHost, useValue } from '../../context.js';
import { ElementSlot } from '../../elements/element-slot.js';
import { useDeclareList } from '../../shell/list-on-page.js';
import { Panel, SecondaryRouteLink } from '../../shell/styles.js';
import { Section } from '../section.js';
import { Buttons, SmallForm } from './layout.js';
import { COLLECTING_TEXTS as T } from './texts.js';
import { downloadBlob } from '../../../widgets/shared/download.js';

const BATCHES = 'direct_debit_batches';
const ITEMS = 'direct_debit_items';
export const MANDATES = 'sepa_mandates';
const BATCH_COLUMNS = 'collection_date,state,item_count,total,created_at';
export const MANDATE_COLUMNS = 'member,reference,iban,signature_date,max_amount,sequence,state';
const PAIN_VERSIONS = ['pain.008.001.02', 'pain.008.001.08'] as const;

const fieldErrors = (e: unknown): Record<string, string> =>
  e instanceof ApiError && e.status === 422 ? ((e.data as Partial<ValidationErrorResponse> | null)?.errors ?? {}) : {};

interface Prepared {
  batch: { _id: number };
  items: number;
  total: number;
  excluded: { debt: number; member: number; reason: string }[];
}

/** "Preparar lote": the collection date and the due date up to which open debts go in. */
function PrepareBatch({ batchPath }: { batchPath: (id: number) => string }) {
  const { core } = useHost();
  const [asking, setAsking] = useState(false);
  const [collection, setCollection] = useState('');
  const [dueUntil, setDueUntil] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [pending, setPending] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  function ask() {
    const today = new Date(core.clock.now()).toISOString().slice(0, 10);
    setCollection(today);
    setDueUntil(today);
    setErrors({});
    setFailure(null);
    setPrepared(null);
    setAsking(true);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!collection) missing.collection_date = T.dateRequired;
    if (!dueUntil) missing.due_until = T.dateRequired;
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) return;
    setPending(true);
    try {
      const answer = await core.queries.action<Prepared>(`${BATCHES}/prepare`, { collection_date: collection, due_until: dueUntil }, { invalidates: [BATCHES, ITEMS] });
      setPrepared(answer);
      setAsking(false);
    } catch (e) {
      const found = fieldErrors(e);
      setErrors(found);
      if (found.debts) setFailure(found.debts);
      else if (Object.keys(found).length === 0) setFailure(describeFailure(e, T.prepareFailed));
    } finally {
      setPending(false);
    }
  }

  return (
    <div data-prepare-batch>
      {asking ? (
        <SmallForm aria-label={T.prepare} onSubmit={(e) => void submit(e)} noValidate>
          <p>{T.prepareHint}</p>
          <Field label={T.collectionDate} error={errors.collection_date} required>
            {(control) => <Input {...control} type="date" value={collection} onChange={(e) => setCollection(e.target.value)} />}
          </Field>
          <Field label={T.dueUntil} error={errors.due_until} required>
            {(control) => <Input {...control} type="date" value={dueUntil} onChange={(e) => setDueUntil(e.target.value)} />}
          </Field>
          {failure && (
            <Notice tone="error">
              <p>{failure}</p>
            </Notice>
          )}
          <Buttons>
            <Button type="submit" disabled={pending}>
              {T.prepareStart}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setAsking(false);
                opener.current?.focus();
              }}
            >
              {T.cancel}
            </Button>
          </Buttons>
        </SmallForm>
      ) : (
        <Buttons>
          <Button ref={opener} onClick={ask}>
            {T.prepare}
          </Button>
        </Buttons>
      )}
      {prepared && (
        <Notice tone="success">
          <p>{T.prepared(prepared.items, prepared.total)}</p>
          <p>
            <Link href={batchPath(prepared.batch._id)}>{T.openBatch}</Link>
          </p>
          {prepared.excluded.length > 0 && (
            <>
              <p>{T.excluded}</p>
              <ul data-excluded>
                {prepared.excluded.map((e) => (
                  <li key={e.debt}>{e.reason}</li>
                ))}
              </ul>
            </>
          )}
        </Notice>
      )}
    </div>
  );
}

/** The batches with "Preparar lote", and the way to the mandates. */
export function DirectDebitPanels({ batchPattern, mandatesPath }: { batchPattern: string; mandatesPath: string }) {
  const { core } = useHost();
  useDeclareList(BATCHES);
  const mayPrepare = (useValue(core.explainer.resources)[BATCHES]?.actions ?? []).some((action) => action.name === 'prepare');
  return (
    <Section title={T.batches} data-collecting-list={BATCHES}>
      <Buttons>
        <SecondaryRouteLink href={mandatesPath}>{T.mandates}</SecondaryRouteLink>
      </Buttons>
      {mayPrepare && <PrepareBatch batchPath={(id) => batchPattern.replace(':id', String(id))} />}
      <ElementSlot tag="associa-resource-list" attrs={{ resource: BATCHES, 'edit-path': batchPattern, label: T.batches, columns: BATCH_COLUMNS, 'external-actions': 'true' }} />
    </Section>
  );
}

interface Batch {
  _id: number;
  collection_date: string;
  state: string;
  item_count: number;
  total: number;
}

interface Item {
  _id: number;
  member: number;
  debt: number;
  amount: number;
  sequence_type: string;
  state: string;
  reason: string | null;
}

interface MemberRow {
  _id: number;
  number: number | null;
  name: string;
}

/** A member's number and name (read once per member, shared through the core's queries). */
function MemberName({ id }: { id: number }) {
  const { core } = useHost();
  const view = useQuery<MemberRow>(core.queries, { path: `members/${id}` });
  return <>{view.data ? `${view.data.number ?? ''} ${view.data.name}`.trim() : `#${id}`}</>;
}

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

/** An enum value's pt-PT label, from the explainer. */
const label = (value: string, options: { value: string; label: string }[] | undefined) => options?.find((o) => o.value === value)?.label ?? value;

/** One batch: its totals, the pain.008 files and each collection confirmed or returned. */
function BatchDetail({ batchId }: { batchId: string }) {
  const { core } = useHost();
  const explained = useValue(core.explainer.resources);
  const batchView = useQuery<Batch>(core.queries, { path: `${BATCHES}/${encodeURIComponent(batchId)}`, resources: [BATCHES, ITEMS] });
  const itemsView = useQuery<Item[]>(core.queries, { path: ITEMS, params: { _page: 1, _limit: -1, _batch: batchId, _sort: '_id' }, resources: [ITEMS] });
  const items = Array.isArray(itemsView.data) ? itemsView.data : [];
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonBox = useRef<HTMLInputElement>(null);

  if (batchView.status === 'notFound') return <EmptyState message={T.batchNotFound} />;
  if (batchView.status === 'failed') return <ErrorState message={T.loadFailed} onRetry={batchView.refresh} />;
  if (!batchView.data) return <Loading />;
  const batch = batchView.data;
  const batchFields = explained[BATCHES]?.fields ?? [];
  const itemFields = explained[ITEMS]?.fields ?? [];
  const optionsOf = (fields: typeof itemFields, name: string) => fields.find((f) => f.name === name)?.options;
  // Each row's buttons are described by its member cell (whose collection they act on).
  const whoId = (item: Item) => `dd-item-${item._id}-member`;
  const pendingCount = items.filter((item) => item.state === 'pending').length;

  async function act(path: string, body: Record<string, unknown>, done: string) {
    setBusy(true);
    setOutcome(null);
    try {
      await core.queries.action(path, body, { invalidates: [BATCHES, ITEMS, 'unsettled_payments', 'payments', 'member_balances'] });
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
        <dd data-batch-state>{label(batch.state, optionsOf(batchFields, 'state'))}</dd>
        <dt>{T.items}</dt>
        <dd>{batch.item_count}</dd>
        <dt>{T.batchTotal}</dt>
        <dd>{formatMoney(batch.total)}</dd>
      </Summary>
      <h2>{T.download}</h2>
      <Buttons data-downloads>
        {PAIN_VERSIONS.map((version) => (
          <Button key={version} variant="secondary" onClick={() => void download(version)}>
            {T.downloadVersion(version)}
          </Button>
        ))}
      </Buttons>
      <h2>{T.items}</h2>
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
                <tr key={item._id} data-item={item._id} data-state={item.state}>
                  <td id={whoId(item)}>
                    <MemberName id={item.member} />
                  </td>
                  <Amount>{formatMoney(item.amount)}</Amount>
                  <td>{label(item.sequence_type, optionsOf(itemFields, 'sequence_type'))}</td>
                  <td>
                    {label(item.state, optionsOf(itemFields, 'state'))}
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

/** The panel a batch page shows. */
export function BatchPanel({ batchId }: { batchId: string }) {
  return (
    <Panel>
      <BatchDetail batchId={batchId} />
    </Panel>
  );
}

const MandateLine = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)} ${space(2)};
  margin: 0 0 ${space(2)};
  padding: ${space(1.5)} ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  strong {
    color: ${token('color-text-muted')};
    font-weight: 600;
  }
`;

interface Mandate {
  _id: number;
  reference: string;
  iban: string;
}

/** '…' groups of four, the way an IBAN is read out. */
const groupedIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** A member's active direct-debit mandate above their record, or the way to create one. */
export function MemberMandate({ memberId, editPattern, newPath }: { memberId: string | undefined; editPattern: string; newPath: string }) {
  const { core } = useHost();
  const served = Boolean(useValue(core.explainer.resources)[MANDATES]);
  const view = useQuery<Mandate[]>(
    core.queries,
    served && memberId ? { path: MANDATES, params: { _page: 1, _limit: 1, _member: memberId, _state: 'active' }, resources: [MANDATES] } : null,
  );
  if (!served || !memberId || view.status !== 'loaded') return null;
  const mandate = Array.isArray(view.data) ? view.data[0] : undefined;
  return (
    <MandateLine data-member-mandate={memberId}>
      <strong>{T.directDebit}</strong>
      {mandate ? (
        <>
          <span>{T.mandateOf(mandate.reference, groupedIban(mandate.iban))}</span>
          <Link href={editPattern.replace(':id', String(mandate._id))}>{T.openMandate}</Link>
        </>
      ) : (
        <>
          <span>{T.noMandate}</span>
          <Link href={newPath}>{T.newMandate}</Link>
        </>
      )}
    </MandateLine>
  );
}
