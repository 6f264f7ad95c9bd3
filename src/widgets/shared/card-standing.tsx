// A membership card's standing today as the server judges it (GET membership_cards/{id}/state):
// the same word on the card's page in the back office and on the member's dashboard as on the
// public check, never the stored 'Ativo' of a card past its validity.
import styled from 'styled-components';
import type { Queries } from '../../core/queries.js';
import { space, token } from '../kit/tokens.js';
import { useQuery, type QueryView } from '../kit/use-query.js';

export type CardStandingStatus = 'valid' | 'arrears' | 'expired' | 'superseded' | 'revoked' | 'ended';

export interface CardStanding {
  status: CardStandingStatus;
  /** The status in words: 'Válido', 'Quotas em atraso', 'Expirado', 'Substituído', 'Revogado', 'Inválido'. */
  state: string;
  valid_until: string;
  /** The valid-until is past, also when another status (arrears) comes first. */
  expired: boolean;
}

// A payment, a debt falling due or the member leaving change the answer as much as the card itself.
const CHANGED_BY = ['membership_cards', 'payments', 'unsettled_payments', 'members'] as const;

/** The card's standing, read again when a card, the ledger or a member changes. */
export function useCardStanding(queries: Queries, cardId: string | number | null | undefined): QueryView<CardStanding> {
  return useQuery<CardStanding>(queries, cardId === null || cardId === undefined ? null : { path: `membership_cards/${encodeURIComponent(String(cardId))}/state`, resources: CHANGED_BY });
}

// Text and background above 4.5:1; the word carries the meaning, the colour helps at a glance.
const TONES: Record<CardStandingStatus, string> = {
  valid: 'color: #05603a; background: #ecfdf3;',
  arrears: `color: ${token('color-warning-text')}; background: ${token('color-warning-surface')};`,
  expired: 'color: #5b21b6; background: #f5f3ff;',
  superseded: `color: ${token('color-text')}; background: ${token('color-surface')};`,
  revoked: `color: ${token('color-danger')}; background: ${token('color-danger-surface')};`,
  ended: `color: ${token('color-danger')}; background: ${token('color-danger-surface')};`,
};

const Badge = styled.span<{ $status: CardStandingStatus }>`
  display: inline-block;
  padding: ${space(0.25)} ${space(1)};
  font-weight: 600;
  border-radius: 999px;
  ${({ $status }) => TONES[$status] ?? TONES.superseded}
`;

export function CardStandingBadge({ standing }: { standing: CardStanding }) {
  return (
    <Badge $status={standing.status} data-card-standing={standing.status}>
      {standing.state}
    </Badge>
  );
}
