// One message of the outbox as it was sent (issue 30): subject, recipient, dates, how delivery
// went, then the message itself (its HTML part in a sandboxed frame, the text version beside
// it) and "Reenviar" once it was sent or given up (a copy back in the queue, then its page).
import { useId, useState } from 'react';
import styled from 'styled-components';
import { isSilentFailure, RESOURCE, type Message } from '../../../core/index.js';
import { Button, EmptyState, ErrorState, Loading, space, token, useRecord } from '../../kit/index.js';
import { ConfirmDialog } from '../../feature-kit/confirm-dialog.js';
import { Facts } from '../../feature-kit/facts.js';
import { Notice } from '../../feature-kit/layout.js';
import { useNavigate } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatWhen } from '../../shared/when.js';
import { MESSAGE_TEXTS as T } from '../texts.js';

const Page = styled.article`
  display: grid;
  gap: ${space(2)};
  max-width: 56rem;
`;

/** Framed like the page's panels: the host places this element outside one. */
const Framed = styled.section`
  padding: ${space(2)} ${space(3)};
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  h2 {
    margin: 0 0 ${space(1.5)};
    font-size: 1.2rem;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0 0 ${space(1.5)};
    color: ${token('color-text-muted')};
  }
  @media (max-width: 40rem) {
    padding: ${space(1.5)} ${space(2)};
  }
`;

const Frame = styled.iframe`
  width: 100%;
  min-height: 24rem;
  border: 1px solid ${token('color-border')};
  border-radius: 6px;
  background: #fff;
`;

const Text = styled.pre`
  margin: 0;
  padding: ${space(1.5)};
  font: inherit;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  background: ${token('color-surface')};
  border-radius: 6px;
`;

const Summary = styled.summary`
  cursor: pointer;
  margin: ${space(1.5)} 0 ${space(1)};
  color: ${token('color-primary')};
`;

const Failed = styled.span`
  color: ${token('color-danger')};
  font-weight: 600;
`;

/**
 * The HTML part in a frame with every sandbox restriction: no scripts, no forms, no navigation
 * and an origin of its own, so markup written into a message (a member's name, a template) can
 * never act in the back office's page or with its session. Nothing is ever inserted as markup
 * of the page itself.
 */
function HtmlPart({ html }: { html: string }) {
  return <Frame sandbox="" referrerPolicy="no-referrer" srcDoc={html} title={T.htmlFrame} data-message-html="" />;
}

/** "Reenviar": a copy of the message back in the queue (the server answers its id), then its page. */
function Resend({ message, messagePath }: { message: Message; messagePath?: string }) {
  const core = useCore();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [resent, setResent] = useState(false);

  async function resend() {
    setBusy(true);
    setFailure(null);
    try {
      const copy = await core.queries.action<{ _id: number }>(`${RESOURCE.messages}/${encodeURIComponent(message._id)}/resend`, {}, { invalidates: [RESOURCE.messages] });
      setOpen(false);
      // Without a page to open (or a router to open it), the element says the copy is queued.
      if (!messagePath || !navigate(pathWith(messagePath, { id: copy._id }))) setResent(true);
    } catch (e) {
      if (!isSilentFailure(e)) setFailure(describeFailure(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-message={message._id}>
      {resent && (
        <Notice tone="success">
          <p>{T.resent}</p>
        </Notice>
      )}
      <Button variant="secondary" onClick={() => setOpen(true)} data-action="resend">
        {T.resend}
      </Button>
      <ConfirmDialog open={open} title={T.resendTitle} confirmLabel={T.resend} busy={busy} onConfirm={() => void resend()} onCancel={() => setOpen(false)}>
        <p>{T.resendBody(message.recipient ?? '')}</p>
        {failure && (
          <Notice tone="error">
            <p>{failure}</p>
          </Notice>
        )}
      </ConfirmDialog>
    </div>
  );
}

/** How delivery went, in words: its state, and for one given up, after how many attempts. */
function stateOf(message: Message) {
  const label = T.statuses[String(message.status)] ?? String(message.status ?? '');
  return message.status === 'failed' ? <Failed>{label}</Failed> : label;
}

export interface MessageDetailProps {
  messageId?: string;
  /** A message's page, its ':id' left in ('/mensagens/:id'): where the resent copy opens. */
  messagePath?: string;
}

/** A message as sent: who, what, when and how delivery went, the message itself, and "Reenviar". */
export function MessageDetail({ messageId, messagePath }: MessageDetailProps) {
  const core = useCore();
  const view = useRecord<Message>(core.queries, RESOURCE.messages, messageId || null);
  const headingId = useId();
  const bodyId = useId();
  const message = view.record;
  if (!messageId) return null;
  if (!message) {
    if (view.status === 'notFound') return <EmptyState message={T.notFound} />;
    if (view.status === 'failed') return <ErrorState message={T.loadFailed} onRetry={view.refresh} />;
    return <Loading />;
  }
  const resendable = message.status === 'sent' || message.status === 'failed';
  const attempts = Number(message.attempts ?? 0);
  return (
    <Page data-message-view={message._id}>
      <Framed aria-labelledby={headingId} data-part="envelope">
        <h2 id={headingId} data-subject="">
          {message.subject || T.noSubject}
        </h2>
        <Facts
          facts={[
            { term: T.recipient, value: message.recipient ?? '', name: 'recipient' },
            { term: T.state, value: stateOf(message), name: 'status' },
            { term: T.queuedAt, value: formatWhen(message.created_at), name: 'created_at' },
            { term: T.sentAt, value: formatWhen(message.sent_at), name: 'sent_at' },
            { term: T.attempts, value: attempts > 1 || message.status === 'failed' ? String(attempts) : '', name: 'attempts' },
            { term: T.lastError, value: message.status === 'sent' ? '' : (message.last_error ?? ''), name: 'last_error' },
          ]}
        />
        {resendable && <Resend message={message} messagePath={messagePath} />}
      </Framed>
      <Framed aria-labelledby={bodyId} data-part="body">
        <h2 id={bodyId}>{T.body}</h2>
        {message.html ? (
          <>
            <p>{T.htmlHint}</p>
            <HtmlPart html={message.html} />
            {message.body && (
              <details data-message-text="">
                <Summary>{T.text}</Summary>
                <Text>{message.body}</Text>
              </details>
            )}
          </>
        ) : (
          <Text data-message-text="">{message.body ?? ''}</Text>
        )}
      </Framed>
    </Page>
  );
}
