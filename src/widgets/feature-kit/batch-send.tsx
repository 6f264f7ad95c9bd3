// One message sent to many members (collecting's notify many, privacy's broadcast): the key that
// makes a repeated send queue nothing twice, and what came of the send once it is confirmed, the
// job's progress when it is large, then how it ended with the way to the messages sent.
import type { JobView } from '../shared/use-job.js';
import { JobNotice, type JobNoticeProps } from './job-notice.js';
import { Notice } from './layout.js';
import { NavLink } from './navigation.js';

/** A new batch's key: the server queues a batch once however often its key is sent. */
export const batchKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`);

export interface SendOutcome {
  tone: 'success' | 'error';
  text: string;
}

export interface BatchSentProps {
  job: JobView;
  connected: boolean;
  /** The job's phases in the element's words. */
  texts: JobNoticeProps['texts'];
  outcome: SendOutcome | null;
  /** The messages list's route (`/mensagens`): absent, no link after sending. */
  messagesPath?: string;
  /** The link's words ("Ver as mensagens"). */
  seeMessages: string;
}

/** The send's job followed, then its outcome; a success links to the messages list. */
export function BatchSent({ job, connected, texts, outcome, messagesPath, seeMessages }: BatchSentProps) {
  return (
    <>
      <JobNotice view={job} connected={connected} texts={texts} />
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
          {outcome.tone === 'success' && messagesPath && (
            <p>
              <NavLink path={messagesPath}>{seeMessages}</NavLink>
            </p>
          )}
        </Notice>
      )}
    </>
  );
}
