import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { isSilentFailure, recordQuery, RESOURCE } from '../../core/index.js';
import { Button, ErrorState, Field, Input, Loading, space, token, useElementEvents, useRecord } from '../kit/index.js';
import { API_KEY_TEXTS, formatDateTime, keyStatus, revokeApiSecret, roleLabel, type ApiSecret } from '../feature-kit/api-secrets.js';
import { ConfirmDialog } from '../feature-kit/confirm-dialog.js';
import { Actions, Heading, Notice, Panel } from '../feature-kit/layout.js';
import { NavLink } from '../feature-kit/navigation.js';
import { PATHS } from '../feature-kit/paths.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { useCore } from '../feature-kit/use-core.js';
import { API_KEY_FORM_TEXTS as T } from './texts.js';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${space(0.75)} ${space(2)};
  margin: 0 0 ${space(3)};
  & dt {
    color: ${token('color-text-muted')};
  }
  & dd {
    margin: 0;
  }
`;

/** An existing key: rename it, or revoke it for good (with confirmation). Its secret is never shown again. */
export function EditForm({ recordId }: { recordId: string }) {
  const core = useCore();
  const dispatch = useElementEvents();
  const view = useRecord<ApiSecret>(core.queries, RESOURCE.apiSecrets, recordId);
  /** The name as typed; null until the user types, showing the key's own. */
  const [typed, setName] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (view.status === 'notFound' || (view.status === 'loaded' && !view.record)) return <ErrorState message={API_KEY_TEXTS.notFound} />;
  if (view.status === 'failed') return <ErrorState message={API_KEY_TEXTS.loadFailed} onRetry={view.refresh} />;
  if (view.status !== 'loaded' || !view.record) return <Loading />;
  const key = view.record;
  const name = typed ?? key.name;
  // Every holder of this key's query shows what the server answered to the write at once.
  const settle = (answer: ApiSecret) => core.queries.replace(recordQuery(RESOURCE.apiSecrets, recordId), answer);
  const revokedAt = formatDateTime(key.revoked_at);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) return setErrors({ name: T.nameRequired });
    setBusy(true);
    setNotice(null);
    try {
      const result = await core.list<ApiSecret>(RESOURCE.apiSecrets).patch(key._id, { name: name.trim() });
      if (result.ok) {
        setErrors({});
        settle({ ...key, ...result.data });
        setNotice({ tone: 'success', text: T.saved });
        dispatch('associa-saved', { resource: RESOURCE.apiSecrets, id: String(key._id) });
      } else setErrors(result.errors);
    } catch (e) {
      if (!isSilentFailure(e)) setNotice({ tone: 'error', text: describeFailure(e) });
    } finally {
      setBusy(false);
    }
  }

  async function revoke() {
    setBusy(true);
    try {
      const updated = await revokeApiSecret(core, key._id);
      settle({ ...key, ...updated, revoked_at: updated?.revoked_at ?? new Date().toISOString() });
      setNotice({ tone: 'success', text: API_KEY_TEXTS.revoked });
      dispatch('associa-saved', { resource: RESOURCE.apiSecrets, id: String(key._id) });
    } catch (e) {
      if (!isSilentFailure(e)) setNotice({ tone: 'error', text: describeFailure(e) });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <Panel aria-labelledby="key-title">
      <Heading id="key-title">
        {T.editTitle}: {key.name}
      </Heading>
      <Facts>
        <dt>{API_KEY_TEXTS.role}</dt>
        <dd>{roleLabel(key.role)}</dd>
        <dt>{API_KEY_TEXTS.prefix}</dt>
        <dd>{key.secret_prefix ? `${key.secret_prefix}…` : '—'}</dd>
        <dt>{API_KEY_TEXTS.createdAt}</dt>
        <dd>{formatDateTime(key.created_at) ?? '—'}</dd>
        <dt>{API_KEY_TEXTS.lastUsed}</dt>
        <dd>{formatDateTime(key.last_used_at) ?? API_KEY_TEXTS.never}</dd>
        <dt>{API_KEY_TEXTS.expires}</dt>
        <dd>{formatDateTime(key.expires_at) ?? API_KEY_TEXTS.noExpiry}</dd>
        <dt>{API_KEY_TEXTS.status}</dt>
        <dd>{keyStatus(key).text}</dd>
      </Facts>
      {notice && (
        <Notice tone={notice.tone}>
          <p>{notice.text}</p>
        </Notice>
      )}
      <form onSubmit={save} noValidate>
        <Field label={API_KEY_TEXTS.name} error={errors.name} required>
          {(control) => (
            <Input {...control} name="name" maxLength={200} value={name} disabled={busy} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <Actions>
          <Button type="submit" disabled={busy}>
            {T.save}
          </Button>
          {!revokedAt && (
            <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
              {API_KEY_TEXTS.revoke}
            </Button>
          )}
          <NavLink path={PATHS.developers}>{T.backToList}</NavLink>
        </Actions>
      </form>
      <ConfirmDialog
        open={confirming}
        title={API_KEY_TEXTS.revokeTitle(key.name)}
        confirmLabel={API_KEY_TEXTS.revoke}
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setConfirming(false)}
      >
        <p>{API_KEY_TEXTS.revokeBody}</p>
      </ConfirmDialog>
    </Panel>
  );
}
