// Where a server job started from an element has got to (followed by shared/use-job.ts): queued,
// running with a progress bar once its total is known, done or failed, in the element's words.
import styled from 'styled-components';
import { space, token } from '../kit/index.js';
import type { JobView } from '../shared/use-job.js';
import { Notice } from './layout.js';

const T = {
  progressLabel: 'Progresso',
  counted: (done: number, total: number) => `${done} de ${total}`,
  offline: 'Sem ligação em tempo real: o progresso volta a aparecer quando a ligação regressar.',
} as const;

/** A server job's progress (indeterminate until its total is known). */
const ProgressBar = styled.progress`
  display: block;
  width: 100%;
  max-width: 28rem;
  height: 0.75rem;
  margin: ${space(1)} 0 0;
  accent-color: ${token('color-primary')};
`;

export interface JobNoticeProps {
  view: JobView;
  texts: { queued: string; running: string; done: string; failed: string };
  /** The realtime connection: without it, progress stops arriving, and the notice says so. */
  connected: boolean;
}

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
