// A member's card on their page: the current one (the latest issued, active first) with its code
// and dates, then its standing today and its actions (<associa-card-actions>: PDF, reissue,
// revoke, cover letter), loaded with it; older cards are counted.
import styled from 'styled-components';
import { RESOURCE } from '../../../core/index.js';
import type { MembershipCard } from '../../../core/records.js';
import { space, token, useQuery, useSignalValue } from '../../kit/index.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { HUB_TEXTS as T } from '../hub-texts.js';
import { day, LazyElement, Loaded, Note } from '../hub-kit.js';

const CARDS = RESOURCE.membershipCards;
const loadActions = () => import('../../cards/actions/element.js');

const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)} ${space(4)};
  margin: 0 0 ${space(2)};
  div {
    display: grid;
    gap: ${space(0.25)};
  }
  dt {
    color: ${token('color-text-muted')};
    font-size: 0.85em;
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

/** The card that counts: the active one, else the latest issued. */
function currentCard(cards: readonly MembershipCard[]): MembershipCard | undefined {
  return cards.find((card) => card.state === 'active') ?? cards[0];
}

export interface MemberCardProps {
  memberId?: string;
  /** A card's page, '/cartoessocio/:id'. */
  cardPath?: string;
  /** A card's cover letter, '/cartaCartoessocio/:id'. */
  letterPath?: string;
  /** The public check of a card, '/v/:id'. */
  verifyPath?: string;
}

export function MemberCard({ memberId, cardPath, letterPath, verifyPath }: MemberCardProps) {
  const core = useCore();
  const offered = Boolean(useSignalValue(core.explainer.resources)[CARDS]);
  const view = useQuery<MembershipCard[]>(core.queries, offered && memberId ? { path: CARDS, params: { _member: memberId, _sort: '-issued_at', _page: 1, _limit: 100 }, resources: [CARDS] } : null);
  if (!memberId || !offered) return null;
  return (
    <div data-member-card={memberId}>
      <Loaded view={view} failed={T.cardFailed} empty={T.cardNone} isEmpty={(cards) => cards.length === 0}>
        {(cards) => {
          const card = currentCard(cards)!;
          const older = cards.length - 1;
          return (
            <>
              <Facts data-card={card._id}>
                <div>
                  <dt>{T.cardCode}</dt>
                  <dd>{cardPath ? <NavLink path={pathWith(cardPath, { id: card._id })}>{card.code}</NavLink> : card.code}</dd>
                </div>
                <div>
                  <dt>{T.cardIssued}</dt>
                  <dd>{day(card.issued_at)}</dd>
                </div>
                <div>
                  <dt>{T.cardValidUntil}</dt>
                  <dd>{day(card.valid_until)}</dd>
                </div>
              </Facts>
              <LazyElement tag="associa-card-actions" load={loadActions} attrs={{ 'card-id': String(card._id), 'letter-path': letterPath, 'verify-path': verifyPath }} />
              {older > 0 && <Note>{T.olderCards(older)}</Note>}
            </>
          );
        }}
      </Loaded>
    </div>
  );
}
