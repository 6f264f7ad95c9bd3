// The live quorum panel, big enough for a projector: who is present, represented, counted with
// voting rights, out of how many associates; the call in force and whether the quorum is met.
// The core's query reads it again whenever attendance changes (here or in another browser, over
// realtime); the switch to the second call is a moment, not a change, so a timer reads it then.
import { useEffect } from 'react';
import styled from 'styled-components';
import { quorumQuery, type AssemblyCounts } from '../../../core/modules/assembly-session.js';
import { PHONE, space, token, useQuery, VisuallyHidden } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { useCore } from '../../feature-kit/use-core.js';
import { shownTime } from './format.js';
import { SESSION_TEXTS as T } from './texts.js';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: ${space(2)};
  margin: 0 0 ${space(2)};
  div {
    padding: ${space(1.5)} ${space(2)};
    border: 1px solid ${token('color-border')};
    border-radius: ${token('radius')};
    background: ${token('color-surface')};
  }
  dt {
    color: ${token('color-text-muted')};
    font-weight: 600;
  }
  dd {
    margin: 0;
    font-size: clamp(2.25rem, 6vw, 4rem);
    line-height: 1.1;
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
  dd.note {
    font-size: 0.95rem;
    font-weight: 400;
    color: ${token('color-text-muted')};
  }
  @media ${PHONE} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${space(1)};
    div {
      padding: ${space(1)};
    }
  }
`;

const Verdict = styled.p<{ $met: boolean }>`
  margin: 0 0 ${space(1)};
  padding: ${space(1.5)} ${space(2)};
  border: 2px solid;
  border-radius: ${token('radius')};
  font-size: clamp(1.5rem, 4vw, 2.5rem);
  font-weight: 800;
  ${({ $met }) => ($met ? 'color: #05603a; background: #ecfdf3; border-color: #12b76a;' : `color: ${token('color-danger')}; background: ${token('color-danger-surface')}; border-color: ${token('color-danger')};`)}
`;

const Call = styled.p`
  margin: 0 0 ${space(1)};
  font-size: 1.25rem;
  strong {
    font-weight: 750;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${token('color-text-muted')};
`;

/** The quorum panel of one assembly. */
export function QuorumPanel({ assembly }: { assembly: number }) {
  const core = useCore();
  const view = useQuery<AssemblyCounts>(core.queries, quorumQuery(assembly));
  const counts = view.data;
  const { refresh } = view;
  const secondCallAt = counts?.call === 'first' ? counts.secondCallAt : null;

  useEffect(() => {
    if (!secondCallAt) return undefined;
    const wait = Date.parse(secondCallAt) - core.clock.now();
    if (!Number.isFinite(wait)) return undefined;
    // A moment after the second call begins, so the server already counts it as begun.
    const timer = core.clock.setTimeout(refresh, Math.max(0, wait) + 1000);
    return () => core.clock.clearTimeout(timer);
  }, [core, secondCallAt, refresh]);

  if (view.status === 'failed' || view.status === 'notFound') return <Notice tone="error"><p>{T.quorumFailed}</p></Notice>;
  if (!counts) return <Muted role="status">{T.quorumLoading}</Muted>;

  const { quorum } = counts;
  return (
    <section aria-labelledby="quorum-heading" data-quorum>
      <h2 id="quorum-heading">{T.quorumHeading}</h2>
      {/* One sentence read out on each change: the figures alone would be numbers without names. */}
      <VisuallyHidden aria-live="polite" aria-atomic="true" data-quorum-summary>
        {T.summary(counts.present, counts.represented, counts.counted)} {quorum.met ? T.quorumMet : T.quorumMissing(quorum.missing)}.
      </VisuallyHidden>
      <Figures data-counts>
        <div>
          <dt>{T.present}</dt>
          <dd data-count="present">{counts.present}</dd>
        </div>
        <div>
          <dt>{T.represented}</dt>
          <dd data-count="represented">{counts.represented}</dd>
        </div>
        <div>
          <dt>{T.counted}</dt>
          <dd data-count="counted">{counts.counted}</dd>
          <dd className="note">{T.countedNote}</dd>
        </div>
        <div>
          <dt>{T.associates}</dt>
          <dd data-count="associates">{counts.associates}</dd>
          <dd className="note" data-eligible>{T.eligibleNote(counts.eligible)}</dd>
        </div>
      </Figures>
      <Call data-call={counts.call}>
        <strong>{counts.call === 'first' ? T.firstCall : T.secondCall}</strong>
        {counts.secondCallAt && ' '}
        {counts.secondCallAt && (counts.call === 'first' ? T.secondCallAt(shownTime(counts.secondCallAt)) : T.secondCallSince(shownTime(counts.secondCallAt)))}
      </Call>
      <Verdict $met={quorum.met} data-quorum-met={String(quorum.met)}>
        {quorum.met ? T.quorumMet : T.quorumMissing(quorum.missing)}
      </Verdict>
      <Muted data-quorum-text>{quorum.text || T.quorumRequired(quorum.required)}</Muted>
    </section>
  );
}
