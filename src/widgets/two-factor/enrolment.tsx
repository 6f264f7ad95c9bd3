import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { isSilentFailure } from '../../core/index.js';
import type { RecoveryCodesAnswer, TotpEnrolment } from '../../core/two-factor.js';
import { Button, Loading, space, token } from '../kit/index.js';
import { Actions, Notice } from '../feature-kit/layout.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { useCore } from '../feature-kit/use-core.js';
import { cleanCode, twoFactorApi } from './api.js';
import { CodeField } from './code-field.js';
import { TWO_FACTOR_TEXTS as T } from './texts.js';

const Title = styled.h3`
  margin: 0 0 ${space(1)};
  font-size: 1.2em;
`;

const Step = styled.p`
  margin: 0 0 ${space(1)};
`;

const Qr = styled.img`
  display: block;
  width: 12rem;
  height: 12rem;
  margin: 0 0 ${space(2)};
  background: #fff;
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

const Key = styled.code`
  display: inline-block;
  margin: 0 0 ${space(2)};
  padding: ${space(0.5)} ${space(1)};
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 1.05em;
  letter-spacing: 0.05em;
  word-break: break-all;
  background: ${token('color-surface')};
  border-radius: ${token('radius')};
  user-select: all;
`;

/** Groups of four, as authenticator apps show keys, so it is easy to type. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

interface EnrolmentProps {
  /** A login's enrolment ticket, instead of the session. */
  ticket?: string;
  onConfirmed(answer: RecoveryCodesAnswer): void;
  onCancel?(): void;
}

type Setup = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; enrolment: TotpEnrolment };

/**
 * Sets up the authenticator app: a new secret as a QR code (an SVG drawn by the server) and as
 * text, then the first code, which turns two-factor login on.
 */
export function Enrolment({ ticket, onConfirmed, onCancel }: EnrolmentProps) {
  const core = useCore();
  const [setup, setSetup] = useState<Setup>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setSetup({ state: 'loading' });
    twoFactorApi(core)
      .enrol(ticket)
      .then(
        (enrolment) => live && setSetup({ state: 'ready', enrolment }),
        (e: unknown) => live && !isSilentFailure(e) && setSetup({ state: 'failed', message: describeFailure(e) }),
      );
    return () => {
      live = false;
    };
  }, [core, ticket, round]);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const clean = cleanCode(code);
    if (!clean) {
      setCodeError(code.trim() ? T.codeInvalid : T.codeRequired);
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      onConfirmed(await twoFactorApi(core).confirm(clean, ticket));
    } catch (e) {
      if (!isSilentFailure(e)) setFailure(describeFailure(e));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  const cancel = onCancel && (
    <Button variant="secondary" onClick={onCancel}>
      {T.cancel}
    </Button>
  );

  return (
    <section aria-labelledby="totp-setup-title">
      <Title id="totp-setup-title">{T.setupTitle}</Title>
      {setup.state === 'loading' && <Loading />}
      {setup.state === 'failed' && (
        <>
          <Notice tone="error">
            <p>{setup.message}</p>
          </Notice>
          <Actions>
            <Button onClick={() => setRound((n) => n + 1)}>{T.retry}</Button>
            {cancel}
          </Actions>
        </>
      )}
      {setup.state === 'ready' && (
        <form onSubmit={confirm} noValidate>
          <Step>{T.scan}</Step>
          <Qr src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.enrolment.qrSvg)}`} alt={T.qrAlt} />
          <Step>{T.manual}</Step>
          <Key aria-label={T.manualKey}>{grouped(setup.enrolment.secret)}</Key>
          <Step>{T.enterCode}</Step>
          {failure && (
            <Notice tone="error">
              <p>{failure}</p>
            </Notice>
          )}
          <CodeField
            value={code}
            error={codeError}
            onChange={(value) => {
              setCode(value);
              setCodeError(null);
              setFailure(null);
            }}
          />
          <Actions>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? T.confirming : T.confirm}
            </Button>
            {cancel}
          </Actions>
        </form>
      )}
    </section>
  );
}
