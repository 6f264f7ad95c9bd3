// "Entregar forma de pagamento" on a member's statement and record: staff copy a new payment
// link with a ready text for an SMS or WhatsApp, or have it e-mailed to the member, whose link
// then reaches only them (POST /api/payment_links/hand_over; audited, never shown in the outbox).
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { ApiError, type ValidationErrorResponse } from '../../../core/index.js';
import { Button, space, token } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { lisbonDay as lisbonDayOf } from '../../../core/days.js';
import { formatDay } from '../../shared/format.js';
import { copyText } from '../../shared/copy.js';
import { Buttons } from '../layout.js';
import { COLLECTING_TEXTS } from '../texts.js';

const T = COLLECTING_TEXTS.handOver;

type Answer = { way: 'copy'; url: string; expires_at: string; text: string } | { way: 'email'; recipient: string; message: number };

const Box = styled.section`
  max-width: 48rem;
  h2 {
    margin: 0 0 ${space(1)};
    font-size: 1.2rem;
    font-weight: 650;
  }
`;

const Labelled = styled.label`
  display: block;
  margin: 0 0 ${space(1)};
  font-weight: 600;
`;

const Text = styled.textarea`
  display: block;
  box-sizing: border-box;
  width: 100%;
  max-width: 40rem;
  min-height: 6rem;
  margin: ${space(1)} 0;
  padding: ${space(1)};
  font: inherit;
  font-weight: normal;
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

const Link = styled.input`
  display: block;
  margin: ${space(0.5)} 0 0;
  box-sizing: border-box;
  width: 100%;
  max-width: 40rem;
  padding: ${space(0.5)} ${space(1)};
  font: inherit;
  font-weight: normal;
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

export interface HandOverProps {
  /** The member whose payment page the link opens. */
  memberId?: string;
}

export function HandOver({ memberId }: HandOverProps) {
  const core = useCore();
  const headingId = useId();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<'link' | 'text' | null>(null);
  const [pending, setPending] = useState(false);
  const linkInput = useRef<HTMLInputElement>(null);
  const textInput = useRef<HTMLTextAreaElement>(null);

  async function handOver(way: 'copy' | 'email') {
    if (!memberId) return;
    setPending(true);
    setError(null);
    setCopied(null);
    try {
      const got = await core.queries.action<Answer>('payment_links/hand_over', { member: Number(memberId), way }, { invalidates: ['payment_links', 'messages'] });
      setAnswer(got);
      if (got.way === 'copy' && (await copyText(got.url, linkInput.current))) setCopied('link');
    } catch (e) {
      const errors = e instanceof ApiError && e.status === 422 ? (e.data as Partial<ValidationErrorResponse> | null)?.errors : undefined;
      setError(errors ? Object.values(errors).join(' ') : describeFailure(e, T.failed));
    } finally {
      setPending(false);
    }
  }

  async function copy(what: 'link' | 'text') {
    if (answer?.way !== 'copy') return;
    const ok = what === 'link' ? await copyText(answer.url, linkInput.current) : await copyText(answer.text, null);
    if (!ok && what === 'text') textInput.current?.select();
    setCopied(ok ? what : null);
  }

  return (
    <Box aria-labelledby={headingId} data-hand-over>
      <h2 id={headingId}>{T.title}</h2>
      <p>{T.intro}</p>
      <Buttons>
        <Button type="button" disabled={pending || !memberId} onClick={() => void handOver('copy')}>
          {T.copyLink}
        </Button>
        <Button type="button" variant="secondary" disabled={pending || !memberId} onClick={() => void handOver('email')}>
          {T.email}
        </Button>
      </Buttons>
      {error && (
        <Notice tone="error">
          <p>{error}</p>
        </Notice>
      )}
      {answer?.way === 'email' && (
        <Notice tone="success">
          <p>{T.emailed(answer.recipient)}</p>
        </Notice>
      )}
      {answer?.way === 'copy' && (
        <div data-hand-over-link>
          <p role="status">{copied === 'link' ? T.linkCopied(formatDay(lisbonDayOf(Date.parse(answer.expires_at)))) : T.linkReady(formatDay(lisbonDayOf(Date.parse(answer.expires_at))))}</p>
          <Labelled>
            {T.link}
            <Link ref={linkInput} readOnly value={answer.url} onFocus={(e) => e.currentTarget.select()} />
          </Labelled>
          <Labelled>
            {T.message}
            <Text ref={textInput} readOnly value={answer.text} data-hand-over-text />
          </Labelled>
          <Buttons>
            <Button type="button" variant="secondary" onClick={() => void copy('text')}>
              {T.copyText}
            </Button>
            {copied === 'text' && <span role="status">{T.textCopied}</span>}
          </Buttons>
        </div>
      )}
    </Box>
  );
}
