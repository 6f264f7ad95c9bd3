// Below an application's form: its decision while it is open, its photo and documents (to change
// while open, as they were once decided) and its possible duplicates. Without an application (a
// paper application being typed in), the word that its files come once it is saved.
import styled from 'styled-components';
import { isOpen } from '../../../core/application-states.js';
import { RESOURCE } from '../../../core/index.js';
import type { MemberApplication } from '../../../core/records.js';
import { space, useRecord } from '../../kit/index.js';
import { Lead } from '../../feature-kit/layout.js';
import { useCore } from '../../feature-kit/use-core.js';
import { APPLICATIONS_TEXTS as T } from '../texts.js';
import { Decision } from './decision.js';
import { Evidence } from './evidence.js';

const RES = RESOURCE.memberApplications;

// Placed under the form's panel, outside a panel of its own: the gap is the element's.
const Box = styled.div`
  margin-top: ${space(2)};
`;

export interface ApplicationReviewProps {
  applicationId?: string;
  /** A member's page, its ':id' left in ('/socios/:id'): the member an accept made, a duplicate member. */
  memberPath?: string;
  /** An application's page, its ':id' left in ('/candidaturas/:id'): a duplicate application. */
  applicationPath?: string;
}

export function ApplicationReview({ applicationId, memberPath, applicationPath }: ApplicationReviewProps) {
  return (
    <Box>
      {applicationId ? (
        <Review key={applicationId} id={applicationId} memberPath={memberPath} applicationPath={applicationPath} />
      ) : (
        <Lead data-files-after-save>{T.filesAfterSave}</Lead>
      )}
    </Box>
  );
}

function Review({ id, memberPath, applicationPath }: { id: string; memberPath?: string; applicationPath?: string }) {
  const core = useCore();
  // Its state tells what may still be done: the record is the server's, read again once decided.
  const record = useRecord<MemberApplication>(core.queries, RES, id);
  const state = record.record?.state;
  const open = state === undefined ? undefined : isOpen(state);
  return (
    <>
      <Decision id={id} open={open === true} memberPath={memberPath} onDecided={() => core.queries.invalidate(RES)} />
      <Evidence id={id} open={open} accepted={state === 'accepted'} memberPath={memberPath} applicationPath={applicationPath} />
    </>
  );
}
