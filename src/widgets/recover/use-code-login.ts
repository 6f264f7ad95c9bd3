import { useCallback, useEffect, useRef, useState } from 'react';
import type { Core } from '../../core/index.js';
import type { SecondFactorChallenge } from '../../core/two-factor.js';

/** 'challenged': the code was right and spent, and the account takes its second step before a session. */
export type CodeLogin =
  | { state: 'checking' }
  | { state: 'challenged'; challenge: SecondFactorChallenge }
  | { state: 'loggedIn' }
  | { state: 'failed'; error: unknown };

/**
 * Logs in with a single-use code, once. The code is spent by the first request, so the
 * attempt is kept in a ref: React's strict mode runs effects twice and a second request
 * would be refused.
 */
export function useCodeLogin(core: Core, code: string): { result: CodeLogin; retry(): void } {
  const attempt = useRef<{ code: string; promise: Promise<boolean | SecondFactorChallenge> } | null>(null);
  const [result, setResult] = useState<CodeLogin>({ state: 'checking' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    if (attempt.current?.code !== code) attempt.current = { code, promise: core.session.loginWithCode(code) };
    setResult({ state: 'checking' });
    attempt.current.promise.then(
      (outcome) =>
        current && setResult(typeof outcome === 'object' ? { state: 'challenged', challenge: outcome } : outcome ? { state: 'loggedIn' } : { state: 'failed', error: null }),
      (error: unknown) => current && setResult({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [core, code, round]);

  const retry = useCallback(() => {
    attempt.current = null;
    setRound((n) => n + 1);
  }, []);

  return { result, retry };
}
