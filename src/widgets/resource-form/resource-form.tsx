import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { mayIn, type ApiRecord, type ExplainerField, type FieldErrors } from '../../core/index.js';
import { Button, EmptyState, ErrorState, Loading, space, token, useElementEvents } from '../kit/index.js';
import { nameList } from '../shared/list-attribute.js';
import { referenceCache } from '../shared/reference-cache.js';
import { RESOURCE_TEXTS } from '../shared/texts.js';
import { useCore } from '../feature-kit/use-core.js';
import { useExplainerResource } from '../shared/use-explainer.js';
import { CONFLICT_TEXTS } from './conflict-texts.js';
import { ConflictView } from './conflict-view.js';
import { DeleteDialog } from './delete-dialog.js';
import { useDirtyReport } from './dirty-report.js';
import { FieldControl } from './field-control.js';
import { FieldGroup } from './field-group.js';
import { buildPayload, groupFields, isEditable, sameFormValue, shownFields, toFormValues, type FieldChoice, type FormValues } from './form-values.js';
import { editsFrom, fieldMerges, nothingOfTheirs } from './merge.js';
import { isNewer, staleVersion } from './record-version.js';
import { failureMessage } from './save-error.js';
import { DUPLICATE_TEXTS, probableDuplicate, type ProbableDuplicate } from './probable-duplicate.js';
import { NavLink } from '../feature-kit/navigation.js';
import { checkedOnLeave, flashKey, serverErrors } from './server-check.js';
import { useRecord } from './use-record.js';
import { useRemoteChange } from './use-remote-change.js';
import { useUnsavedWarning } from './use-unsaved-warning.js';

export interface ResourceFormProps {
  /** Resource name as the API knows it, e.g. "members". */
  resource?: string;
  /** The record to edit; absent for a new record. */
  recordId?: string;
  /** Only these fields, comma-separated. */
  fields?: string;
  /** Fields not shown, comma-separated (their values are kept as they are). */
  hiddenFields?: string;
  /** Fields shown but not editable here, comma-separated. */
  readonlyFields?: string;
  /** "true" hides the delete button (e.g. a member's own profile). */
  noDelete?: boolean;
  /**
   * A record's page, its ':id' left in ('/socios/:id'): the records a probable-duplicate warning
   * names link there. Absent, the warning names them without links.
   */
  recordPath?: string;
}

const Form = styled.form`
  max-width: 64rem;
  @media print {
    max-width: none;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1.5)};
  padding-top: ${space(1)};
`;

const Spacer = styled.span`
  flex: 1 1 auto;
`;

const Note = styled.p`
  margin: 0 0 ${space(2)};
  font-size: 0.875em;
  color: ${token('color-text-muted')};
`;

const Unsaved = styled.span`
  font-size: 0.875em;
  color: ${token('color-text-muted')};
`;

const Saved = styled.p`
  margin: 0 0 ${space(2)};
  padding: ${space(1.5)} ${space(2)};
  /* Not kit tokens (yet): named like them, so an embedding page can restyle them the same way. */
  color: var(--associa-color-success-text, #0b5132);
  background: var(--associa-color-success-surface, #ecfdf3);
  border: 1px solid var(--associa-color-success-border, #7bc8a0);
  border-radius: ${token('radius')};
`;

const Problems = styled.div`
  margin-bottom: ${space(2)};
  ul {
    margin: ${space(1)} 0 0;
    padding-left: ${space(3)};
  }
`;

const Duplicates = styled.ul`
  flex: 1 1 100%;
  margin: 0;
  padding-left: ${space(3)};
`;

const Notice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1.5)};
  margin: 0 0 ${space(2)};
  padding: ${space(1.5)} ${space(2)};
  color: ${token('color-warning-text')};
  background: ${token('color-warning-surface')};
  border-radius: ${token('radius')};
  p {
    margin: 0;
    flex: 1 1 20rem;
  }
`;

type Outcome =
  | { kind: 'saved'; message: string }
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string }
  | { kind: 'deleted' }
  /** Someone else's change was loaded into an untouched form. */
  | { kind: 'refreshed' }
  /** The user's changes were combined with someone else's and wait to be saved. */
  | { kind: 'merged' }
  | null;

/** What the user typed, for one record: a record id change starts afresh. */
interface Draft {
  recordId: string | undefined;
  edits: FormValues;
}

/**
 * The explainer-driven form of a record: fields grouped and typed, server errors per field,
 * delete. Saves name the version they were based on; when someone else saved first (or saves
 * while the form is open) the user sees both changes and merges them, field by field.
 */
export function ResourceForm({ resource = '', recordId, fields: only, hiddenFields, readonlyFields, noDelete = false, recordPath }: ResourceFormProps) {
  const core = useCore();
  const cache = referenceCache(core);
  const dispatch = useElementEvents();
  const explainer = useExplainerResource(core, resource);
  const store = core.list(resource);
  const { record, setRecord, status, retry } = useRecord(store, recordId);
  const choice = useMemo<FieldChoice>(
    () => ({ only: nameList(only), hidden: nameList(hiddenFields), readonly: nameList(readonlyFields) }),
    [only, hiddenFields, readonlyFields],
  );
  const all = explainer.entry?.fields;
  const shown = useMemo(() => shownFields(all ?? [], choice), [all, choice]);
  const initial = useMemo(() => toFormValues(shown, record), [shown, record]);
  const [draft, setDraft] = useState<Draft>({ recordId, edits: {} });
  const edits = draft.recordId === recordId ? draft.edits : {};
  const values = useMemo<FormValues>(() => ({ ...initial, ...edits }), [initial, edits]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  /** The stored record someone else saved since the form was filled, while the user merges. */
  const [conflict, setConflict] = useState<ApiRecord | null>(null);
  /** The server's "this looks like someone already kept": confirmed, the save is sent again with its flag. */
  const [duplicate, setDuplicate] = useState<ProbableDuplicate | null>(null);
  /** Heard over realtime while the user has unsaved changes: said before they save. */
  const [remote, setRemote] = useState<{ kind: 'updated'; record: ApiRecord } | { kind: 'deleted' } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());
  /** Per field, the latest check on leaving it: older answers are dropped. */
  const leaveChecks = useRef<Record<string, number>>({});
  // The stored state the form stands on, known before React renders it: a realtime event
  // read back right after a save must compare with what that save returned.
  const standing = useRef<ApiRecord | null>(record);
  const rendered = useRef<ApiRecord | null>(record);
  if (rendered.current !== record) {
    rendered.current = record;
    standing.current = record;
  }
  const stand = (stored: ApiRecord) => {
    standing.current = stored;
    setRecord(stored);
  };

  // The message a create left for this record's page (the page that created it is gone).
  useEffect(() => {
    const message = recordId ? core.flash.take(flashKey(resource, recordId)) : null;
    if (message) setOutcome({ kind: 'saved', message });
  }, [core, resource, recordId]);

  const setEdits = (update: (edits: FormValues) => FormValues) =>
    setDraft((current) => ({ recordId, edits: update(current.recordId === recordId ? current.edits : {}) }));

  // After a refused save: the first invalid field, in the order shown, takes the focus.
  useEffect(() => {
    if (focusTick > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  const dirty = useMemo(() => Object.entries(edits).some(([name, value]) => name in initial && !sameFormValue(value, initial[name])), [edits, initial]);
  const unsaved = dirty && outcome?.kind !== 'deleted';
  useUnsavedWarning(unsaved);
  const reportDirty = useDirtyReport(unsaved);

  /** The form now stands on `stored` (someone else's save), with `values` still to save. */
  function rebase(stored: ApiRecord, next: FormValues) {
    stand(stored);
    setEdits(() => editsFrom(next, toFormValues(shown, stored)));
    setConflict(null);
    setRemote(null);
  }

  useRemoteChange(core, store, recordId, {
    current: () => standing.current,
    settled: () => inFlight.current,
    onChange(change) {
      if (change.kind === 'deleted') {
        if (!deleting) setRemote(change);
      } else if (conflict) {
        // Merging already: the next save names the older version, and shows the newest state.
      } else if (!dirty) {
        rebase(change.record, {});
        setOutcome({ kind: 'refreshed' });
      } else if (nothingOfTheirs(fieldMerges(shown, initial, values, toFormValues(shown, change.record)))) {
        // Only fields this form does not show changed: the user's edits now stand on the new version.
        rebase(change.record, values);
      } else if (isNewer(change.record, remote?.kind === 'updated' ? remote.record : standing.current)) {
        setRemote(change);
      }
    },
  });

  const conflictValues = useMemo(() => (conflict ? toFormValues(shown, conflict) : null), [shown, conflict]);

  if (explainer.status === 'failed') return <ErrorState message={RESOURCE_TEXTS.loadError} onRetry={explainer.retry} />;
  if (explainer.status === 'loading' || status === 'loading') return <Loading />;
  if (!explainer.entry || !all) return <ErrorState message={RESOURCE_TEXTS.unknownResource} />;
  if (status === 'failed') return <ErrorState message={RESOURCE_TEXTS.loadError} onRetry={retry} />;
  if (status === 'not-found') return <EmptyState message={RESOURCE_TEXTS.notFound} />;
  if (outcome?.kind === 'deleted') return <Saved role="status">{RESOURCE_TEXTS.deleted}</Saved>;
  // What the server would refuse is not offered: no form to create, no save, no 'Apagar'.
  if (!recordId && !mayIn(explainer.entry, 'create')) return <EmptyState message={RESOURCE_TEXTS.noCreate} />;
  const maySave = mayIn(explainer.entry, recordId ? 'update' : 'create', recordId);
  const mayDelete = !noDelete && mayIn(explainer.entry, 'delete', recordId);

  const fieldsAll: ExplainerField[] = all;
  const hiddenErrors = Object.entries(errors).filter(([name]) => !shown.some((f) => f.name === name));
  const goneRemotely = remote?.kind === 'deleted';

  /**
   * Saves `sent` on top of `base`; `again` marks the one automatic retry after a stale save;
   * `confirm` names the body member that confirms a probable duplicate the user has seen.
   */
  async function persist(sent: FormValues, base: ApiRecord | null, again = false, confirm?: string) {
    if (saving) return;
    setSaving(true);
    setOutcome(null);
    setDuplicate(null);
    const body: Record<string, unknown> = { ...buildPayload(fieldsAll, shown, choice, sent, base), ...(confirm ? { [confirm]: true } : {}) };
    const refuse = (found: FieldErrors) => {
      setErrors(found);
      setOutcome({ kind: 'invalid' });
      setFocusTick((n) => n + 1);
    };
    try {
      // SPEC 5: the server judges the record before it is saved; a refused record is not sent.
      // The automatic retry after a stale save sends what was already judged.
      const found = again ? {} : await serverErrors(store, body);
      if (Object.keys(found).length > 0) {
        refuse(found);
        return;
      }
      const request = base ? store.update(body) : store.create(body);
      inFlight.current = request.catch(() => undefined);
      const result = await request;
      if (!result.ok) {
        refuse(result.errors);
        return;
      }
      setErrors({});
      const saved = (result.data && typeof result.data === 'object' ? result.data : { ...base, ...body }) as ApiRecord;
      stand(saved);
      // What was typed while the save was on its way is still to save.
      setEdits((current) => Object.fromEntries(Object.entries(current).filter(([name, value]) => !sameFormValue(value, sent[name]))));
      setConflict(null);
      setRemote(null);
      setOutcome({ kind: 'saved', message: base ? RESOURCE_TEXTS.saved : RESOURCE_TEXTS.created });
      // A page that opens the new record on associa-saved replaces this form: the message goes with it.
      if (!base) core.flash.put(flashKey(resource, String(saved._id)), RESOURCE_TEXTS.created);
      // Before associa-saved: a page that navigates on it must not find the form still dirty.
      reportDirty(false);
      dispatch('associa-saved', { resource, id: String(saved._id) });
    } catch (e) {
      const stale = base ? staleVersion(e) : null;
      if (stale && base) {
        const current = stale.current ?? (await store.read(base._id).catch(() => null));
        if (!current) {
          setRemote({ kind: 'deleted' });
        } else if (!again && nothingOfTheirs(fieldMerges(shown, toFormValues(shown, base), sent, toFormValues(shown, current)))) {
          // Someone changed only what this form does not show: nothing to merge by hand.
          rebase(current, sent);
          await persist(sent, current, true);
        } else {
          setConflict(current);
        }
        return;
      }
      const warning = probableDuplicate(e);
      if (warning) {
        setDuplicate(warning);
        return;
      }
      const message = failureMessage(e, RESOURCE_TEXTS.saveFailed);
      if (message) setOutcome({ kind: 'failed', message });
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!record) return;
    setDeleting(true);
    try {
      await store.remove(record._id);
      setConfirming(false);
      reportDirty(false);
      setOutcome({ kind: 'deleted' });
      dispatch('associa-deleted', { resource, id: String(record._id) });
    } catch (e) {
      setConfirming(false);
      const message = failureMessage(e, RESOURCE_TEXTS.deleteFailed);
      if (message) setOutcome({ kind: 'failed', message });
    } finally {
      setDeleting(false);
    }
  }

  /** Leaving a field the server alone can judge: its answer for that field only, the others wait for the save. */
  async function checkOnLeave(field: ExplainerField) {
    if (!checkedOnLeave(field) || saving || !(field.name in edits) || sameFormValue(values[field.name], initial[field.name])) return;
    const mine = (leaveChecks.current[field.name] ?? 0) + 1;
    leaveChecks.current[field.name] = mine;
    try {
      const found = await serverErrors(store, buildPayload(fieldsAll, shown, choice, values, record));
      // A later answer for the same field (typed again since) wins.
      if (leaveChecks.current[field.name] !== mine) return;
      const message = found[field.name];
      setErrors((current) => {
        const next = { ...current };
        if (message) next[field.name] = message;
        else delete next[field.name];
        return next;
      });
    } catch {
      // Nothing to say yet: the save asks again and reports what goes wrong.
    }
  }

  function save(event: FormEvent) {
    event.preventDefault();
    void persist(values, record);
  }

  if (conflict && conflictValues) {
    return (
      <ConflictView
        key={`${String(conflict._version ?? '')}:${JSON.stringify(conflictValues)}`}
        fields={shown}
        base={initial}
        mine={values}
        theirs={conflictValues}
        cache={cache}
        busy={saving}
        onSave={(merged) => {
          rebase(conflict, merged);
          void persist(merged, conflict);
        }}
        onApply={(merged) => {
          rebase(conflict, merged);
          setOutcome({ kind: 'merged' });
        }}
        onDiscard={() => rebase(conflict, toFormValues(shown, conflict))}
      />
    );
  }

  return (
    <Form ref={form} noValidate onSubmit={save} aria-label={explainer.entry.label} aria-busy={saving}>
      {outcome?.kind === 'saved' && <Saved role="status">{outcome.message}</Saved>}
      {outcome?.kind === 'refreshed' && <Note role="status">{CONFLICT_TEXTS.remoteRefreshed}</Note>}
      {outcome?.kind === 'merged' && <Note role="status">{CONFLICT_TEXTS.merged}</Note>}
      {remote?.kind === 'updated' && (
        <Notice role="alert" data-remote-change="updated">
          <p>{CONFLICT_TEXTS.remoteChanged}</p>
          <Button variant="secondary" onClick={() => setConflict(remote.record)}>
            {CONFLICT_TEXTS.review}
          </Button>
        </Notice>
      )}
      {goneRemotely && (
        <Notice role="alert" data-remote-change="deleted">
          <p>{CONFLICT_TEXTS.remoteDeleted}</p>
        </Notice>
      )}
      {duplicate && (
        <Notice role="alert" data-probable-duplicate="">
          <p>{duplicate.message}</p>
          {duplicate.duplicates.length > 0 && (
            <Duplicates aria-label={DUPLICATE_TEXTS.seeAlso}>
              {duplicate.duplicates.map((d) => (
                <li key={d.id}>{recordPath ? <NavLink path={recordPath.replace(':id', String(d.id))}>{DUPLICATE_TEXTS.record(d)}</NavLink> : DUPLICATE_TEXTS.record(d)}</li>
              ))}
            </Duplicates>
          )}
          <Button onClick={() => void persist(values, record, false, duplicate.confirm)} disabled={saving}>
            {DUPLICATE_TEXTS.confirm}
          </Button>
          <Button variant="secondary" onClick={() => setDuplicate(null)}>
            {DUPLICATE_TEXTS.cancel}
          </Button>
        </Notice>
      )}
      {outcome?.kind === 'failed' && (
        <Problems>
          <ErrorState message={outcome.message} />
        </Problems>
      )}
      {outcome?.kind === 'invalid' && (
        <Problems>
          <ErrorState message={RESOURCE_TEXTS.fixErrors} />
          {hiddenErrors.length > 0 && (
            <ul>
              {hiddenErrors.map(([name, message]) => (
                <li key={name}>{`${fieldsAll.find((f) => f.name === name)?.label ?? name}: ${message}`}</li>
              ))}
            </ul>
          )}
        </Problems>
      )}
      {shown.some((f) => f.validation.required && isEditable(f, choice)) && <Note>{RESOURCE_TEXTS.requiredLegend}</Note>}
      {groupFields(shown).map(({ group, fields }) => (
        <FieldGroup key={group} legend={group}>
          {fields.map((field) => (
            <div key={field.name} data-wide={field.inputType === 'textarea' || field.inputType === 'multiselect' ? '' : undefined}>
              <FieldControl
                field={field}
                value={values[field.name]}
                editable={isEditable(field, choice)}
                error={errors[field.name]}
                cache={cache}
                onBlur={() => void checkOnLeave(field)}
                onChange={(value) => {
                  setEdits((current) => ({ ...current, [field.name]: value }));
                  if (outcome?.kind === 'saved' || outcome?.kind === 'refreshed') setOutcome(null);
                }}
              />
            </div>
          ))}
        </FieldGroup>
      ))}
      <Actions>
        {maySave && (
          <Button type="submit" disabled={saving || goneRemotely}>
            {saving ? RESOURCE_TEXTS.saving : RESOURCE_TEXTS.save}
          </Button>
        )}
        {dirty && <Unsaved>{RESOURCE_TEXTS.unsaved}</Unsaved>}
        <Spacer />
        {record && mayDelete && !goneRemotely && (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {RESOURCE_TEXTS.delete}
          </Button>
        )}
      </Actions>
      {record && mayDelete && <DeleteDialog open={confirming} busy={deleting} onConfirm={() => void remove()} onCancel={() => setConfirming(false)} />}
    </Form>
  );
}
