import { CONSENT_TEXTS as T } from '../consent-texts.js';
import { ConsentList } from './consent-list.js';

export interface MemberConsentsProps {
  memberId?: string;
}

/** For staff, on the member's page: the member's consents, and a consent or withdrawal given on paper recorded. */
export function MemberConsentsPanel({ memberId }: MemberConsentsProps) {
  if (!memberId) return null;
  return (
    <div data-member-consents>
      <p>{T.staffLead}</p>
      <ConsentList memberId={memberId} staff />
    </div>
  );
}
