import styled from 'styled-components';
import { space, token } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { ORG_TYPE_URLS, SHELL_TEXTS } from './texts.js';

const Bar = styled.footer`
  border-top: 1px solid ${token('color-border')};
  background: ${token('color-background')};
  font-size: 0.8125rem;
  color: ${token('color-text-muted')};
`;

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${space(1)} ${space(3)};
  max-width: 80rem;
  margin: 0 auto;
  padding: ${space(1.5)} ${space(3)};
`;

/** SPEC 2 footer: copyright, a link for the organisation type, the last response time. */
export function Footer() {
  const host = useHost();
  const organisation = useValue(host.organisation);
  const orgType = useValue(host.core.settings.orgType);
  const lastMs = useValue(host.core.http.lastResponseMs);
  return (
    <Bar>
      <Inner>
        <span>
          © {new Date().getFullYear()} {organisation ?? 'Associa'}
        </span>
        <a href={ORG_TYPE_URLS[orgType ?? 'association'] ?? ORG_TYPE_URLS.association} target="_blank" rel="noopener">
          Associa · {SHELL_TEXTS.orgTypeLink(orgType)}
        </a>
        <span data-footer="response-time">{SHELL_TEXTS.lastResponse(lastMs)}</span>
      </Inner>
    </Bar>
  );
}
