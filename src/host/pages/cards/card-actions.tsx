// A card's actions on its page: the PDF, reissue (the old code then answers 'Substituído'),
// revoke with a reason (it answers 'Inválido'), its cover letter, and the public page its QR code opens.
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button, Field, TextArea, useRecord } from '../../../widgets/kit/index.js';
import { ConfirmDialog } from '../../../widgets/feature-kit/confirm-dialog.js';
import { Notice } from '../../../widgets/feature-kit/layout.js';
import { describeFailure } from '../../../widgets/feature-kit/server-message.js';
import { CardStandingBadge, useCardStanding } from '../../../widgets/shared/card-standing.js';
import { useHost } from '../../context.js';
import { pathOf, type RouteDef } from '../../routes.js';
import { Buttons } from '../collecting/layout.js';
import { openPdf } from './pdf.js';
import { CARDS_TEXTS as T } from './texts.js';

const CARDS = 'membership_cards';

/** 'AAAA-MM-DD' as a Portuguese reader writes it. */
const day = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

interface Card {
  _id: number;
  member: number;
  code: string;
  state: 'active' | 'superseded' | 'revoked';
}

type Asking = null | 'reissue' | 'revoke';

export function CardActions({ cardId, routes }: { cardId: string; routes: readonly RouteDef[] }) {
  const { core } = useHost();
  const [, navigate] = useLocation();
  const view = useRecord<Card>(core.queries, CARDS, cardId);
  const standing = useCardStanding(core.queries, cardId);
  const [asking, setAsking] = useState<Asking>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const card = view.record;
  if (!card) return null;

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setOutcome(null);
    try {
      await work();
    } catch (e) {
      setOutcome({ tone: 'error', text: describeFailure(e) });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  const reissue = () =>
    run(async () => {
      const fresh = await core.queries.action<Card>(`${CARDS}/issue`, { member: card.member }, { invalidates: [CARDS] });
      navigate(pathOf(routes, 'membershipCardSingle', { id: fresh._id }));
      setOutcome({ tone: 'success', text: T.newCardOpened });
    });

  const revoke = () => {
    if (!reason.trim()) {
      setReasonError(T.revokeReasonMissing);
      return;
    }
    setReasonError(null);
    void run(async () => {
      await core.queries.action(`${CARDS}/${card._id}/revoke`, { reason: reason.trim() }, { invalidates: [CARDS] });
      setReason('');
      setOutcome({ tone: 'success', text: T.revoked });
    });
  };

  // SPEC 7: GET membership_cards/{id} asked for a PDF redirects to the card's file.
  const download = () => run(() => openPdf(core, `${core.api}/${CARDS}/${card._id}`, `cartao-${card.code}.pdf`));

  return (
    <div data-card-actions>
      {standing.data && (
        <p data-card-standing-line>
          <strong>{T.standingToday}</strong> <CardStandingBadge standing={standing.data} />{' '}
          {standing.data.expired ? T.validityPast(day(standing.data.valid_until)) : T.validityUntil(day(standing.data.valid_until))}
        </p>
      )}
      <Buttons>
        <Button variant="secondary" onClick={() => void download()} disabled={busy}>
          {T.download}
        </Button>
        <Button variant="secondary" onClick={() => setAsking('reissue')} disabled={busy}>
          {card.state === 'active' ? T.reissue : T.issue}
        </Button>
        {card.state === 'active' && (
          <Button variant="danger" onClick={() => setAsking(asking === 'revoke' ? null : 'revoke')} disabled={busy} aria-expanded={asking === 'revoke'}>
            {T.revoke}
          </Button>
        )}
        <Link href={pathOf(routes, 'membershipCardLettersSingle', { id: card._id })} data-letter-link>
          {T.letterLink}
        </Link>
        <a href={`/v/${encodeURIComponent(card.code)}`} target="_blank" rel="noopener" data-verify-link>
          {T.verifyLink}
        </a>
      </Buttons>
      {asking === 'revoke' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            revoke();
          }}
          noValidate
          data-revoke-form
        >
          <Field label={T.revokeReason} error={reasonError} required>
            {(control) => <TextArea {...control} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />}
          </Field>
          <Buttons>
            <Button type="submit" variant="danger" disabled={busy}>
              {T.revokeSubmit}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(null)}>
              {T.revokeCancel}
            </Button>
          </Buttons>
        </form>
      )}
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Notice>
      )}
      <ConfirmDialog open={asking === 'reissue'} title={card.state === 'active' ? T.reissue : T.issue} confirmLabel={card.state === 'active' ? T.reissue : T.issue} busy={busy} onCancel={() => setAsking(null)} onConfirm={() => void reissue()}>
        <p>{card.state === 'active' ? T.reissueConfirm : T.issueConfirm}</p>
      </ConfirmDialog>
    </div>
  );
}
