// A card's actions on its page: the PDF, reissue (the old code then answers 'Substituído'),
// revoke with a reason (it answers 'Inválido'), its cover letter, and the public page its QR code opens.
import { useState } from 'react';
import { RESOURCE } from '../../../core/index.js';
import type { MembershipCard } from '../../../core/records.js';
import { Button, Field, TextArea, useApiBase, useRecord } from '../../kit/index.js';
import { ConfirmDialog } from '../../feature-kit/confirm-dialog.js';
import { Notice } from '../../feature-kit/layout.js';
import { ExternalLink, NavLink, useNavigate } from '../../feature-kit/navigation.js';
import { appHref } from '../../feature-kit/paths.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { CardStandingBadge, useCardStanding } from '../../shared/card-standing.js';
import { openPdf } from '../../shared/download.js';
import { Buttons } from '../layout.js';
import { CARDS_TEXTS as T } from '../texts.js';

const CARDS = RESOURCE.membershipCards;

/** 'AAAA-MM-DD' as a Portuguese reader writes it. */
const day = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export interface CardActionsProps {
  cardId?: string;
  /** A card's address, '/cartoessocio/:id': where a reissued card opens. */
  cardPath?: string;
  /** The card's cover letter, '/cartaCartoessocio/:id'. */
  letterPath?: string;
  /** The public page the card's QR code opens, '/v/:id' (the id is the card's code). */
  verifyPath?: string;
}

type Asking = null | 'reissue' | 'revoke';

export function CardActions({ cardId, cardPath, letterPath, verifyPath }: CardActionsProps) {
  const core = useCore();
  const api = useApiBase();
  const navigate = useNavigate();
  // A reissued card opened in place where no router took the navigation; a new card-id attribute wins.
  const [reissued, setReissued] = useState<{ id: string; for: string | undefined } | null>(null);
  const shownId = reissued && reissued.for === cardId ? reissued.id : cardId;
  const view = useRecord<MembershipCard>(core.queries, CARDS, shownId ?? null);
  const standing = useCardStanding(core.queries, shownId);
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
      const fresh = await core.queries.action<MembershipCard>(`${CARDS}/issue`, { member: card.member }, { invalidates: [CARDS] });
      if (!cardPath || !navigate(pathWith(cardPath, { id: fresh._id }))) setReissued({ id: String(fresh._id), for: cardId });
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
  const download = () => run(() => openPdf(core, `${core.api}/${CARDS}/${card._id}`, `cartao-${card.code ?? card._id}.pdf`));

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
        {letterPath && (
          <NavLink path={pathWith(letterPath, { id: card._id })} data-letter-link>
            {T.letterLink}
          </NavLink>
        )}
        {verifyPath && card.code && (
          <ExternalLink href={appHref(api, pathWith(verifyPath, { id: card.code }))} data-verify-link>
            {T.verifyLink}
          </ExternalLink>
        )}
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
