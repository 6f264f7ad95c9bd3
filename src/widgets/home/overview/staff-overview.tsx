import { useMemo } from 'react';
import styled from 'styled-components';
import { EmptyState, ErrorState, Loading, space, useQuery } from '../../kit/index.js';
import { useCore } from '../../feature-kit/use-core.js';
import { HOME_TEXTS as T } from '../texts.js';
import { FigureCard } from './figure-card.js';
import type { OverviewFigure, StaffOverviewAnswer } from '../../../core/index.js';

const OVERVIEW_PATH = 'overview';

/**
 * What the figures count: read again when any of them changes (here or, by realtime,
 * elsewhere). A module contributing a figure adds its resource here.
 */
const COUNTED = ['member_applications', 'member_balances', 'unsettled_payments', 'payments', 'payment_allocations', 'messages', 'jobs'];

const Figures = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: ${space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export interface StaffOverviewProps {
  /** JSON: the list page of each resource a figure counts (`{"payments": "/quotas/pagamentos", …}`); a figure whose list has no page is left out. */
  lists?: string;
}

/** The `lists` attribute read: paths by resource (nothing when it is not such an object). */
function listPages(text: string | undefined): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    if (typeof value !== 'object' || value === null) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/**
 * The staff home's figures (GET /api/overview): each one the total of a list, and a link that
 * opens that list with the figure's filters, so the list shows the same number.
 */
export function StaffOverview({ lists: listsText }: StaffOverviewProps) {
  const core = useCore();
  const lists = useMemo(() => listPages(listsText), [listsText]);
  const overview = useQuery<StaffOverviewAnswer>(core.queries, { path: OVERVIEW_PATH, resources: COUNTED });
  if (overview.status === 'failed' || overview.status === 'notFound') return <ErrorState message={T.failed} onRetry={overview.refresh} />;
  if (!overview.data) return <Loading />;
  const figures = overview.data.figures.filter((figure) => lists[figure.list.resource] !== undefined);
  if (figures.length === 0) return <EmptyState message={T.none} />;
  // The list store is the page's one list of that resource: the list page then opens on these filters.
  const open = (figure: OverviewFigure) => void core.list(figure.list.resource).setQuery({ constraints: { ...figure.list.constraints }, search: '' });
  return (
    <Figures aria-label={T.figures} data-overview={overview.data.today}>
      {figures.map((figure) => (
        <FigureCard key={figure.key} figure={figure} path={lists[figure.list.resource]!} onOpen={open} />
      ))}
    </Figures>
  );
}
