import { useState } from 'react';
import { useLocation } from 'wouter';
import styled from 'styled-components';
import { isSilentFailure, type Message } from '../../../core/index.js';
import { Button, space, token, useRecord } from '../../../widgets/kit/index.js';
import { ConfirmDialog } from '../../../widgets/feature-kit/confirm-dialog.js';
import { Notice } from '../../../widgets/feature-kit/layout.js';
import { describeFailure } from '../../../widgets/feature-kit/server-message.js';
import { useHost } from '../../context.js';
import { pathOf, routeNamed } from '../../routes.js';
import { Panel } from '../../shell/styles.js';
import { ModuleFormPage } from '../parts.js';
import type { Page } from '../types.js';
import { MESSAGE_TEXTS as T } from './texts.js';

/** The outbox fields staff read in the form: who, what, and how delivery went. */
export const MESSAGE_FIELDS = 'recipient,subject,status,attempts,last_error,sent_at,body';

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
    <Section aria-labelledby="message-html-title">
      <Panel>
        <h2 id="message-html-title">{T.html}</h2>
        <p>{T.htmlHint}</p>
        <Frame sandbox="" referrerPolicy="no-referrer" srcDoc={html} title={T.htmlFrame} data-message-html="" />
      </Panel>
    </Section>
  );
}

/** "Reenviar": a copy of the message back in the queue (the server answers its id), then its page. */
function Resend({ message, newPath }: { message: Message; newPath: (id: number) => string }) {
  const { core } = useHost();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function resend() {
    setBusy(true);
    setFailure(null);
    try {
      const copy = await core.queries.action<{ _id: number }>(`messages/${encodeURIComponent(message._id)}/resend`, {}, { invalidates: ['messages'] });
      setOpen(false);
      navigate(newPath(copy._id));
    } catch (e) {
      if (!isSilentFailure(e)) setFailure(describeFailure(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
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

/** Below the message's fields: its HTML part, and "Reenviar" once it was sent or given up. */
function MessageDetail({ messageId, newPath }: { messageId: string; newPath: (id: number) => string }) {
  const { core } = useHost();
  const message = useRecord<Message>(core.queries, 'messages', messageId).record;
  if (!message) return null;
  const resendable = message.status === 'sent' || message.status === 'failed';
  return (
    <>
      {resendable && (
        <Section data-message={message._id}>
          <Resend message={message} newPath={newPath} />
        </Section>
      )}
      {message.html && <HtmlPart html={message.html} />}
    </>
  );
}

/** /mensagens/{id}: the outbox row read-only (state, attempts, last error, text), then its HTML and "Reenviar". */
export const MessagePage: Page = ({ route, routes, params }) => (
  <ModuleFormPage
    title={route.title}
    moduleTitle={routeNamed(routes, 'messageList').title}
    resource="messages"
    id={params.id}
    formAttrs={{ fields: MESSAGE_FIELDS, 'no-delete': 'true' }}
  >
    {params.id && <MessageDetail messageId={params.id} newPath={(id) => pathOf(routes, 'messagesEdit', { id })} />}
  </ModuleFormPage>
);
