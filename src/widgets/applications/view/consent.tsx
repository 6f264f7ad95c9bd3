// The applicant's consent: when it was given and which text, told by its words and dates (the
// text itself a click away), never by the version's hash; and the guardian's, for a minor.
import styled from 'styled-components';
import { RESOURCE } from '../../../core/index.js';
import type { ApplicationConsent } from '../../../core/modules/applications.js';
import type { MemberApplication } from '../../../core/records.js';
import { space, token, useQuery } from '../../kit/index.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatWhen, formatWhenDay } from '../../shared/when.js';
import { APPLICATION_VIEW_TEXTS as T } from '../texts.js';

const RES = RESOURCE.memberApplications;

const Box = styled.div`
  p {
    margin: 0 0 ${space(1)};
  }
  details {
    margin: 0 0 ${space(1.5)};
  }
  summary {
    cursor: pointer;
    color: ${token('color-primary')};
  }
  blockquote {
    margin: ${space(1)} 0 0;
    padding: ${space(1)} ${space(2)};
    border-left: 3px solid ${token('color-border')};
    white-space: pre-wrap;
  }
`;

/** What the text accepted is, in words: the one in force (since when), or an earlier one. */
function versionLabel(consent: ApplicationConsent): string {
  const since = formatWhenDay(consent.since);
  if (consent.current) return since ? T.consentCurrentSince(since) : T.consentCurrent;
  if (since) return T.consentEarlierSince(since);
  return consent.text ? T.consentOriginal : T.consentEarlier;
}

export function ConsentFacts({ record }: { record: MemberApplication }) {
  const core = useCore();
  const consent = useQuery<ApplicationConsent>(core.queries, { path: `${RES}/${encodeURIComponent(record._id)}/consent`, resources: [RES] }).data;
  const guardian = record.guardian_name ? String(record.guardian_name) : '';
  return (
    <Box data-consent="">
      {!record.consent_version ? (
        <p>{T.noConsent}</p>
      ) : (
        <>
          <p data-consent-at="">{T.consentAccepted(formatWhen(record.consent_at) || formatWhen(record.created_at))}</p>
          {consent &&
            (consent.text ? (
              <details data-consent-text="">
                <summary>{versionLabel(consent)}</summary>
                <blockquote>{consent.text}</blockquote>
              </details>
            ) : (
              <p data-consent-text="">{T.consentUnknown}</p>
            ))}
        </>
      )}
      {guardian && (
        <p data-guardian="">
          {T.guardian}: {record.guardian_consent === true || record.guardian_consent === 1 ? T.guardianConsented(guardian) : T.guardianNotConsented(guardian)}
        </p>
      )}
      {guardian && (record.guardian_email || record.guardian_phone) && (
        <p data-guardian-contacts="">
          {T.guardianContacts}: {[record.guardian_email, record.guardian_phone].filter(Boolean).join(' · ')}
        </p>
      )}
    </Box>
  );
}
