// The member's page names the member: their name and number become the page's heading and
// title (an `associa-title` event the host takes), with how to reach them underneath.
import { useEffect } from 'react';
import styled from 'styled-components';
import { space, token, useElementEvents } from '../../kit/index.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatPhone } from '../../shared/phone.js';
import { HUB_TEXTS as T } from '../hub-texts.js';
import { useMember, useSingular } from '../hub-kit.js';

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(0.5)} ${space(2)};
  margin: 0 0 ${space(2)};
  color: ${token('color-text-muted')};
  strong {
    color: ${token('color-text')};
  }
`;

export interface MemberHeadingProps {
  memberId?: string;
}

export function MemberHeading({ memberId }: MemberHeadingProps) {
  const core = useCore();
  const member = useMember(core, memberId);
  const singular = useSingular(core);
  const dispatch = useElementEvents();
  const title = member ? T.title(member.name, member.number ?? null) : null;
  useEffect(() => {
    if (title) dispatch('associa-title', { title });
  }, [title, dispatch]);
  if (!member) return null;
  return (
    <Line data-member-heading={member._id}>
      <strong>{T.numberLine(singular, member.number)}</strong>
      <span>{member.email ?? T.noEmail}</span>
      <span>{member.phone ? formatPhone(member.phone) : T.noPhone}</span>
    </Line>
  );
}
