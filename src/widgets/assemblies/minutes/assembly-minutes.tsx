import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  draftMinutes,
  finalizeMinutes,
  minutesNumberText,
  minutesPdfPath,
  saveMinutesText,
  type AssemblyMinutesRecord,
} from '../../../core/modules/assembly-minutes.js';
import { recordQuery } from '../../../core/index.js';
import { Button, ErrorState, Field, Loading, TextArea, space, token, useRecord } from '../../kit/index.js';
import { ConfirmDialog } from '../../feature-kit/confirm-dialog.js';
import { Facts } from '../../feature-kit/facts.js';
import { Heading, Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { openPdf } from '../../shared/download.js';
import { MINUTES_TEXTS as T } from './texts.js';

export interface AssemblyMinutesProps {
  assemblyId?: string;
  /** The assembly's page, '/assembleias/:id'. */
  backPath?: string;
}

const Box = styled.div`
  display: grid;
  gap: ${space(2)};
  max-width: 56rem;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)};
  align-items: center;
`;

const Text = styled(TextArea)`
  min-height: 28rem;
  font-family: ${token('font-family')};
  line-height: 1.5;
`;

const Hash = styled.code`
  overflow-wrap: anywhere;
`;

// The year in full, as the rest of the assemblies' pages write a day ('29/11/2026, 12:49').
const dateTime = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString('pt-PT', { timeZone: 'Europe/Lisbon', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }) : '—';

type Asking = null | 'regenerate' | 'finalize';

/** Staff's page of an assembly's minutes: the draft generated from what was recorded, edited, then made final as a numbered PDF with its hash. */
export function AssemblyMinutes({ assemblyId, backPath }: AssemblyMinutesProps) {
  const core = useCore();
  const view = useRecord<AssemblyMinutesRecord>(core.queries, 'assemblies', assemblyId ?? null);
  const record = view.record;
  const stored = record?.minutes_text ?? '';
  const [text, setText] = useState(stored);
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);

  // What the server holds replaces the field's text whenever it changes (a draft, a save, another tab).
  useEffect(() => setText(stored), [stored]);

  if (!assemblyId) return null;
  if (view.status === 'failed' || view.status === 'notFound') return <ErrorState message={T.loadFailed} onRetry={view.refresh} />;
  if (!record) return <Loading />;

  const final = Boolean(record.minutes_final_at);
  const dirty = text !== stored;
  const number = minutesNumberText(record);

  async function run(work: () => Promise<string>) {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ tone: 'success', text: await work() });
    } catch (e) {
      setOutcome({ tone: 'error', text: describeFailure(e) });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  // The answer is the record as it now stands: shown at once, while it is read again.
  const shown = (answer: AssemblyMinutesRecord) => {
    core.queries.replace(recordQuery('assemblies', assemblyId), answer);
    return answer;
  };
  const generate = () =>
    run(async () => {
      shown(await draftMinutes(core, assemblyId));
      return T.drafted;
    });
  const save = () =>
    run(async () => {
      shown(await saveMinutesText(core, assemblyId, text));
      return T.saved;
    });
  const finalize = () =>
    run(async () => {
      const done = shown(await finalizeMinutes(core, assemblyId));
      return T.finalized(minutesNumberText(done) ?? T.final);
    });
  const open = () =>
    run(async () => {
      await openPdf(core, minutesPdfPath(core, assemblyId), `ata-${record.minutes_number ?? ''}-${record.minutes_year ?? ''}.pdf`);
      return '';
    }).then(() => setOutcome(null));

  return (
    <Box data-assembly-minutes={record._id}>
      <Heading>
        {T.title}: {record.title}
      </Heading>
      {backPath && <NavLink path={pathWith(backPath, { id: record._id })}>{T.back}</NavLink>}
      {/* Above the text, not under it: a 28-line field would push what happened out of sight. */}
      {outcome && outcome.text && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Notice>
      )}
      {record.status === 'draft' ? (
        <Notice tone="info">
          <p>{T.notConvened}</p>
        </Notice>
      ) : final ? (
        <>
          <Facts
            data-minutes-final="true"
            facts={[
              { term: T.number, value: <span data-minutes-number>{number}</span>, name: 'number' },
              { term: T.finalAt, value: dateTime(record.minutes_final_at), name: 'final-at' },
              { term: T.sha256, value: <Hash data-minutes-sha256>{record.minutes_sha256}</Hash>, name: 'sha256' },
              { term: T.published, value: record.minutes_published ? T.publishedYes : T.publishedNo, name: 'published' },
            ]}
          />
          <Buttons>
            <Button onClick={() => void open()} disabled={busy}>
              {T.openPdf}
            </Button>
          </Buttons>
          <Field label={T.textLabel}>{(control) => <Text {...control} value={stored} readOnly />}</Field>
        </>
      ) : (
        <>
          {!stored && <p>{T.noText}</p>}
          <Buttons>
            <Button variant={stored ? 'secondary' : 'primary'} onClick={() => (stored ? setAsking('regenerate') : void generate())} disabled={busy}>
              {stored ? T.regenerate : T.generate}
            </Button>
          </Buttons>
          <Field label={T.textLabel} hint={T.textHint}>
            {(control) => <Text {...control} value={text} onChange={(e) => setText(e.target.value)} maxLength={60000} disabled={busy} />}
          </Field>
          <Buttons>
            <Button variant="secondary" onClick={() => void save()} disabled={busy || !dirty}>
              {busy ? T.saving : T.save}
            </Button>
            <Button onClick={() => setAsking('finalize')} disabled={busy || !stored || dirty} aria-describedby={dirty ? 'minutes-unsaved' : undefined}>
              {T.finalize}
            </Button>
            {dirty && <span id="minutes-unsaved">{T.finalizeUnsaved}</span>}
          </Buttons>
        </>
      )}
      <ConfirmDialog open={asking === 'regenerate'} title={T.regenerateConfirmTitle} confirmLabel={T.regenerate} busy={busy} onCancel={() => setAsking(null)} onConfirm={() => void generate()}>
        <p>{T.regenerateConfirm}</p>
      </ConfirmDialog>
      <ConfirmDialog open={asking === 'finalize'} title={T.finalizeConfirmTitle} confirmLabel={T.finalize} busy={busy} onCancel={() => setAsking(null)} onConfirm={() => void finalize()}>
        <p>{T.finalizeConfirm}</p>
      </ConfirmDialog>
    </Box>
  );
}
