// Small pieces the collecting elements share: a row of buttons, a small form, a group of
// filters and a progress notice for a server job.
import styled from 'styled-components';
import { space, token } from '../kit/index.js';
import { Notice } from '../feature-kit/layout.js';
import type { JobView } from '../shared/use-job.js';
import { COLLECTING_TEXTS as T } from './texts.js';

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

/** A list's filters: labelled controls (each in a div) side by side in a bordered group. */
export const FilterGroup = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${space(1.5)} ${space(2)};
  margin: 0 0 ${space(2)};
  padding: ${space(1.5)} ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  legend {
    padding: 0 ${space(0.5)};
    font-weight: 600;
  }
  & > div {
    display: flex;
    flex-direction: column;
    gap: ${space(0.5)};
    min-width: min(10rem, 100%);
  }
`;

/** A server job's progress (indeterminate until its total is known). */
export const ProgressBar = styled.progress`
  display: block;
  width: 100%;
  max-width: 28rem;
  height: 0.75rem;
  margin: ${space(1)} 0 0;
  accent-color: ${token('color-primary')};
`;

interface JobNoticeProps {
  view: JobView;
  texts: { queued: string; running: string; done: string; failed: string };
  connected: boolean;
}

/** Where a job started from this element has got to. */
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
