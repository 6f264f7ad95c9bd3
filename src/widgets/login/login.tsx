import { lazy, Suspense, useState, type FormEvent } from 'react';
import { isSilentFailure, type TokenPair } from '../../core/index.js';
import type { SecondFactorChallenge } from '../../core/two-factor.js';
import { Button, Field, Input, Loading, useSignalValue } from '../kit/index.js';
import { AuthPanel, FooterLinks, Heading, Lead, Notice, WideActions } from '../feature-kit/layout.js';
import { NavLink, useNavigate } from '../feature-kit/navigation.js';
import { homePath, PATHS } from '../feature-kit/paths.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { useCore } from '../feature-kit/use-core.js';
import { GLOBAL_ERROR_TEXTS, LOGIN_TEXTS } from './texts.js';

// Only accounts with two-factor login need its step: everyone else's login page stays lighter.
const SecondFactor = lazy(() => import('./second-factor.js').then((m) => ({ default: m.SecondFactor })));

type Outcome = { kind: 'idle' } | { kind: 'linkSent' } | { kind: 'failed'; message: string } | { kind: 'loggedIn'; name: string };

/**
 * Username and password login. On success it asks the page to go to the user's home
 * (/dashboard for a member, /adminHome for staff); a page without a router sees a
 * confirmation instead.
 */
export function Login() {
  const core = useCore();
  const navigate = useNavigate();
  const globalError = useSignalValue(core.session.globalError);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

  function edited() {
    // A message about the previous attempt no longer applies once the user changes the input.
    if (globalError) core.session.clearGlobalError();
    if (outcome.kind === 'failed') setOutcome({ kind: 'idle' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const name = username.trim();
    if (!name) {
      setUsernameError(LOGIN_TEXTS.usernameRequired);
      return;
    }
    setUsernameError(null);
    setOutcome({ kind: 'idle' });
    setBusy(true);
    try {
      const result = await core.session.login(name, password);
      if (typeof result === 'object') {
        setPassword('');
        setChallenge(result);
      } else if (result === 'linkSent') setOutcome({ kind: 'linkSent' });
      else if (result === 'loggedIn') {
        setPassword('');
        goHome();
      }
      // wrongCredentials / accountNotFound arrive through the session's global error.
    } catch (e) {
      if (!isSilentFailure(e)) setOutcome({ kind: 'failed', message: describeFailure(e) });
    } finally {
      setBusy(false);
    }
  }

  function goHome() {
    const claims = core.session.claims.value;
    if (!navigate(homePath(claims?.Role))) setOutcome({ kind: 'loggedIn', name: claims?.Name ?? username.trim() });
  }

  if (challenge) {
    const finish = (pair: TokenPair) => {
      core.session.completeLogin(pair);
      setChallenge(null);
      goHome();
    };
    return (
      <AuthPanel aria-labelledby="login-title">
        <Suspense fallback={<Loading />}>
          <SecondFactor challenge={challenge} onLoggedIn={finish} onBack={() => setChallenge(null)} />
        </Suspense>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel aria-labelledby="login-title">
      <Heading id="login-title">{LOGIN_TEXTS.title}</Heading>
      <Lead>{LOGIN_TEXTS.lead}</Lead>
      {globalError && (
        <Notice tone="error">
          <p>{GLOBAL_ERROR_TEXTS[globalError]}</p>
        </Notice>
      )}
      {outcome.kind === 'failed' && (
        <Notice tone="error">
          <p>{outcome.message}</p>
        </Notice>
      )}
      {outcome.kind === 'linkSent' && (
        <Notice tone="success">
          <p>{LOGIN_TEXTS.linkSent}</p>
        </Notice>
      )}
      {outcome.kind === 'loggedIn' && (
        <Notice tone="success">
          <p>{LOGIN_TEXTS.loggedIn(outcome.name)}</p>
        </Notice>
      )}
      <form onSubmit={submit} noValidate>
        <Field label={LOGIN_TEXTS.username} error={usernameError} required>
          {(control) => (
            <Input
              {...control}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(e) => {
                setUsername(e.target.value);
                setUsernameError(null);
                edited();
              }}
            />
          )}
        </Field>
        <Field label={LOGIN_TEXTS.password} hint={LOGIN_TEXTS.passwordHint}>
          {(control) => (
            <Input
              {...control}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                edited();
              }}
            />
          )}
        </Field>
        <WideActions>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? LOGIN_TEXTS.submitting : LOGIN_TEXTS.submit}
          </Button>
        </WideActions>
      </form>
      <FooterLinks>
        <NavLink path={PATHS.forgot}>{LOGIN_TEXTS.forgot}</NavLink>
      </FooterLinks>
    </AuthPanel>
  );
}
