// A card's cover letter (SPEC 2's membershipCardLettersSingle): the A4 letter with the
// member's address in the envelope window and the card at its foot, from SPEC 7's
// GET membership_card_letters/{id}, shown and downloadable; a member without a full
// address gets the server's words naming what is missing, and a way to the member's form.
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { ApiError, RESOURCE } from '../../../core/index.js';
import type { MembershipCard } from '../../../core/records.js';
import { space, token, useRecord } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { fetchPdf } from '../../shared/download.js';
import { Buttons } from '../layout.js';
import { CARDS_TEXTS as T } from '../texts.js';

const Download = styled.a`
  color: ${token('color-primary')};
  font-weight: 600;
`;

const Frame = styled.iframe`
  display: block;
  width: 100%;
  height: min(80vh, 60rem);
  margin-top: ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

type Letter = { phase: 'loading' } | { phase: 'ready'; href: string } | { phase: 'missing'; text: string } | { phase: 'failed'; text: string };

/** What the server's 422 says is missing (the `member` field's message). */
function missingAddress(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const errors = (error.data as { errors?: Record<string, unknown> } | null)?.errors;
  return typeof errors?.member === 'string' ? errors.member : null;
}

export interface CardLetterProps {
  cardId?: string;
  /** The card's address, '/cartoessocio/:id' (the way back). */
  cardPath?: string;
  /** A member's form, '/socios/:id', where a missing address is completed. */
  memberPath?: string;
}

export function CardLetter({ cardId, cardPath, memberPath }: CardLetterProps) {
  const core = useCore();
  const card = useRecord<MembershipCard>(core.queries, RESOURCE.membershipCards, cardId ?? null);
  const [letter, setLetter] = useState<Letter>({ phase: 'loading' });

  useEffect(() => {
    if (!cardId) return undefined;
    let live = true;
    let href: string | null = null;
    setLetter({ phase: 'loading' });
    fetchPdf(core, `${core.api}/membership_card_letters/${encodeURIComponent(cardId)}`).then(
      (blob) => {
        if (!live) return;
        href = URL.createObjectURL(blob);
        setLetter({ phase: 'ready', href });
      },
      (e: unknown) => {
        if (!live) return;
        const missing = missingAddress(e);
        setLetter(missing ? { phase: 'missing', text: T.letterMissingAddress(missing) } : { phase: 'failed', text: describeFailure(e, T.letterFailed) });
      },
    );
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [core, cardId]);

  const member = card.record?.member;
  return (
    <div data-card-letter={letter.phase}>
      <Buttons>
        {cardPath && cardId && (
          <NavLink path={pathWith(cardPath, { id: cardId })} data-card-link>
            {T.letterBack}
          </NavLink>
        )}
        {letter.phase === 'ready' && (
          <Download href={letter.href} download={`carta-cartao-${card.record?.code ?? cardId}.pdf`} data-letter-download>
            {T.letterDownload}
          </Download>
        )}
      </Buttons>
      {letter.phase === 'loading' && <p>{T.letterLoading}</p>}
      {letter.phase === 'ready' && <Frame src={letter.href} title={T.letterFrame} />}
      {letter.phase === 'missing' && (
        <Notice tone="error">
          <p>{letter.text}</p>
          {member != null && memberPath && (
            <p>
              <NavLink path={pathWith(memberPath, { id: member })} data-member-link>
                {T.letterMemberLink}
              </NavLink>
            </p>
          )}
        </Notice>
      )}
      {letter.phase === 'failed' && (
        <Notice tone="error">
          <p>{letter.text}</p>
        </Notice>
      )}
    </div>
  );
}
