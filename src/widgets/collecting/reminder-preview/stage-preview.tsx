// A stage's message for one member, as the server renders it today (nothing is sent): shown
// under the stage's form so staff see what a member would receive.
import { useId, useState } from 'react';
import styled from 'styled-components';
import type { Member } from '../../../core/records.js';
import { Button, EmptyState, space, token } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { MemberPicker } from '../../feature-kit/member-picker.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { previewStage, type RenderedMessage } from '../stages.js';
import { COLLECTING_TEXTS as T } from '../texts.js';

const Box = styled.section`
  max-width: 48rem;
  h2 {
    margin: 0 0 ${space(1.5)};
    font-size: 1.2rem;
    font-weight: 650;
  }
`;

const Preview = styled.div`
  display: grid;
  gap: ${space(1.5)};
  h3 {
    margin: 0;
  }
  dl {
    display: grid;
    grid-template-columns: max-content auto;
    gap: ${space(0.5)} ${space(2)};
    margin: 0;
  }
  dt {
    color: ${token('color-text-muted')};
  }
  dd {
    margin: 0;
  }
  pre {
    margin: 0;
    padding: ${space(1.5)};
    white-space: pre-wrap;
    font: inherit;
    background: ${token('color-surface')};
    border: 1px solid ${token('color-border')};
    border-radius: ${token('radius')};
  }
`;

export interface StagePreviewProps {
  /** The saved stage; absent on a new stage's form (it must be saved first). */
  stageId?: string;
  /** The terminology's word for a member ("Sócio"), for the picker's label. */
  singular?: string;
}

/** A stage's message for a chosen member (POST reminder_stages/{id}/preview). */
export function StagePreview({ stageId, singular = 'Sócio' }: StagePreviewProps) {
  const core = useCore();
  const [member, setMember] = useState<Member | null>(null);
  const [rendered, setRendered] = useState<RenderedMessage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  async function pick(chosen: Member) {
    if (!stageId) return;
    setMember(chosen);
    setRendered(null);
    setError(null);
    try {
      setRendered(await previewStage(core, stageId, chosen._id));
    } catch (e) {
      setError(describeFailure(e, T.previewFailed));
    }
  }

  return (
    <Box aria-labelledby={headingId} data-stage-preview>
      <h2 id={headingId}>{T.previewTitle}</h2>
      {!stageId ? (
        <EmptyState message={T.saveFirst} />
      ) : !member ? (
        <>
          <p>{T.previewHint}</p>
          <MemberPicker singular={singular} onPick={(chosen) => void pick(chosen)} />
        </>
      ) : (
        <Preview>
          <h3>{T.previewFor(String(member.number ?? ''), member.name)}</h3>
          {error && (
            <Notice tone="error">
              <p>{error}</p>
            </Notice>
          )}
          {rendered && (
            <>
              <dl>
                <dt>{T.recipient}</dt>
                <dd data-preview-recipient>{rendered.recipient ?? T.noRecipient}</dd>
                <dt>{T.subject}</dt>
                <dd data-preview-subject>{rendered.subject}</dd>
              </dl>
              <pre aria-label={T.body} data-preview-text>
                {rendered.text}
              </pre>
            </>
          )}
          <div>
            <Button variant="secondary" onClick={() => setMember(null)}>
              {T.otherMember}
            </Button>
          </div>
        </Preview>
      )}
    </Box>
  );
}
