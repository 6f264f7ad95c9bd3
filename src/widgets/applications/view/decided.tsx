// A decided application's decision, as text: what, when, by whom, why, and the member it made.
import { APPLICATION_STATES } from '../../../core/application-states.js';
import { RESOURCE } from '../../../core/index.js';
import type { MemberApplication } from '../../../core/records.js';
import { Facts } from '../../feature-kit/facts.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { formatWhen } from '../../shared/when.js';
import { APPLICATION_VIEW_TEXTS as T } from '../texts.js';
import { useReferenceName } from './reference-name.js';

export const stateLabel = (state: unknown): string => APPLICATION_STATES.find((s) => s.value === state)?.label ?? String(state ?? '');

export function DecidedFacts({ record, memberPath }: { record: MemberApplication; memberPath?: string }) {
  const by = useReferenceName(RESOURCE.users, record.decided_by);
  const member = useReferenceName(RESOURCE.members, record.member);
  const memberId = typeof record.member === 'number' ? record.member : null;
  return (
    <Facts
      data-decided=""
      facts={[
        { term: T.state, value: stateLabel(record.state), name: 'state' },
        { term: T.decidedAt, value: formatWhen(record.decided_at), name: 'decided_at' },
        { term: T.decidedBy, value: by, name: 'decided_by' },
        { term: T.rejectReason, value: record.reject_reason ? String(record.reject_reason) : '', name: 'reject_reason' },
        {
          term: T.member,
          value: memberId === null ? '' : memberPath ? <NavLink path={pathWith(memberPath, { id: memberId })}>{member || T.member}</NavLink> : member,
          name: 'member',
        },
      ]}
    />
  );
}
