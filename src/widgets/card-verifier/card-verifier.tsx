import { useEffect, useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { DEFAULT_API } from '../../core/constants.js';
// The check itself, not the signals-based createCardVerification nor the core: a page holding
// only this element stays within 90 KB gzip (scripts/size.mjs).
import { cardCodeFrom, checkCard, type CardCheck } from '../../core/modules/card-check.js';
import { publicHttp } from '../../core/public-http.js';
import { Button } from '../kit/button.js';
import { useApiBase } from '../kit/element-context.js';
import { Field, Input } from '../kit/field.js';
import { Loading } from '../kit/loading.js';
import { space } from '../kit/tokens.js';
import { codeFromPage } from './code-source.js';
import { CARD_VERIFIER_TEXTS as T } from './texts.js';
import { NotFound, Refused, Verdict } from './verdict.js';

export interface CardVerifierProps {
  /** The card's verification code (the last part of /v/{code}); without it, `?codigo=` of the page, or typed in. */
  code?: string;
}

// Phone first: one column, the width of a phone held at arm's length, big touch targets.
const Box = styled.div`
  max-width: 32rem;
  margin: 0 auto;
  display: grid;
  gap: ${space(3)};
`;

const Form = styled.form`
  display: grid;
  gap: ${space(1)};
  h2 {
    margin: 0;
    font-size: 1.1em;
  }
  input {
    font-size: 1.25em;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
  button {
    min-height: 3rem;
    font-size: 1.1em;
  }
`;

type View = 'idle' | 'loading' | 'loaded' | 'not-found' | 'too-many' | 'failed';

/**
 * The public check of a membership card: the verdict in colour and words, big enough to read
 * at arm's length, then the holder's name, number, category and validity. Needs no login.
 */
export function CardVerifier({ code }: CardVerifierProps) {
  const api = useApiBase() ?? DEFAULT_API;
  const http = useMemo(() => publicHttp(api), [api]);
  const [result, setResult] = useState<CardCheck | 'loading' | 'failed'>('loading');
  const [asked, setAsked] = useState<string | null>(() => code ?? codeFromPage());
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // A new `code` attribute is a new card to check.
  useEffect(() => {
    if (code) setAsked(code);
  }, [code]);

  const wanted = asked === null ? null : cardCodeFrom(asked);
  useEffect(() => {
    if (!wanted) return;
    // Only the latest check speaks: an earlier answer arriving late is dropped.
    let live = true;
    setResult('loading');
    checkCard({ http }, wanted).then(
      (answer) => {
        if (live) setResult(answer);
      },
      () => {
        if (live) setResult('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [http, wanted, attempt]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typedCode = cardCodeFrom(typed);
    if (!typed.trim()) return setTypedError(T.codeMissing);
    if (!typedCode) return setTypedError(T.codeInvalid);
    setTypedError(null);
    setTyped('');
    setAsked(typedCode);
    // The same code again is a fresh check (a card just reissued, a 429 waited out).
    if (typedCode === wanted) setAttempt((n) => n + 1);
  };

  let view: View = 'idle';
  if (asked !== null) view = !wanted ? 'not-found' : typeof result === 'string' ? result : result.kind;
  const card = typeof result === 'object' && result.kind === 'loaded' ? result.card : null;
  const message = typeof result === 'object' && result.kind === 'too-many' ? result.message : null;

  return (
    <Box>
      <div aria-live="polite" aria-busy={view === 'loading'}>
        {view === 'loading' && <Loading />}
        {view === 'loaded' && card && <Verdict card={card} />}
        {view === 'not-found' && <NotFound />}
        {view === 'too-many' && <Refused title={T.tooManyTitle} message={message ?? T.tooMany} onRetry={() => setAttempt((n) => n + 1)} />}
        {view === 'failed' && <Refused message={T.failed} onRetry={() => setAttempt((n) => n + 1)} />}
      </div>
      <Form onSubmit={submit} noValidate data-code-form>
        {view !== 'idle' && <h2>{T.anotherTitle}</h2>}
        <Field label={T.codeLabel} hint={T.codeHint} error={typedError}>
          {(control) => (
            <Input
              {...control}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="XXXX-XXXX-XXXXX"
            />
          )}
        </Field>
        <Button type="submit">{T.submit}</Button>
      </Form>
    </Box>
  );
}
