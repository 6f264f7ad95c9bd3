import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { DEFAULT_API } from '../../core/constants.js';
// The public call, not the core: the page opens at once, without login (SPEC 4).
import { serverMessage, verifyApplicationEmail, type VerificationStatus } from '../../core/modules/application-form.js';
import { publicHttp } from '../../core/public-http.js';
import { useApiBase } from '../kit/element-context.js';
import { ErrorState } from '../kit/error-state.js';
import { Loading } from '../kit/loading.js';
import { space, token } from '../kit/tokens.js';
import { APPLICATION_CONFIRMATION_TEXTS as T } from './texts.js';

export interface ApplicationConfirmationProps {
  /** The code of /inscricao/confirmacao/{verificationCode}, as the confirmation message links it. */
  verificationCode?: string;
}

const Box = styled.div<{ $good: boolean }>`
  max-width: 36rem;
  margin: 0 auto;
  padding: ${space(2)};
  border-radius: ${token('radius')};
  border: 2px solid ${({ $good }) => ($good ? token('color-primary') : token('color-danger'))};
  h2 {
    margin: 0 0 ${space(1)};
  }
`;

type Outcome = { status: VerificationStatus; message: string | null } | 'loading' | 'failed';

/**
 * The e-mail confirmation of a membership application: asks the server once, with the code of
 * the link, and says in pt-PT whether the address is now confirmed, was already, or the link
 * has expired or is unknown. Needs no login.
 */
export function ApplicationConfirmation({ verificationCode }: ApplicationConfirmationProps) {
  const api = useApiBase() ?? DEFAULT_API;
  const http = useMemo(() => publicHttp(api), [api]);
  const [outcome, setOutcome] = useState<Outcome>('loading');
  const [attempt, setAttempt] = useState(0);
  const code = verificationCode?.trim() ?? '';

  useEffect(() => {
    if (!code) return;
    let live = true;
    setOutcome('loading');
    verifyApplicationEmail(http, code).then(
      (answer) => live && setOutcome(answer),
      (e: unknown) => live && setOutcome(serverMessage(e) ? { status: 'unknown', message: serverMessage(e) } : 'failed'),
    );
    return () => {
      live = false;
    };
  }, [http, code, attempt]);

  if (!code) return <Box $good={false} role="alert">{T.missing}</Box>;
  if (outcome === 'loading') return <Loading />;
  if (outcome === 'failed') return <ErrorState message={T.failed} onRetry={() => setAttempt((n) => n + 1)} />;
  const good = outcome.status === 'confirmed' || outcome.status === 'already_confirmed';
  return (
    <Box $good={good} role={good ? 'status' : 'alert'} data-status={outcome.status}>
      <h2>{T.titles[outcome.status]}</h2>
      <p>{outcome.message ?? T.explanations[outcome.status]}</p>
    </Box>
  );
}
