import styled from 'styled-components';
import { space, token } from '../../kit/index.js';
import { CONSENT_TEXTS as T } from '../consent-texts.js';
import { ConsentList } from './consent-list.js';

const Title = styled.h3`
  margin: 0 0 ${space(1.5)};
  font-size: 1.15em;
`;

const Lead = styled.p`
  margin: 0 0 ${space(2)};
  color: ${token('color-text-muted')};
`;

/** The member home's "Consentimentos": what the member agreed to, each given or withdrawn by them. */
export function OwnConsents({ memberId }: { memberId: number }) {
  return (
    <section aria-labelledby="own-consents-title" data-own="consents">
      <Title id="own-consents-title">{T.title}</Title>
      <Lead>{T.ownLead}</Lead>
      <ConsentList memberId={memberId} />
    </section>
  );
}
