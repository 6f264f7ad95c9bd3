// An application as staff read it (issue 30): its state and dates, what the applicant wrote
// (grouped, as text), the consent, the photo and documents, the possible duplicates beside the
// applicant's data, and the decision: the buttons while it is open, who decided what and when
// once decided. The record is read through the page's queries and read again after a decision,
// so nothing on the page stands on the version from before it.
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { isOpen } from '../../../core/application-states.js';
import { RESOURCE } from '../../../core/index.js';
import type { MemberApplication } from '../../../core/records.js';
import { EmptyState, ErrorState, Loading, space, token, useRecord } from '../../kit/index.js';
import { SecondaryNavLink } from '../../feature-kit/section.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatWhen } from '../../shared/when.js';
import { ApplicationFiles, Decision } from '../decision/index.js';
import { APPLICATION_VIEW_TEXTS as T } from '../texts.js';
import { ApplicantFacts, RequestFacts } from './applicant.js';
import { ConsentFacts } from './consent.js';
import { DecidedFacts, stateLabel } from './decided.js';
import { Duplicates } from './duplicates.js';

const RES = RESOURCE.memberApplications;

const Page = styled.div`
  display: grid;
  gap: ${space(2)};
  max-width: 64rem;
`;

const Card = styled.section`
  padding: ${space(2)} ${space(3)};
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  h2 {
    margin: 0 0 ${space(1.5)};
    font-size: 1.15rem;
  }
  @media (max-width: 40rem) {
    padding: ${space(1.5)} ${space(2)};
  }
`;

const Summary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)} ${space(2)};
  p {
    margin: 0;
    flex: 1 1 16rem;
    color: ${token('color-text-muted')};
  }
`;

const State = styled.span<{ $open: boolean }>`
  padding: ${space(0.25)} ${space(1)};
  font-weight: 600;
  border-radius: 999px;
  color: ${({ $open }) => ($open ? token('color-warning-text') : token('color-text'))};
  background: ${({ $open }) => ($open ? token('color-warning-surface') : token('color-surface'))};
  border: 1px solid ${token('color-border')};
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr));
  gap: ${space(2)};
  @media (max-width: 40rem) {
    grid-template-columns: 1fr;
  }
`;

/** Parts one above the other, in one column of the grid. */
const Stack = styled.div`
  display: grid;
  gap: ${space(2)};
  align-content: start;
`;

function Part({ title, children, ...data }: { title: string; children: ReactNode } & Record<`data-${string}`, string>) {
  const id = useId();
  return (
    <Card aria-labelledby={id} {...data}>
      <h2 id={id}>{title}</h2>
      {children}
    </Card>
  );
}

export interface ApplicationViewProps {
  applicationId?: string;
  /** A member's page, its ':id' left in ('/socios/:id'): the member an accept made, a duplicate member. */
  memberPath?: string;
  /** An application's page, its ':id' left in ('/candidaturas/:id'): a duplicate application. */
  applicationPath?: string;
  /** The page correcting an application's data, its ':id' left in ('/candidaturas/:id/editar'): offered while it is open. */
  editPath?: string;
}

export function ApplicationView({ applicationId, memberPath, applicationPath, editPath }: ApplicationViewProps) {
  const core = useCore();
  const view = useRecord<MemberApplication>(core.queries, RES, applicationId || null);
  const record = view.record;
  if (!applicationId) return null;
  if (!record) {
    if (view.status === 'notFound') return <EmptyState message={T.notFound} />;
    if (view.status === 'failed') return <ErrorState message={T.loadFailed} onRetry={view.refresh} />;
    return <Loading />;
  }
  const open = isOpen(record.state);
  const id = String(record._id);
  const dates = [T.received(formatWhen(record.created_at)), record.email_confirmed_at ? T.emailConfirmed(formatWhen(record.email_confirmed_at)) : record.state === 'submitted' && record.email ? T.emailUnconfirmed : ''];
  return (
    <Page data-application={id}>
      <Summary data-summary="">
        <State $open={open} data-state={String(record.state)}>
          {stateLabel(record.state)}
        </State>
        <p>{dates.filter(Boolean).join(', ')}</p>
        {open && editPath && (
          <SecondaryNavLink path={pathWith(editPath, { id })} data-action="correct">
            {T.correct}
          </SecondaryNavLink>
        )}
      </Summary>
      <Columns>
        <Part title={T.applicant} data-part="applicant">
          <ApplicantFacts record={record} />
        </Part>
        <Stack>
          <Part title={T.application} data-part="request">
            <RequestFacts record={record} />
          </Part>
          <Part title={T.consent} data-part="consent">
            <ConsentFacts record={record} />
          </Part>
        </Stack>
      </Columns>
      <Part title={T.files} data-part="files">
        <ApplicationFiles id={id} open={open} accepted={record.state === 'accepted'} />
      </Part>
      <Part title={T.duplicates} data-part="duplicates">
        <Duplicates record={record} memberPath={memberPath} applicationPath={applicationPath} />
      </Part>
      <Part title={T.decision} data-part="decision">
        <Decision id={id} open={open} memberPath={memberPath} onDecided={() => core.queries.invalidate(RES)} />
        {!open && <DecidedFacts record={record} memberPath={memberPath} />}
      </Part>
    </Page>
  );
}
