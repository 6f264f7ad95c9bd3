// What staff do for a member, from the member's page: record a payment (their open debts, ticked
// and recorded, in <associa-payment-debts>), ask them to pay (<associa-request-payment>), write
// to them, issue their card. Each opens below the row of buttons, the member already chosen.
import { useState } from 'react';
import styled from 'styled-components';
import { RESOURCE } from '../../../core/index.js';
import type { MembershipCard } from '../../../core/records.js';
import { Button, space, token, useSignalValue } from '../../kit/index.js';
import { ConfirmDialog } from '../../feature-kit/confirm-dialog.js';
import { Buttons } from '../../feature-kit/groups.js';
import { Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { HUB_TEXTS as T } from '../hub-texts.js';
import { LazyElement, useMember } from '../hub-kit.js';

const Row = styled(Buttons)`
  margin: 0;
  @media print {
    display: none;
  }
`;

const Open = styled.div`
  margin-top: ${space(2)};
  padding: ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  background: ${token('color-background')};
`;

const MailLink = styled.a`
  color: ${token('color-primary')};
  font-weight: 600;
`;

type Panel = 'record' | 'request' | 'message';

const loadDebts = () => import('../../payment-debts/element.js');
const loadRequest = () => import('../../collecting/request-payment/element.js');

export interface MemberActionsProps {
  memberId?: string;
}

export function MemberActions({ memberId }: MemberActionsProps) {
  const core = useCore();
  const explained = useSignalValue(core.explainer.resources);
  const member = useMember(core, memberId);
  const [open, setOpen] = useState<Panel | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  if (!memberId || !member) return null;
  const dues = Boolean(explained[RESOURCE.unsettledPayments]);
  const requests = Boolean(explained['payment_requests']);
  // Cards are made by their `issue` action, offered to whoever the explainer lists it for.
  const cards = Boolean(explained[RESOURCE.membershipCards]?.actions?.some((action) => action.name === 'issue'));
  const toggle = (panel: Panel) => setOpen((shown) => (shown === panel ? null : panel));

  const issue = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const card = await core.queries.action<MembershipCard>(`${RESOURCE.membershipCards}/issue`, { member: Number(memberId) }, { invalidates: [RESOURCE.membershipCards] });
      setOutcome({ tone: 'success', text: T.issued(card.code ?? '') });
    } catch (e) {
      setOutcome({ tone: 'error', text: describeFailure(e) });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  const pressed = (panel: Panel) => ({ 'aria-expanded': open === panel, variant: open === panel ? ('primary' as const) : ('secondary' as const), onClick: () => toggle(panel) });
  return (
    <div data-member-actions={memberId}>
      <Row role="group" aria-label={T.actions}>
        {dues && <Button {...pressed('record')}>{T.recordPayment}</Button>}
        {dues && requests && <Button {...pressed('request')}>{T.requestPayment}</Button>}
        <Button {...pressed('message')}>{T.sendMessage}</Button>
        {cards && (
          <Button variant="secondary" onClick={() => setAsking(true)} disabled={busy}>
            {T.issueCard}
          </Button>
        )}
      </Row>
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
      {open === 'record' && (
        <Open data-action-panel="record">
          <LazyElement tag="associa-payment-debts" load={loadDebts} attrs={{ 'member-id': memberId }} />
        </Open>
      )}
      {open === 'request' && (
        <Open data-action-panel="request">
          <LazyElement tag="associa-request-payment" load={loadRequest} attrs={{ 'member-id': memberId }} />
        </Open>
      )}
      {open === 'message' && (
        <Open data-action-panel="message">
          {member.email ? (
            <>
              <p>
                <MailLink href={`mailto:${member.email}`}>{T.writeTo(member.email)}</MailLink>
              </p>
              <p>{T.sendMessageLead}</p>
            </>
          ) : (
            <p>{T.noEmailToWrite}</p>
          )}
        </Open>
      )}
      <ConfirmDialog open={asking} title={T.issueCard} confirmLabel={T.issueCard} busy={busy} onCancel={() => setAsking(false)} onConfirm={() => void issue()}>
        <p>{T.issueConfirm(member.name)}</p>
      </ConfirmDialog>
    </div>
  );
}
