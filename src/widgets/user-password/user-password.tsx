import { useState } from 'react';
import { RESOURCE } from '../../core/index.js';
import { ErrorState, Loading, useElementEvents } from '../kit/index.js';
import { Heading, Lead, Notice, Panel } from '../feature-kit/layout.js';
import { NavLink } from '../feature-kit/navigation.js';
import { CurrentPasswordError, isOwnAccount, setUserPassword } from '../feature-kit/own-password.js';
import { NewPasswordForm } from '../feature-kit/new-password-form.js';
import { userEditPath } from '../feature-kit/paths.js';
import { useCore } from '../feature-kit/use-core.js';
import { CurrentPassword } from './current-password.js';
import { USER_PASSWORD_TEXTS } from './texts.js';
import { useUser } from './use-user.js';

export interface UserPasswordProps {
  userId?: string;
}

/**
 * Sets a new password for a user (/utilizadores/recuperar-password/{id}). The server decides
 * who may: staff for other users, only an administrator for an administrator's account. For
 * one's own account the current password is asked too, except just after a recovery link.
 */
export function UserPassword({ userId }: UserPasswordProps) {
  const core = useCore();
  const dispatch = useElementEvents();
  const { load, retry } = useUser(core, userId);
  const [saved, setSaved] = useState(false);
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState<string | undefined>();

  if (load.state === 'loading') return <Loading />;
  if (load.state === 'notFound') return <ErrorState message={USER_PASSWORD_TEXTS.notFound} />;
  if (load.state === 'failed') return <ErrorState message={USER_PASSWORD_TEXTS.loadFailed} onRetry={retry} />;
  const { user } = load;
  const who = user.username ? `${user.name ?? user.username} (${user.username})` : String(user.name ?? user._id);
  const own = isOwnAccount(core, user._id);
  const askCurrent = own && !core.session.recoveredRecently();

  async function save(password: string) {
    setCurrentError(undefined);
    try {
      await setUserPassword(core, user._id, password, askCurrent ? current : undefined);
    } catch (e) {
      if (e instanceof CurrentPasswordError) setCurrentError(e.message);
      throw e;
    }
  }

  return (
    <Panel aria-labelledby="password-title">
      <Heading id="password-title">{USER_PASSWORD_TEXTS.title}</Heading>
      <Lead>{own ? USER_PASSWORD_TEXTS.ownLead : USER_PASSWORD_TEXTS.lead(who)}</Lead>
      {saved && (
        <Notice tone="success">
          <p>{USER_PASSWORD_TEXTS.saved}</p>
        </Notice>
      )}
      <NewPasswordForm
        save={save}
        onSaved={() => {
          setSaved(true);
          setCurrent('');
          dispatch('associa-saved', { resource: RESOURCE.users, id: String(user._id) });
        }}
        onEdit={() => setSaved(false)}
        submitLabel={USER_PASSWORD_TEXTS.save}
        before={(busy) =>
          askCurrent && (
            <CurrentPassword
              value={current}
              error={currentError}
              disabled={busy}
              onChange={(value) => {
                setCurrent(value);
                setCurrentError(undefined);
                setSaved(false);
              }}
            />
          )
        }
        extraActions={() => <NavLink path={userEditPath(user._id)}>{USER_PASSWORD_TEXTS.backToUser}</NavLink>}
      />
    </Panel>
  );
}
