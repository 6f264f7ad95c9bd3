// "Preparar lote": the collection date and the due date up to which open debts go in; the
// answer says what went in (with a link to the batch) and which debts stayed out, and why.
import { useRef, useState, type FormEvent } from 'react';
import type { DirectDebitPrepared } from '../../../core/index.js';
import { Button, Field, Input } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { Buttons, SmallForm } from '../layout.js';
import { BATCHES, fieldErrors, ITEMS } from '../sepa.js';
import { COLLECTING_TEXTS as T } from '../texts.js';

export function PrepareBatch({ batchPath }: { batchPath: string }) {
  const core = useCore();
  const [asking, setAsking] = useState(false);
  const [collection, setCollection] = useState('');
  const [dueUntil, setDueUntil] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [prepared, setPrepared] = useState<DirectDebitPrepared | null>(null);
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
      const answer = await core.queries.action<DirectDebitPrepared>(`${BATCHES}/prepare`, { collection_date: collection, due_until: dueUntil }, { invalidates: [BATCHES, ITEMS] });
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
            <NavLink path={pathWith(batchPath, { id: prepared.batch._id })}>{T.openBatch}</NavLink>
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
