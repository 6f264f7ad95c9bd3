import { useState } from 'react';
import styled from 'styled-components';
import { isStaffRole } from '../../core/index.js';
import { TWO_FACTOR_PATHS, type TwoFactorStatus } from '../../core/two-factor.js';
import { Button, ErrorState, Loading, space, useQuery, useSignalValue } from '../kit/index.js';
import { Actions, Heading, Lead, Notice, Panel } from '../feature-kit/layout.js';
import { FEATURE_TEXTS } from '../feature-kit/texts.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { useCore } from '../feature-kit/use-core.js';
import { twoFactorApi } from './api.js';
import { Enrolment } from './enrolment.js';
import { ProofForm } from './proof-form.js';
import { RecoveryCodes } from './recovery-codes.js';
import { TWO_FACTOR_TEXTS as T } from './texts.js';

const FEW_CODES = 3;

const Subheading = styled.h3`
  margin: ${space(2)} 0 ${space(1)};
  font-size: 1.2em;
`;

type Mode = 'view' | 'enrol' | 'disable' | 'regenerate' | { codes: string[]; done: string };

const since = (iso: string) => new Date(iso).toLocaleDateString('pt-PT', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * The logged-in staff member's own two-factor login: turns it on (authenticator app and
 * recovery codes), off (with the password or a code) and renews the recovery codes.
 */
export function TwoFactor() {
  const core = useCore();
  const claims = useSignalValue(core.session.claims);
  const [mode, setMode] = useState<Mode>('view');
  const [done, setDone] = useState<string | null>(null);
  const api = twoFactorApi(core);
  const staff = isStaffRole(claims?.Role);
  // Members have no two-factor login: the server refuses it, so it is not asked.
  const query = useQuery<TwoFactorStatus>(core.queries, staff ? { path: TWO_FACTOR_PATHS.status } : null);
  const reload = query.refresh;

  if (!claims) return <ErrorState message={FEATURE_TEXTS.notLoggedIn} />;
  if (!staff) return null;
  if (query.status === 'failed' || query.status === 'notFound') return <ErrorState message={describeFailure(query.error, T.loadFailed)} onRetry={reload} />;
  if (query.status !== 'loaded' || !query.data) return <Loading />;
  const status = query.data;

  const finish = (message: string) => {
    setDone(message);
    setMode('view');
    reload();
  };
  const start = (next: Mode) => {
    setDone(null);
    setMode(next);
  };

  return (
    <Panel aria-labelledby="two-factor-title">
      <Heading id="two-factor-title">{T.title}</Heading>
      <Lead>{T.lead}</Lead>
      {done && (
        <Notice tone="success">
          <p>{done}</p>
        </Notice>
      )}
      {typeof mode === 'object' ? (
        <RecoveryCodes codes={mode.codes} onDone={() => finish(mode.done)} />
      ) : mode === 'enrol' ? (
        <Enrolment onConfirmed={({ recoveryCodes }) => setMode({ codes: recoveryCodes, done: T.enabled })} onCancel={() => setMode('view')} />
      ) : (
        <>
          {status.required && (
            <Notice tone={status.enabled ? 'info' : 'warning'}>
              <p>{T.required}</p>
            </Notice>
          )}
          <p>{status.enabled && status.enabledAt ? T.on(since(status.enabledAt)) : T.off}</p>
          {status.enabled && <p>{T.codesLeft(status.recoveryCodesLeft)}</p>}
          {status.enabled && status.recoveryCodesLeft <= FEW_CODES && (
            <Notice tone="warning">
              <p>{T.fewCodesLeft}</p>
            </Notice>
          )}
          {mode === 'view' && (
            <Actions>
              {!status.enabled && <Button onClick={() => start('enrol')}>{T.enable}</Button>}
              {status.enabled && (
                <Button variant="secondary" onClick={() => start('regenerate')}>
                  {T.regenerate}
                </Button>
              )}
              {status.enabled && !status.required && (
                <Button variant="danger" onClick={() => start('disable')}>
                  {T.disable}
                </Button>
              )}
            </Actions>
          )}
          {mode === 'disable' && (
            <>
              <Subheading>{T.disableTitle}</Subheading>
              <p>{T.disableLead}</p>
              <ProofForm withPassword danger submitLabel={T.disable} submit={async (proof) => {
                await api.disable(proof);
                finish(T.disabled);
              }} onCancel={() => setMode('view')} />
            </>
          )}
          {mode === 'regenerate' && (
            <>
              <Subheading>{T.regenerateTitle}</Subheading>
              <p>{T.regenerateLead}</p>
              <ProofForm withPassword={false} submitLabel={T.regenerate} submit={async (proof) => {
                if (!('code' in proof)) return;
                const { recoveryCodes } = await api.regenerate(proof.code);
                setMode({ codes: recoveryCodes, done: T.regenerated });
              }} onCancel={() => setMode('view')} />
            </>
          )}
        </>
      )}
    </Panel>
  );
}
