import { useMemo, useState, type FormEvent } from 'react';
import type { Setting } from '../../core/index.js';
import { isSilentFailure, RESOURCE, ROLE } from '../../core/index.js';
import { Button, EmptyState, ErrorState, Loading, useElementEvents, useSignalValue } from '../kit/index.js';
import { Actions, Heading, Notice, Panel } from '../feature-kit/layout.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { FEATURE_TEXTS } from '../feature-kit/texts.js';
import { useCore } from '../feature-kit/use-core.js';
import { describeSetting, valueProblem } from './describe-setting.js';
import { pageNames, parseNames } from './pages.js';
import { SettingControl } from './setting-control.js';
import { SETTINGS_TEXTS } from './texts.js';
import { useSettings } from './use-settings.js';

export interface SettingsFormProps {
  /** A settings page (SettingsPage): its settings, in the server's order. */
  page?: string;
  /** Without a page: comma-separated setting names, in display order; absent means every setting. */
  names?: string;
  /** An optional heading above the form. */
  heading?: string;
}

type Outcome = { kind: 'none' } | { kind: 'saved' } | { kind: 'nothing' } | { kind: 'invalid' } | { kind: 'partial' } | { kind: 'failed'; message: string };

function pick(items: readonly Setting[], names: string[] | null): Setting[] {
  if (names === null) return [...items].sort((a, b) => a.name.localeCompare(b.name));
  return names.map((name) => items.find((s) => s.name === name)).filter((s): s is Setting => s !== undefined);
}

/**
 * A form over named settings (PATCH settings/{id} {value}). Only an administrator may save;
 * anyone else sees the values read-only. Sends `associa-saved` ({resource: 'settings', id:
 * the saved ids, comma-separated}).
 */
export function SettingsForm({ page, names, heading }: SettingsFormProps) {
  const core = useCore();
  const dispatch = useElementEvents();
  const claims = useSignalValue(core.session.claims);
  const { items, schema, status, retry } = useSettings(core);
  const wanted = useMemo(() => (page === undefined ? parseNames(names) : pageNames(schema ?? [], page)), [page, names, schema]);
  const settings = useMemo(() => pick(items, wanted), [items, wanted]);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const [busy, setBusy] = useState(false);
  const readOnly = claims?.Role !== ROLE.admin;

  const changed = settings.filter((s) => draft[s.name] !== undefined && draft[s.name] !== s.value);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy || readOnly) return;
    if (changed.length === 0) return setOutcome({ kind: 'nothing' });
    const problems = Object.fromEntries(
      changed.flatMap((s) => {
        const problem = valueProblem(schema ?? [], s.name, draft[s.name]!);
        return problem ? [[s.name, problem]] : [];
      }),
    );
    // Nothing is sent while a field is wrong: saving half a form would leave it half changed.
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return setOutcome({ kind: 'invalid' });
    }
    setBusy(true);
    setOutcome({ kind: 'none' });
    const store = core.list(RESOURCE.settings);
    const found: Record<string, string> = {};
    const savedIds: string[] = [];
    const savedNames = new Set<string>();
    try {
      for (const setting of changed) {
        const result = await store.patch(setting._id, { value: draft[setting.name] });
        if (result.ok) {
          savedIds.push(String(setting._id));
          savedNames.add(setting.name);
        }
        else found[setting.name] = result.errors.value ?? Object.values(result.errors)[0] ?? FEATURE_TEXTS.unexpected;
      }
    } catch (e) {
      if (!isSilentFailure(e)) setOutcome({ kind: 'failed', message: describeFailure(e) });
    }
    await core.settings.load().catch(() => undefined);
    // Saved values now come from the server; unsaved ones stay in the draft to be corrected.
    setDraft((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !savedNames.has(name))));
    setErrors(found);
    setBusy(false);
    if (savedIds.length > 0) dispatch('associa-saved', { resource: RESOURCE.settings, id: savedIds.join(',') });
    setOutcome((current) => (current.kind === 'failed' ? current : Object.keys(found).length > 0 ? { kind: 'partial' } : { kind: 'saved' }));
  }

  let body;
  if (status === 'loading' && (settings.length === 0 || !schema)) body = <Loading />;
  else if (status === 'failed') body = <ErrorState message={SETTINGS_TEXTS.loadFailed} onRetry={retry} />;
  else if (settings.length === 0) body = <EmptyState message={SETTINGS_TEXTS.empty} />;
  else
    body = (
      <form onSubmit={save} noValidate>
        {readOnly && (
          <Notice tone="info">
            <p>{SETTINGS_TEXTS.readOnly}</p>
          </Notice>
        )}
        {settings.map((setting) => (
          <SettingControl
            key={setting._id}
            name={setting.name}
            description={describeSetting(schema ?? [], setting.name, setting.value)}
            value={draft[setting.name] ?? setting.value}
            error={errors[setting.name]}
            readOnly={readOnly || busy}
            onChange={(value) => {
              setDraft((current) => ({ ...current, [setting.name]: value }));
              setOutcome({ kind: 'none' });
            }}
          />
        ))}
        {outcome.kind === 'saved' && (
          <Notice tone="success">
            <p>{SETTINGS_TEXTS.saved}</p>
          </Notice>
        )}
        {outcome.kind === 'nothing' && (
          <Notice tone="info">
            <p>{SETTINGS_TEXTS.nothingChanged}</p>
          </Notice>
        )}
        {outcome.kind === 'invalid' && (
          <Notice tone="error">
            <p>{SETTINGS_TEXTS.invalid}</p>
          </Notice>
        )}
        {outcome.kind === 'partial' && (
          <Notice tone="error">
            <p>{SETTINGS_TEXTS.someFailed}</p>
          </Notice>
        )}
        {outcome.kind === 'failed' && (
          <Notice tone="error">
            <p>{outcome.message}</p>
          </Notice>
        )}
        {!readOnly && (
          <Actions>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? FEATURE_TEXTS.saving : SETTINGS_TEXTS.save}
            </Button>
            {changed.length > 0 && (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => {
                  setDraft({});
                  setErrors({});
                  setOutcome({ kind: 'none' });
                }}
              >
                {SETTINGS_TEXTS.discard}
              </Button>
            )}
          </Actions>
        )}
      </form>
    );

  return (
    <Panel aria-label={heading}>
      {heading && <Heading>{heading}</Heading>}
      {body}
    </Panel>
  );
}
