import type { ReactNode } from 'react';
import styled from 'styled-components';
import { space, token } from '../kit/index.js';

/** A centred panel for the short forms of login, login by link and recovery. */
export const AuthPanel = styled.section`
  max-width: 26rem;
  margin: ${space(4)} auto;
  padding: ${space(4)};
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  box-shadow: 0 1px 2px rgb(16 24 40 / 6%), 0 4px 12px rgb(16 24 40 / 6%);
`;

/**
 * A form or data block inside the back office. No frame of its own: the host's page (or the
 * embedding site) already draws one, and two nested frames look like a mistake.
 */
export const Panel = styled.section`
  max-width: 48rem;
`;

export const Heading = styled.h2`
  margin: 0 0 ${space(1)};
  font-size: 1.5em;
  line-height: 1.25;
  color: ${token('color-text')};
`;

export const Lead = styled.p`
  margin: 0 0 ${space(3)};
  color: ${token('color-text-muted')};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(2)};
  margin-top: ${space(1)};
`;

/** A full-width primary action, the way short forms show it. */
export const WideActions = styled(Actions)`
  & > button {
    flex: 1 1 100%;
  }
`;

export const FooterLinks = styled.p`
  margin: ${space(3)} 0 0;
  padding-top: ${space(2)};
  border-top: 1px solid ${token('color-border')};
  text-align: center;
  color: ${token('color-text-muted')};
`;

type Tone = 'success' | 'info' | 'error' | 'warning';

const tones: Record<Tone, string> = {
  success: `color: #05603a; background: #ecfdf3; border-color: #6ce9a6;`,
  info: `color: ${token('color-text')}; background: ${token('color-surface')}; border-color: ${token('color-border')};`,
  error: `color: ${token('color-danger')}; background: ${token('color-danger-surface')}; border-color: ${token('color-danger')};`,
  warning: `color: ${token('color-warning-text')}; background: ${token('color-warning-surface')}; border-color: ${token('color-warning-text')};`,
};

const NoticeBox = styled.div<{ $tone: Tone }>`
  margin: 0 0 ${space(2)};
  padding: ${space(1.5)} ${space(2)};
  border: 1px solid;
  border-left-width: 4px;
  border-radius: ${token('radius')};
  ${({ $tone }) => tones[$tone]}
  & > p {
    margin: 0;
  }
  & > p + p {
    margin-top: ${space(1)};
  }
`;

interface NoticeProps {
  tone: Tone;
  children: ReactNode;
}

/**
 * A message about what just happened. Errors are alerts (read out at once); the others are
 * polite status messages.
 */
export function Notice({ tone, children }: NoticeProps) {
  return (
    <NoticeBox $tone={tone} role={tone === 'error' ? 'alert' : 'status'} data-tone={tone}>
      {children}
    </NoticeBox>
  );
}
