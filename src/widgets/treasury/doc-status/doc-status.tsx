// A treasury document's status, as staff see and change it on the document's page: the current
// one by name, a choice of the document statuses (read whole at sign-in, SPEC 4) to set, and
// clearing it. Through SPEC 7's treasury_docs_statuses/bulk and /bulk_delete with the one id, so
// each change lands in the document's status history and the audit trail like a bulk one.
import { useEffect, useId, useState } from 'react';
import { ApiError, isSilentFailure, type ApiRecord } from '../../../core/index.js';
import { Button, ErrorState, Loading, Select, useRecord, useSignalValue } from '../../kit/index.js';
import { Buttons } from '../../feature-kit/groups.js';
import { Heading, Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { DOCS, STATUSES } from '../api.js';
import { DOC_STATUS_TEXTS as T } from './texts.js';

interface DocStatus extends ApiRecord {
  name: string;
}

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** The server's own words for a refused change: its field message (a status gone meanwhile), else the failure's. */
function refusal(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof ApiError ? error.cause : error;
  const errors = cause instanceof ApiError ? (cause.data as { errors?: Record<string, unknown> } | null)?.errors : undefined;
  const first = errors ? Object.values(errors).find((m): m is string => typeof m === 'string') : undefined;
  return first ?? describeFailure(error);
}

export function DocStatusControl({ docId }: { docId?: string }) {
  const core = useCore();
  const selectId = useId();
  const doc = useRecord<{ _id: number; status: number | null }>(core.queries, DOCS, docId);
  const store = core.referenceList<DocStatus>(STATUSES);
  const statuses = useSignalValue(store.items);
  const storeState = useSignalValue(store.state);
  // Read whole at sign-in when the treasury is on; an element embedded elsewhere reads it itself.
  useEffect(() => {
    if (storeState === 'not-loaded') store.load().catch(() => undefined);
  }, [store, storeState]);
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (!docId) return null;
  if (doc.status === 'failed' || doc.status === 'notFound') return <ErrorState message={T.loadFailed} onRetry={doc.refresh} />;
  if (!doc.record) return <Loading />;
  const current = doc.record.status;
  const currentName = current === null ? T.none : (statuses.find((s) => s._id === current)?.name ?? T.none);

  async function send(path: 'bulk' | 'bulk_delete', done: string) {
    setBusy(true);
    setOutcome(null);
    try {
      const body = path === 'bulk' ? { ids: [Number(docId)], status: Number(choice) } : { ids: [Number(docId)] };
      await core.queries.action(`${DOCS}_statuses/${path}`, body, { invalidates: [DOCS] });
      setChoice('');
      setOutcome({ tone: 'success', text: done });
    } catch (e) {
      if (!isSilentFailure(e)) setOutcome({ tone: 'error', text: refusal(e) });
    } finally {
      setBusy(false);
    }
  }

  const change = () => {
    if (choice === '') return setOutcome({ tone: 'error', text: T.required });
    const name = statuses.find((s) => String(s._id) === choice)?.name ?? '';
    void send('bulk', T.changed(name));
  };

  return (
    <section aria-labelledby={`${selectId}-heading`} data-doc-status>
      <Heading id={`${selectId}-heading`}>{T.heading}</Heading>
      <p>
        {T.current}: <strong data-current-status>{currentName}</strong>
      </p>
      {statuses.length === 0 ? (
        <p>{T.noStatuses}</p>
      ) : (
        <Buttons>
          <label htmlFor={selectId}>{T.newStatus}</label>
          <Select id={selectId} value={choice} disabled={busy} onChange={(e) => setChoice(e.target.value)}>
            <option value="">{T.choose}</option>
            {statuses
              .filter((s) => s._id !== current)
              .map((s) => (
                <option key={s._id} value={String(s._id)}>
                  {s.name}
                </option>
              ))}
          </Select>
          <Button onClick={change} disabled={busy} aria-busy={busy || undefined}>
            {T.change}
          </Button>
          {current !== null && (
            <Button variant="secondary" onClick={() => void send('bulk_delete', T.cleared)} disabled={busy}>
              {T.clear}
            </Button>
          )}
        </Buttons>
      )}
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Notice>
      )}
    </section>
  );
}
