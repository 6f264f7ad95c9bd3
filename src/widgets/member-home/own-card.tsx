import { useState } from 'react';
import { LIST_ALL } from '../../core/index.js';
import type { MembershipCard } from '../../core/records.js';
import styled from 'styled-components';
import { Button, EmptyState, ErrorState, Loading, space, token, useQuery } from '../kit/index.js';
import { useCore } from '../feature-kit/use-core.js';
import { CardStandingBadge, useCardStanding } from '../shared/card-standing.js';
import { downloadFile } from '../shared/download.js';
import { formatDate } from './format.js';
import { Facts, HomeSection } from './section.js';
import { MEMBER_HOME_TEXTS } from './texts.js';

const T = MEMBER_HOME_TEXTS.card;

/** The membership card as a card: framed like the member's own, its facts, its download below. */
const Frame = styled.article`
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-left: 4px solid ${token('color-primary')};
  border-radius: ${token('radius')};
  overflow: hidden;
`;

const Body = styled.div`
  padding: ${space(2)} ${space(3)};
`;

const Footer = styled.footer`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1.5)};
  padding: ${space(2)} ${space(3)};
  background: ${token('color-surface')};
  border-top: 1px solid ${token('color-border')};
`;

const CARDS = 'membership_cards';
/**
 * The member's current card (the newest issued), its standing today as the public check judges
 * it (a card past its validity says so), and its PDF; the server answers only their own cards.
 */
export function OwnCard({ singular }: { singular: string }) {
  const core = useCore();
  const offered = core.explainer.may(CARDS, 'list');
  const view = useQuery<MembershipCard[]>(core.queries, offered ? { path: CARDS, params: { _page: 1, _limit: LIST_ALL, _sort: '-issued_at' }, resources: [CARDS] } : null);
  const card = view.data?.find((c) => c.state === 'active') ?? view.data?.[0];
  const standing = useCardStanding(core.queries, card?._id);
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!offered) return null;

  let body;
  if (view.status === 'failed' || view.status === 'notFound') body = <ErrorState message={T.failed} onRetry={view.refresh} />;
  else if (!view.data) body = <Loading />;
  else {
    if (!card) body = <EmptyState message={T.none(singular)} />;
    else {
      const download = async () => {
        setDownloading(true);
        setFailed(false);
        try {
          // SPEC 7: the card's record asked as a PDF answers the card's file.
          await downloadFile(core, `${core.api}/${CARDS}/${card._id}`, `cartao-${card.code ?? card._id}.pdf`, 'application/pdf');
        } catch {
          setFailed(true);
        } finally {
          setDownloading(false);
        }
      };
      body = (
        <Frame>
          <Body>
            <Facts data-card={card._id}>
              <dt>{T.code}</dt>
              <dd>{card.code ?? '—'}</dd>
              <dt>{T.state}</dt>
              <dd data-card-state>{standing.data ? <CardStandingBadge standing={standing.data} /> : standing.status === 'failed' ? T.stateUnknown : '…'}</dd>
              <dt>{T.issuedAt}</dt>
              <dd>{formatDate(card.issued_at) ?? '—'}</dd>
              <dt>{T.validUntil}</dt>
              <dd data-card-valid-until>
                {formatDate(card.valid_until) ?? '—'}
                {standing.data?.expired && <> ({T.expired})</>}
              </dd>
            </Facts>
          </Body>
          <Footer>
            <Button variant="secondary" onClick={() => void download()} disabled={downloading}>
              {downloading ? T.downloading : T.download}
            </Button>
            {failed && <ErrorState message={T.downloadFailed} />}
          </Footer>
        </Frame>
      );
    }
  }
  return (
    <HomeSection id="card" title={T.title}>
      {body}
    </HomeSection>
  );
}
