import { useState, type FormEvent } from 'react';
import { isSilentFailure, RESOURCE, ROLE_LABELS } from '../../core/index.js';
import { Button, Field, Input, Select } from '../kit/index.js';
import { API_KEY_TEXTS, type ApiSecret } from '../feature-kit/api-secrets.js';
import { Actions, Heading, Lead, Notice, Panel } from '../feature-kit/layout.js';
import { NavLink } from '../feature-kit/navigation.js';
import { PATHS } from '../feature-kit/paths.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { useCore } from '../feature-kit/use-core.js';
import { API_KEY_FORM_TEXTS as T } from './texts.js';

interface CreateFormProps {
  onCreated(key: ApiSecret): void;
}

/** Name and role of a new key; the server makes the secret. */
export function CreateForm({ onCreated }: CreateFormProps) {
  const core = useCore();
  const [name, setName] = useState('');
  const [role, setRole] = useState('');
  /** datetime-local value, in the browser's time zone; empty: the key never expires. */
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = T.nameRequired;
    if (!role) found.role = T.roleRequired;
    const expiresAt = expires ? new Date(expires) : null;
    if (expiresAt && !(expiresAt.getTime() > Date.now())) found.expires_at = T.expiresInPast;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    setBusy(true);
    try {
      const result = await core.list<ApiSecret>(RESOURCE.apiSecrets).create({ name: name.trim(), role, ...(expiresAt ? { expires_at: expiresAt.toISOString() } : {}) });
      if (result.ok) onCreated(result.data);
      else setErrors(result.errors);
    } catch (e) {
      if (!isSilentFailure(e)) setFailure(describeFailure(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel aria-labelledby="key-title">
      <Heading id="key-title">{T.newTitle}</Heading>
      <Lead>{T.newLead}</Lead>
      {failure && (
        <Notice tone="error">
          <p>{failure}</p>
        </Notice>
      )}
      <form onSubmit={submit} noValidate>
        <Field label={API_KEY_TEXTS.name} error={errors.name} required>
          {(control) => (
            <Input {...control} name="name" maxLength={200} value={name} disabled={busy} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <Field label={API_KEY_TEXTS.role} hint={T.roleHint} error={errors.role} required>
          {(control) => (
            <Select {...control} name="role" value={role} disabled={busy} onChange={(e) => setRole(e.target.value)}>
              <option value="" disabled>
                {T.chooseRole}
              </option>
              {Object.entries(ROLE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={API_KEY_TEXTS.expires} hint={T.expiresHint} error={errors.expires_at}>
          {(control) => (
            <Input {...control} name="expires_at" type="datetime-local" value={expires} disabled={busy} onChange={(e) => setExpires(e.target.value)} />
          )}
        </Field>
        <Actions>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? T.creating : T.submitCreate}
          </Button>
          <NavLink path={PATHS.developers}>{T.backToList}</NavLink>
        </Actions>
      </form>
    </Panel>
  );
}
