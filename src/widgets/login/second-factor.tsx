import { useState, type FormEvent } from 'react';
import { isSilentFailure, type TokenPair } from '../../core/index.js';
import type { SecondFactorChallenge } from '../../core/two-factor.js';
import { Button, Field, Input } from '../kit/index.js';
import { Heading, Lead, Notice, WideActions } from '../feature-kit/layout.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { useCore } from '../feature-kit/use-core.js';
import { cleanCode, CodeField, Enrolment, RecoveryCodes, TWO_FACTOR_TEXTS } from '../two-factor/index.js';
import { SECOND_FACTOR_TEXTS as T } from './second-factor-texts.js';

interface SecondFactorProps {
  challenge: SecondFactorChallenge;
  /** Tokens received: the login is over. */
  onLoggedIn(pair: TokenPair): void;
  /** Back to where the login began (a void ticket needs a new one). */
  onBack(): void;
  /** The back button's words; by default back to the password. */
  backLabel?: string;
  /** Id of the step's heading, which the surrounding panel is labelled by. */
  titleId?: string;
}

/**
 * The step after a right password or e-mailed link: a code of the app (or a recovery code), or a
 * required enrolment. Shared by <associa-login> and <associa-recover>.
 */
export function SecondFactor({ challenge, onLoggedIn, onBack, backLabel = T.back, titleId = 'login-title' }: SecondFactorProps) {
  const step = { ticket: challenge.ticket, onLoggedIn, onBack, backLabel, titleId };
  return challenge.secondFactor === 'totp' ? <CodeStep {...step} /> : <EnrolStep {...step} />;
}

interface StepProps {
  ticket: string;
  onLoggedIn(pair: TokenPair): void;
  onBack(): void;
  backLabel: string;
  titleId: string;
}

function CodeStep({ ticket, onLoggedIn, onBack, backLabel, titleId }: StepProps) {
  const core = useCore();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    let answer: { code: string } | { recoveryCode: string };
    if (recovery) {
      if (!value.trim()) return setError(T.recoveryRequired);
      answer = { recoveryCode: value.trim() };
    } else {
      const code = cleanCode(value);
      if (!code) return setError(value.trim() ? TWO_FACTOR_TEXTS.codeInvalid : TWO_FACTOR_TEXTS.codeRequired);
      answer = { code };
    }
    setFailure(null);
    setBusy(true);
    try {
      const res = await core.http.post<TokenPair>('auth', { ticket, ...answer });
      onLoggedIn(res.data);
    } catch (e) {
      if (!isSilentFailure(e)) setFailure(describeFailure(e));
      setValue('');
      setBusy(false);
    }
  }

  const edit = (next: string) => {
    setValue(next);
    setError(null);
    setFailure(null);
  };

  return (
    <>
      <Heading id={titleId}>{TWO_FACTOR_TEXTS.title}</Heading>
      <Lead>{recovery ? T.recoveryLead : T.codeLead}</Lead>
      {failure && (
        <Notice tone="error">
          <p>{failure}</p>
        </Notice>
      )}
      <form onSubmit={submit} noValidate>
        {recovery ? (
          <Field label={T.recoveryCode} hint={T.recoveryHint} error={error} required>
            {(control) => (
              <Input {...control} name="recoveryCode" autoComplete="off" autoCapitalize="none" spellCheck={false} autoFocus value={value} onChange={(e) => edit(e.target.value)} />
            )}
          </Field>
        ) : (
          <CodeField value={value} error={error} onChange={edit} autoFocus />
        )}
        <WideActions>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? T.submitting : T.submit}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setRecovery(!recovery);
              edit('');
            }}
          >
            {recovery ? T.useApp : T.useRecovery}
          </Button>
          <Button variant="secondary" onClick={onBack}>
            {backLabel}
          </Button>
        </WideActions>
      </form>
    </>
  );
}

function EnrolStep({ ticket, onLoggedIn, onBack, titleId }: StepProps) {
  const [finished, setFinished] = useState<{ codes: string[]; tokens: TokenPair } | null>(null);
  return (
    <>
      <Heading id={titleId}>{TWO_FACTOR_TEXTS.title}</Heading>
      {finished ? (
        <RecoveryCodes codes={finished.codes} onDone={() => onLoggedIn(finished.tokens)} />
      ) : (
        <>
          <Lead>{T.enrolLead}</Lead>
          <Enrolment
            ticket={ticket}
            // With a ticket the server always ends the login with tokens.
            onConfirmed={({ recoveryCodes, tokens }) => (tokens ? setFinished({ codes: recoveryCodes, tokens }) : onBack())}
            onCancel={onBack}
          />
        </>
      )}
    </>
  );
}
