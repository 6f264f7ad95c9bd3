import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { ExplainerField, FieldErrors } from '../../core/index.js';
import { Button, EmptyState, ErrorState, Loading, space, token, useElementEvents } from '../kit/index.js';
import { nameList } from '../shared/list-attribute.js';
import { referenceCache } from '../shared/reference-cache.js';
import { RESOURCE_TEXTS } from '../shared/texts.js';
import { useCore } from '../shared/use-core.js';
import { useExplainerResource } from '../shared/use-explainer.js';
import { DeleteDialog } from './delete-dialog.js';
import { FieldControl } from './field-control.js';
import { FieldGroup } from './field-group.js';
import { buildPayload, groupFields, isEditable, shownFields, toFormValues, type FieldChoice, type FormValues } from './form-values.js';
import { failureMessage } from './save-error.js';
import { useRecord } from './use-record.js';
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
}

const Form = styled.form`
  max-width: 64rem;
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

type Outcome = { kind: 'saved' } | { kind: 'invalid' } | { kind: 'failed'; message: string } | { kind: 'deleted' } | null;

/** The explainer-driven form of a record: fields grouped and typed, server errors per field, delete. */
export function ResourceForm({ resource = '', recordId, fields: only, hiddenFields, readonlyFields, noDelete = false }: ResourceFormProps) {
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
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  // A (re)loaded record or explainer resets the form.
  useEffect(() => setValues(initial), [initial]);
  // After a refused save: the first invalid field, in the order shown, takes the focus.
  useEffect(() => {
    if (focusTick > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(initial), [values, initial]);
  useUnsavedWarning(dirty && outcome?.kind !== 'deleted');

  if (explainer.status === 'failed') return <ErrorState message={RESOURCE_TEXTS.loadError} onRetry={explainer.retry} />;
  if (explainer.status === 'loading' || status === 'loading') return <Loading />;
  if (!explainer.entry || !all) return <ErrorState message={RESOURCE_TEXTS.unknownResource} />;
  if (status === 'failed') return <ErrorState message={RESOURCE_TEXTS.loadError} onRetry={retry} />;
  if (status === 'not-found') return <EmptyState message={RESOURCE_TEXTS.notFound} />;
  if (outcome?.kind === 'deleted') return <Saved role="status">{RESOURCE_TEXTS.deleted}</Saved>;

  const fieldsAll: ExplainerField[] = all;
  const hiddenErrors = Object.entries(errors).filter(([name]) => !shown.some((f) => f.name === name));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setOutcome(null);
    const body = buildPayload(fieldsAll, shown, choice, values, record);
    try {
      const result = record ? await store.update(body) : await store.create(body);
      if (!result.ok) {
        setErrors(result.errors);
        setOutcome({ kind: 'invalid' });
        setFocusTick((n) => n + 1);
        return;
      }
      setErrors({});
      const saved = result.data && typeof result.data === 'object' ? result.data : { ...record, ...body };
      setRecord(saved as typeof record);
      setOutcome({ kind: 'saved' });
      dispatch('associa-saved', { resource, id: String(saved._id) });
    } catch (e) {
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

  return (
    <Form ref={form} noValidate onSubmit={(e) => void save(e)} aria-label={explainer.entry.label} aria-busy={saving}>
      {outcome?.kind === 'saved' && <Saved role="status">{RESOURCE_TEXTS.saved}</Saved>}
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
                onChange={(value) => {
                  setValues((current) => ({ ...current, [field.name]: value }));
                  if (outcome?.kind === 'saved') setOutcome(null);
                }}
              />
            </div>
          ))}
        </FieldGroup>
      ))}
      <Actions>
        <Button type="submit" disabled={saving}>
          {saving ? RESOURCE_TEXTS.saving : RESOURCE_TEXTS.save}
        </Button>
        {dirty && <Unsaved>{RESOURCE_TEXTS.unsaved}</Unsaved>}
        <Spacer />
        {record && !noDelete && (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {RESOURCE_TEXTS.delete}
          </Button>
        )}
      </Actions>
      {record && !noDelete && <DeleteDialog open={confirming} busy={deleting} onConfirm={() => void remove()} onCancel={() => setConfirming(false)} />}
    </Form>
  );
}
