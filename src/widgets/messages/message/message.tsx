// Below a message's read-only form: its HTML part kept in a sandboxed frame, and "Reenviar" once
// it was sent or given up (a copy back in the queue, then the copy's page).
import { useState } from 'react';
import styled from 'styled-components';
import { isSilentFailure, RESOURCE, type Message } from '../../../core/index.js';
import { Button, space, token, useRecord } from '../../kit/index.js';
import { ConfirmDialog } from '../../feature-kit/confirm-dialog.js';
import { Notice } from '../../feature-kit/layout.js';
import { useNavigate } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { MESSAGE_TEXTS as T } from '../texts.js';

const Section = styled.section`
  margin-top: ${space(3)};
  h2 {
    margin: 0 0 ${space(1)};
    font-size: 1.15rem;
  }
  p {
    margin: 0 0 ${space(1.5)};
    color: ${token('color-text-muted')};
  }
`;

/** Framed like the page's panels: the host places this element outside one. */
const Framed = styled(Section)`
  padding: ${space(3)};
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

const Frame = styled.iframe`
  width: 100%;
  min-height: 24rem;
  border: 1px solid ${token('color-border')};
  border-radius: 6px;
  background: #fff;
`;

/**
 * The HTML part in a frame with every sandbox restriction: no scripts, no forms, no navigation
 * and an origin of its own, so markup written into a message (a member's name, a template) can
 * never act in the back office's page or with its session. Nothing is ever inserted as markup
 * of the page itself.
 */
function HtmlPart({ html }: { html: string }) {
  return (
    <Framed aria-labelledby="message-html-title">
      <h2 id="message-html-title">{T.html}</h2>
      <p>{T.htmlHint}</p>
      <Frame sandbox="" referrerPolicy="no-referrer" srcDoc={html} title={T.htmlFrame} data-message-html="" />
    </Framed>
  );
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
    <>
      {resent && (
        <Notice tone="success">
          <p>{T.resent}</p>
        </Notice>
      )}
      <Button onClick={() => setOpen(true)} data-action="resend">
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
    </>
  );
}

export interface MessageDetailProps {
  messageId?: string;
  /** A message's page, its ':id' left in ('/mensagens/:id'): where the resent copy opens. */
  messagePath?: string;
}

/** A message's HTML part, and "Reenviar" once it was sent or given up. */
export function MessageDetail({ messageId, messagePath }: MessageDetailProps) {
  const core = useCore();
  const message = useRecord<Message>(core.queries, RESOURCE.messages, messageId || null).record;
  if (!message) return null;
  const resendable = message.status === 'sent' || message.status === 'failed';
  return (
    <>
      {resendable && (
        <Section data-message={message._id}>
          <Resend message={message} messagePath={messagePath} />
        </Section>
      )}
      {message.html && <HtmlPart html={message.html} />}
    </>
  );
}
