import { useState, type FormEvent } from 'react';
import { isSilentFailure } from '../../core/index.js';
import { Button, Field, Input } from '../kit/index.js';
import { Actions, AuthPanel, FooterLinks, Heading, Lead, Notice, WideActions } from '../feature-kit/layout.js';
import { NavLink } from '../feature-kit/navigation.js';
import { PATHS } from '../feature-kit/paths.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { useCore } from '../feature-kit/use-core.js';
import { LOGIN_LINK_TEXTS } from './texts.js';

// Enough to catch a typo; the server decides the rest.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Login by link and password recovery: one request that e-mails a single-use link. */
export function LoginLink() {
  const core = useCore();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!address) return setFieldError(LOGIN_LINK_TEXTS.emailRequired);
    if (!EMAIL_SHAPE.test(address)) return setFieldError(LOGIN_LINK_TEXTS.emailInvalid);
    setFieldError(null);
    setFailure(null);
    setBusy(true);
    try {
      await core.session.requestLink(address);
      setSent(true);
    } catch (e) {
      if (!isSilentFailure(e)) setFailure(describeFailure(e));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <AuthPanel aria-labelledby="link-title">
        <Heading id="link-title">{LOGIN_LINK_TEXTS.sentTitle}</Heading>
        <Notice tone="success">
          <p>{LOGIN_LINK_TEXTS.sent}</p>
        </Notice>
        <Actions>
          <Button variant="secondary" onClick={() => setSent(false)}>
            {LOGIN_LINK_TEXTS.sendAgain}
          </Button>
        </Actions>
        <FooterLinks>
          <NavLink path={PATHS.login}>{LOGIN_LINK_TEXTS.backToLogin}</NavLink>
        </FooterLinks>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel aria-labelledby="link-title">
      <Heading id="link-title">{LOGIN_LINK_TEXTS.title}</Heading>
      <Lead>{LOGIN_LINK_TEXTS.lead}</Lead>
      {failure && (
        <Notice tone="error">
          <p>{failure}</p>
        </Notice>
      )}
      <form onSubmit={submit} noValidate>
        <Field label={LOGIN_LINK_TEXTS.email} error={fieldError} required>
          {(control) => (
            <Input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setFieldError(null);
              }}
            />
          )}
        </Field>
        <WideActions>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? LOGIN_LINK_TEXTS.submitting : LOGIN_LINK_TEXTS.submit}
          </Button>
        </WideActions>
      </form>
      <FooterLinks>
        <NavLink path={PATHS.login}>{LOGIN_LINK_TEXTS.backToLogin}</NavLink>
      </FooterLinks>
    </AuthPanel>
  );
}
