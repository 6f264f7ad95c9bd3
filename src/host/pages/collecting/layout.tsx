// Small pieces the collecting pages share: a row of buttons, a small form, a progress notice
// for a server job (the titled sections are ../section.tsx).
import styled from 'styled-components';
import { space, token } from '../../../widgets/kit/index.js';
import { Notice } from '../../../widgets/feature-kit/layout.js';
import { ProgressBar } from '../../shell/styles.js';
import { COLLECTING_TEXTS as T } from './texts.js';
import type { JobView } from './use-job.js';

export const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)};
  margin: 0 0 ${space(2)};
`;

export const SmallForm = styled.form`
  max-width: 32rem;
  margin: 0 0 ${space(2)};
  padding: ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  & > p {
    margin: 0 0 ${space(2)};
    color: ${token('color-text-muted')};
  }
`;

interface JobNoticeProps {
  view: JobView;
  texts: { queued: string; running: string; done: string; failed: string };
  connected: boolean;
}

/** Where a job started from this page has got to. */
export function JobNotice({ view, texts, connected }: JobNoticeProps) {
  if (view.phase === 'idle') return null;
  if (view.phase === 'done') return <Notice tone="success"><p>{texts.done}</p></Notice>;
  if (view.phase === 'failed') return <Notice tone="error"><p>{texts.failed}</p></Notice>;
  const running = view.phase === 'running' && view.state === 'running';
  const total = view.phase === 'running' ? view.total : null;
  const done = view.phase === 'running' ? Math.min(view.progress, total ?? 0) : 0;
  return (
    <Notice tone="info">
      <p>{running ? texts.running : texts.queued}</p>
      {total ? <ProgressBar aria-label={T.progressLabel} value={done} max={total} /> : <ProgressBar aria-label={T.progressLabel} />}
      {total ? <p data-progress-count>{T.counted(done, total)}</p> : null}
      {!connected && <p>{T.offline}</p>}
    </Notice>
  );
}
