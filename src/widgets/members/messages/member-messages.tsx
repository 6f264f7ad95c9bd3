// The messages the outbox holds for a member's e-mail address, newest first: subject (a link to
// the message as sent), when, and how delivery went.
import { RESOURCE } from '../../../core/index.js';
import type { Message } from '../../../core/records.js';
import { EmptyState, useQuery } from '../../kit/index.js';
import { TableBox } from '../../feature-kit/data-table.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { HUB_TEXTS as T } from '../hub-texts.js';
import { HubTable, Loaded, moment, Note, useMember, useOptionLabel } from '../hub-kit.js';

const MESSAGES = RESOURCE.messages;
/** How many of the latest messages the section lists. */
const MESSAGES_SHOWN = 30;

/** The list filter matches addresses containing the text: only this very address (any case) is theirs. */
const sentTo = (messages: readonly Message[], email: string): Message[] => messages.filter((m) => (m.recipient ?? '').toLowerCase() === email.toLowerCase());

export interface MemberMessagesProps {
  memberId?: string;
  /** A message's page, '/mensagens/:id'. */
  messagePath?: string;
}

export function MemberMessages({ memberId, messagePath }: MemberMessagesProps) {
  const core = useCore();
  const offered = core.explainer.may(MESSAGES, 'list');
  const member = useMember(core, memberId);
  const email = member?.email?.trim() || null;
  const statusLabel = useOptionLabel(core, MESSAGES, 'status');
  const view = useQuery<Message[]>(core.queries, offered && email ? { path: MESSAGES, params: { _recipient: email, _sort: '-created_at', _page: 1, _limit: MESSAGES_SHOWN }, resources: [MESSAGES] } : null);
  if (!memberId || !offered || !member) return null;
  if (!email) return <EmptyState message={T.messagesNoEmail} />;
  return (
    <div data-member-messages={memberId}>
      <Loaded view={view} failed={T.messagesFailed} empty={T.messagesNone} isEmpty={(data) => sentTo(data, email).length === 0}>
        {(data) => {
          const messages = sentTo(data, email);
          return (
            <>
              <TableBox>
                <HubTable>
                  <thead>
                    <tr>
                      <th scope="col">{T.subject}</th>
                      <th scope="col">{T.when}</th>
                      <th scope="col">{T.status}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {messages.map((message) => (
                      <tr key={message._id} data-message={message._id} data-status={message.status}>
                        <td data-label={T.subject}>{messagePath ? <NavLink path={pathWith(messagePath, { id: message._id })}>{message.subject}</NavLink> : message.subject}</td>
                        <td data-label={T.when}>{moment(message.sent_at ?? message.created_at)}</td>
                        <td data-label={T.status}>{statusLabel(message.status)}</td>
                      </tr>
                    ))}
                  </tbody>
                </HubTable>
              </TableBox>
              {data.length >= MESSAGES_SHOWN && <Note>{T.moreMessages(messages.length)}</Note>}
            </>
          );
        }}
      </Loaded>
    </div>
  );
}
