// The convocation: before sending, what sending now would do (the last valid day, who gets it by
// e-mail and by letter, the notice as it will read) and the button that sends it, with the
// server's refusal in its own words; after, when it went, the letters to print and the proof.
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { lisbonDay } from '../../../core/days.js';
import { assemblyPdf, conveneAssembly, convocationQuery, type AssemblyRecord, type ConvocationPreview } from '../../../core/modules/assemblies.js';
import { Button, Loading, space, token, useQuery } from '../../kit/index.js';
import { ConfirmDialog } from '../../feature-kit/confirm-dialog.js';
import { Buttons } from '../../feature-kit/groups.js';
import { Notice } from '../../feature-kit/layout.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { SecondaryNavLink } from '../../feature-kit/section.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { openPdf } from '../../shared/download.js';
import { dayInWords, MANAGER_TEXTS as T, moment } from '../texts.js';
import { useFocusWhenDrawn } from './use-focus-when-drawn.js';

const NoticeText = styled.div`
  margin: 0 0 ${space(2)};
  padding: ${space(2)};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  background: ${token('color-surface')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  h3 {
    margin: 0 0 ${space(1)};
    font-size: 1rem;
    white-space: normal;
  }
`;

const Line = styled.p`
  margin: 0 0 ${space(1.5)};
`;

type Outcome = { tone: 'success' | 'error'; text: string } | null;

export interface ConvocationProps {
  assembly: AssemblyRecord;
  /** The proof of convocation, '/assembleias/:id/prova'. */
  proofPath?: string;
}

export function Convocation({ assembly, proofPath }: ConvocationProps) {
  const draft = assembly.status === 'draft';
  const [outcome, setOutcome] = useState<Outcome>(null);
  const focusWhenDrawn = useFocusWhenDrawn();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const say = (next: Outcome) => {
    setOutcome(next);
    focusWhenDrawn(() => outcomeRef.current);
  };
  return (
    <div data-convocation={draft ? 'preview' : 'sent'}>
      {outcome && (
        <div ref={outcomeRef} tabIndex={-1} data-convocation-outcome={outcome.tone}>
          <Notice tone={outcome.tone}>
            <p>{outcome.text}</p>
          </Notice>
        </div>
      )}
      {draft ? <Preview assembly={assembly} onOutcome={say} /> : <Sent assembly={assembly} proofPath={proofPath} onOutcome={say} />}
    </div>
  );
}

function Preview({ assembly, onOutcome }: { assembly: AssemblyRecord; onOutcome(outcome: Outcome): void }) {
  const core = useCore();
  const view = useQuery<ConvocationPreview>(core.queries, convocationQuery(assembly._id));
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  if (view.status === 'loading' || view.status === 'idle') return <Loading />;
  const preview = view.data;
  if (view.status !== 'loaded' || !preview) {
    return (
      <Notice tone="error">
        <p>{describeFailure(view.error, T.previewFailed)}</p>
      </Notice>
    );
  }
  // The server judges by its clock; an older server that does not say, by this page's.
  const late = preview.late ?? preview.last_notice_day < lisbonDay(core.clock.now());
  const lacking = preview.missing_address ?? [];

  const send = async () => {
    setBusy(true);
    try {
      await conveneAssembly(core, assembly._id);
      setAsking(false);
      onOutcome({ tone: 'success', text: T.sent });
    } catch (e) {
      setAsking(false);
      onOutcome({ tone: 'error', text: describeFailure(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Line data-last-day>{T.lastDay(dayInWords(preview.last_notice_day), preview.notice_days ?? null)}</Line>
      {late && (
        <Notice tone="warning">
          <p data-late>{T.late(dayInWords(preview.last_notice_day))}</p>
        </Notice>
      )}
      <Line data-recipients>{T.recipients(preview.voters, preview.emails, preview.letters)}</Line>
      {preview.agenda_items === 0 && (
        <Notice tone="warning">
          <p data-no-agenda>{T.noAgenda}</p>
        </Notice>
      )}
      {lacking.length > 0 && (
        <Notice tone="warning">
          <p>{T.missingAddresses(lacking.length)}</p>
          <ul data-missing-addresses>
            {lacking.map((person) => (
              <li key={person.member}>{T.missingAddress(person.name, person.number, person.missing)}</li>
            ))}
          </ul>
        </Notice>
      )}
      <NoticeText data-notice-text>
        <h3>{T.noticeText}</h3>
        {preview.notice_text}
      </NoticeText>
      <Buttons>
        <Button onClick={() => setAsking(true)} disabled={busy} data-send>
          {T.send}
        </Button>
      </Buttons>
      <ConfirmDialog open={asking} title={T.sendTitle} confirmLabel={T.send} busy={busy} onCancel={() => setAsking(false)} onConfirm={() => void send()}>
        <p>{T.sendConfirm(preview.voters, preview.emails, preview.letters)}</p>
      </ConfirmDialog>
    </>
  );
}

function Sent({ assembly, proofPath, onOutcome }: { assembly: AssemblyRecord; proofPath?: string; onOutcome(outcome: Outcome): void }) {
  const core = useCore();
  // Once sent, the server counts the convocations written, not today's voters.
  const sent = useQuery<ConvocationPreview>(core.queries, convocationQuery(assembly._id)).data;
  const [busy, setBusy] = useState(false);
  const letters = async () => {
    setBusy(true);
    try {
      await openPdf(core, assemblyPdf.letters(core, assembly._id), `cartas-convocatoria-${assembly.date ?? assembly._id}.pdf`);
    } catch (e) {
      onOutcome({ tone: 'error', text: describeFailure(e, T.pdfFailed) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {assembly.convened_at && <Line data-convened-at>{T.convenedAt(moment(assembly.convened_at))}</Line>}
      {assembly.last_notice_day && <Line>{T.convenedOn(dayInWords(assembly.last_notice_day))}</Line>}
      {sent && <Line data-sent-counts>{T.sentTo(sent.voters, sent.emails, sent.letters)}</Line>}
      <Buttons>
        {(!sent || sent.letters > 0) && (
          <Button variant="secondary" onClick={() => void letters()} disabled={busy} data-letters>
            {T.letters}
          </Button>
        )}
        {proofPath && (
          <SecondaryNavLink path={pathWith(proofPath, { id: assembly._id })} data-proof-link>
            {T.proof}
          </SecondaryNavLink>
        )}
      </Buttons>
    </>
  );
}
