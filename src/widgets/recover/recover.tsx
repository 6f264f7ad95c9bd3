import { lazy, Suspense, useState } from 'react';
import { isSilentFailure, type TokenPair } from '../../core/index.js';
import type { SecondFactorChallenge } from '../../core/two-factor.js';
import { Button, ErrorState, Loading, useApiBase } from '../kit/index.js';
import { AuthPanel, Heading, Lead, Notice } from '../feature-kit/layout.js';
import { NavLink, useNavigate } from '../feature-kit/navigation.js';
import { setUserPassword } from '../feature-kit/own-password.js';
import { NewPasswordForm } from '../feature-kit/new-password-form.js';
import { appHref, homePath, PATHS } from '../feature-kit/paths.js';
import { describeFailure, serverMessage, statusOf, UserMessageError } from '../feature-kit/server-message.js';
import { FEATURE_TEXTS } from '../feature-kit/texts.js';
import { useCore } from '../feature-kit/use-core.js';
import { RECOVER_TEXTS } from './texts.js';
import { useCodeLogin } from './use-code-login.js';

// The login's own second step, loaded only when the account has two-factor login.
const SecondFactor = lazy(() => import('../login/index.js').then((m) => ({ default: m.SecondFactor })));

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
  const [secondStepDone, setSecondStepDone] = useState(false);

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
  if (result.state === 'challenged' && !secondStepDone) {
    const finish = (pair: TokenPair) => {
      core.session.completeLogin(pair);
      setSecondStepDone(true);
    };
    return <SecondStep challenge={result.challenge} onLoggedIn={finish} />;
  }
  return <NewPassword />;
}

/** The account has two-factor login: the spent link alone gives no session. */
function SecondStep({ challenge, onLoggedIn }: { challenge: SecondFactorChallenge; onLoggedIn(pair: TokenPair): void }) {
  const navigate = useNavigate();
  const forgot = appHref(useApiBase(), PATHS.forgot);
  // The link is spent: starting again means asking for a new one.
  const back = () => navigate(PATHS.forgot) || window.location.assign(forgot);
  return (
    <AuthPanel aria-labelledby="recover-title">
      <Suspense fallback={<Loading />}>
        <SecondFactor challenge={challenge} onLoggedIn={onLoggedIn} onBack={back} backLabel={RECOVER_TEXTS.requestNew} titleId="recover-title" />
      </Suspense>
    </AuthPanel>
  );
}

function NewPassword() {
  const core = useCore();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const home = homePath(core.session.claims.value?.Role);

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

  async function save(password: string) {
    const id = core.session.claims.value?.ID;
    if (id === undefined) throw new UserMessageError(FEATURE_TEXTS.notLoggedIn);
    await setUserPassword(core, id, password);
  }

  return (
    <AuthPanel aria-labelledby="recover-title">
      <Heading id="recover-title">{RECOVER_TEXTS.title}</Heading>
      <Lead>{RECOVER_TEXTS.lead}</Lead>
      <NewPasswordForm
        save={save}
        onSaved={() => {
          setSaved(true);
          navigate(home, true);
        }}
        submitLabel={RECOVER_TEXTS.save}
        extraActions={(busy) => (
          <Button variant="secondary" disabled={busy} onClick={() => navigate(home, true)}>
            {RECOVER_TEXTS.skip}
          </Button>
        )}
      />
    </AuthPanel>
  );
}
