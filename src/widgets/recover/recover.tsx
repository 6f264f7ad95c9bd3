import { useState, type FormEvent } from 'react';
import { isSilentFailure } from '../../core/index.js';
import { Button, ErrorState, Loading } from '../kit/index.js';
import { Actions, AuthPanel, Heading, Lead, Notice } from '../feature-kit/layout.js';
import { NavLink, useNavigate } from '../feature-kit/navigation.js';
import { setUserPassword } from '../feature-kit/own-password.js';
import { checkPasswordPair, PasswordFields, type PasswordErrors, type PasswordPair } from '../feature-kit/password-fields.js';
import { homePath, PATHS } from '../feature-kit/paths.js';
import { describeFailure, serverMessage, statusOf } from '../feature-kit/server-message.js';
import { FEATURE_TEXTS } from '../feature-kit/texts.js';
import { useCore } from '../feature-kit/use-core.js';
import { RECOVER_TEXTS } from './texts.js';
import { useCodeLogin } from './use-code-login.js';

export interface RecoverProps {
  /** The code of the e-mailed link (/autorizacao/loginporlink/{recoverCode}). */
  code?: string;
}

/** Logs in with an e-mailed code, then offers to set a new password, then goes home. */
export function Recover({ code }: RecoverProps) {
  if (!code) {
    return (
      <AuthPanel aria-labelledby="recover-title">
        <Heading id="recover-title">{RECOVER_TEXTS.invalidTitle}</Heading>
        <Notice tone="error">
          <p>{RECOVER_TEXTS.missingCode}</p>
        </Notice>
        <NavLink path={PATHS.forgot}>{RECOVER_TEXTS.requestNew}</NavLink>
      </AuthPanel>
    );
  }
  return <RecoverWithCode code={code} />;
}

function RecoverWithCode({ code }: { code: string }) {
  const core = useCore();
  const { result, retry } = useCodeLogin(core, code);

  if (result.state === 'checking') {
    return (
      <AuthPanel aria-label={RECOVER_TEXTS.checking}>
        <Loading />
      </AuthPanel>
    );
  }
  if (result.state === 'failed') {
    const status = statusOf(result.error);
    // A refused code (403) or an absent answer: the link cannot be used again.
    if (result.error === null || status === 403 || status === 404 || status === 400) {
      return (
        <AuthPanel aria-labelledby="recover-title">
          <Heading id="recover-title">{RECOVER_TEXTS.invalidTitle}</Heading>
          <Notice tone="error">
            <p>{serverMessage(result.error) ?? RECOVER_TEXTS.invalid}</p>
          </Notice>
          <NavLink path={PATHS.forgot}>{RECOVER_TEXTS.requestNew}</NavLink>
        </AuthPanel>
      );
    }
    return (
      <AuthPanel aria-labelledby="recover-title">
        <Heading id="recover-title">{RECOVER_TEXTS.invalidTitle}</Heading>
        <ErrorState message={isSilentFailure(result.error) ? FEATURE_TEXTS.unreachable : describeFailure(result.error)} onRetry={retry} />
      </AuthPanel>
    );
  }
  return <NewPassword />;
}

function NewPassword() {
  const core = useCore();
  const navigate = useNavigate();
  const [pair, setPair] = useState<PasswordPair>({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const home = homePath(core.session.claims.value?.Role);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = checkPasswordPair(pair);
    setErrors(found);
    if (found.password || found.confirmation) return;
    const id = core.session.claims.value?.ID;
    if (id === undefined) return setFailure(FEATURE_TEXTS.notLoggedIn);
    setFailure(null);
    setBusy(true);
    try {
      await setUserPassword(core, id, pair.password);
      setSaved(true);
      navigate(home, true);
    } catch (e) {
      if (!isSilentFailure(e)) setFailure(describeFailure(e));
    } finally {
      setBusy(false);
    }
  }

  if (saved) {
    return (
      <AuthPanel aria-labelledby="recover-title">
        <Heading id="recover-title">{RECOVER_TEXTS.title}</Heading>
        <Notice tone="success">
          <p>{RECOVER_TEXTS.saved}</p>
        </Notice>
        <NavLink path={home}>{RECOVER_TEXTS.continue}</NavLink>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel aria-labelledby="recover-title">
      <Heading id="recover-title">{RECOVER_TEXTS.title}</Heading>
      <Lead>{RECOVER_TEXTS.lead}</Lead>
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
          }}
        />
        <Actions>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? FEATURE_TEXTS.saving : RECOVER_TEXTS.save}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => navigate(home, true)}>
            {RECOVER_TEXTS.skip}
          </Button>
        </Actions>
      </form>
    </AuthPanel>
  );
}
