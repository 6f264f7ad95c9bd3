// The automatic messages about payments a member was sent (payment_messages, SPEC 3): reminders,
// notices and payment requests, newest first, each with its kind, subject (a link to the message
// as sent), date and how delivery went.
import { RESOURCE } from '../../../core/index.js';
import type { PaymentMessage } from '../../../core/records.js';
import { useQuery } from '../../kit/index.js';
import { TableBox } from '../../feature-kit/data-table.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { HubTable, Loaded, moment, Note, useOptionLabel } from '../hub-kit.js';
import { PAYMENT_MESSAGES_TEXTS as T } from './texts.js';

const PAYMENT_MESSAGES = RESOURCE.paymentMessages;
/** How many of the latest the section lists. */
const PAYMENT_MESSAGES_SHOWN = 30;

export interface MemberPaymentMessagesProps {
  memberId?: string;
  /** A message's page, '/mensagens/:id'. */
  messagePath?: string;
}

export function MemberPaymentMessages({ memberId, messagePath }: MemberPaymentMessagesProps) {
  const core = useCore();
  const offered = core.explainer.may(PAYMENT_MESSAGES, 'list');
  const kindLabel = useOptionLabel(core, PAYMENT_MESSAGES, 'kind');
  const statusLabel = useOptionLabel(core, PAYMENT_MESSAGES, 'status');
  const view = useQuery<PaymentMessage[]>(
    core.queries,
    offered && memberId ? { path: PAYMENT_MESSAGES, params: { _member: memberId, _sort: '-created_at', _page: 1, _limit: PAYMENT_MESSAGES_SHOWN }, resources: [PAYMENT_MESSAGES, RESOURCE.messages] } : null,
  );
  if (!memberId || !offered) return null;
  return (
    <div data-member-payment-messages={memberId}>
      <Loaded view={view} failed={T.failed} empty={T.none} isEmpty={(data) => data.length === 0}>
        {(messages) => (
          <>
            <TableBox>
              <HubTable>
                <thead>
                  <tr>
                    <th scope="col">{T.kind}</th>
                    <th scope="col">{T.subject}</th>
                    <th scope="col">{T.when}</th>
                    <th scope="col">{T.status}</th>
                  </tr>
                </thead>
                <tbody>
                  {messages.map((m) => (
                    <tr key={m._id} data-payment-message={m._id} data-kind={m.kind}>
                      <td data-label={T.kind}>{kindLabel(m.kind)}</td>
                      <td data-label={T.subject}>{messagePath && m.message !== null ? <NavLink path={pathWith(messagePath, { id: m.message })}>{m.subject}</NavLink> : m.subject}</td>
                      <td data-label={T.when}>{moment(m.sent_at ?? m.created_at)}</td>
                      <td data-label={T.status}>{statusLabel(m.status)}</td>
                    </tr>
                  ))}
                </tbody>
              </HubTable>
            </TableBox>
            {messages.length >= PAYMENT_MESSAGES_SHOWN && <Note>{T.more(messages.length)}</Note>}
          </>
        )}
      </Loaded>
    </div>
  );
}
