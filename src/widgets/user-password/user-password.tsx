import { useState, type FormEvent } from 'react';
import { isSilentFailure } from '../../core/index.js';
import { Button, ErrorState, Loading, useElementEvents } from '../kit/index.js';
import { Actions, Heading, Lead, Notice, Panel } from '../feature-kit/layout.js';
import { NavLink } from '../feature-kit/navigation.js';
import { setUserPassword } from '../feature-kit/own-password.js';
import { checkPasswordPair, PasswordFields, type PasswordErrors, type PasswordPair } from '../feature-kit/password-fields.js';
import { userEditPath } from '../feature-kit/paths.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { FEATURE_TEXTS } from '../feature-kit/texts.js';
import { useCore } from '../feature-kit/use-core.js';
import { USER_PASSWORD_TEXTS } from './texts.js';
import { useUser } from './use-user.js';

export interface UserPasswordProps {
  userId?: string;
}

const EMPTY: PasswordPair = { password: '', confirmation: '' };

/**
 * Sets a new password for a user (/utilizadores/recuperar-password/{id}). The server decides
 * who may: staff for other users, only an administrator for an administrator's account.
 */
export function UserPassword({ userId }: UserPasswordProps) {
  const core = useCore();
  const dispatch = useElementEvents();
  const { load, retry } = useUser(core, userId);
  const [pair, setPair] = useState<PasswordPair>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  if (load.state === 'loading') return <Loading />;
  if (load.state === 'notFound') return <ErrorState message={USER_PASSWORD_TEXTS.notFound} />;
  if (load.state === 'failed') return <ErrorState message={USER_PASSWORD_TEXTS.loadFailed} onRetry={retry} />;
  const { user } = load;
  const who = user.username ? `${user.name ?? user.username} (${user.username})` : String(user.name ?? user._id);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = checkPasswordPair(pair);
    setErrors(found);
    if (found.password || found.confirmation) return;
    setFailure(null);
    setSaved(false);
    setBusy(true);
    try {
      await setUserPassword(core, user._id, pair.password);
      setSaved(true);
      setPair(EMPTY);
      dispatch('associa-saved', { resource: 'users', id: String(user._id) });
    } catch (e) {
      if (!isSilentFailure(e)) setFailure(describeFailure(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel aria-labelledby="password-title">
      <Heading id="password-title">{USER_PASSWORD_TEXTS.title}</Heading>
      <Lead>{USER_PASSWORD_TEXTS.lead(who)}</Lead>
      {saved && (
        <Notice tone="success">
          <p>{USER_PASSWORD_TEXTS.saved}</p>
        </Notice>
      )}
      {failure && (
        <Notice tone="error">
          <p>{failure}</p>
        </Notice>
      )}
      <form onSubmit={submit} noValidate>
        <PasswordFields
          value={pair}
          errors={errors}
          disabled={busy}
          onChange={(next) => {
            setPair(next);
            setErrors({});
            setSaved(false);
          }}
        />
        <Actions>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? FEATURE_TEXTS.saving : USER_PASSWORD_TEXTS.save}
          </Button>
          <NavLink path={userEditPath(user._id)}>{USER_PASSWORD_TEXTS.backToUser}</NavLink>
        </Actions>
      </form>
    </Panel>
  );
}
