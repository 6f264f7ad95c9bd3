// 'Lançar quotas do ano' beside the fee schedules: the year asked, the server's job queued and
// followed to its end on the realtime `jobs` topic.
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { DUES_YEARS, ROLE } from '../../../core/index.js';
import { Button, Field, Input, space, token, useSignalValue } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { useCore } from '../../feature-kit/use-core.js';
import { FEE_TEXTS as T } from '../texts.js';
import { useDuesGeneration, type Generation } from './use-dues-generation.js';

const { min: YEAR_MIN, max: YEAR_MAX } = DUES_YEARS;

const Box = styled.div`
  margin: 0 0 ${space(2)};
  & > button {
    margin-bottom: ${space(1.5)};
  }
`;

const Form = styled.form`
  max-width: 28rem;
  padding: ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  p {
    margin: 0 0 ${space(2)};
    color: ${token('color-text-muted')};
  }
`;

// Not feature-kit's JobNotice: the run's notice names the year (its bar's label too) and shows the jobs table's error.
const ProgressBar = styled.progress`
  display: block;
  width: 100%;
  max-width: 28rem;
  height: 0.75rem;
  margin: ${space(1)} 0 0;
  accent-color: ${token('color-primary')};
`;

const Buttons = styled.div`
  display: flex;
  gap: ${space(1)};
`;

/** The year typed, if it is one the server takes. */
function yearOf(text: string): number | null {
  if (!/^\d{4}$/.test(text.trim())) return null;
  const year = Number(text.trim());
  return year >= YEAR_MIN && year <= YEAR_MAX ? year : null;
}

function Progress({ generation, connected }: { generation: Extract<Generation, { phase: 'starting' | 'running' }>; connected: boolean }) {
  const { year } = generation;
  const running = generation.phase === 'running' && generation.state === 'running';
  const total = generation.phase === 'running' ? generation.total : null;
  const done = generation.phase === 'running' ? generation.progress : 0;
  return (
    <Notice tone="info">
      <p>{running ? T.running(year) : T.queued(year)}</p>
      {/* Without a total the bar is indeterminate: the run has not counted its work yet. */}
      {total ? <ProgressBar aria-label={T.progressLabel(year)} value={Math.min(done, total)} max={total} /> : <ProgressBar aria-label={T.progressLabel(year)} />}
      {total ? <p data-progress-count>{T.counted(Math.min(done, total), total)}</p> : null}
      {!connected && <p>{T.offline}</p>}
    </Notice>
  );
}

interface YearFormProps {
  hint: string;
  typed: string;
  error: string | null;
  onType(text: string): void;
  onSubmit(event: FormEvent): void;
  onCancel(): void;
}

function YearForm({ hint, typed, error, onType, onSubmit, onCancel }: YearFormProps) {
  return (
    <Form onSubmit={onSubmit} aria-label={T.generate} noValidate>
      <p>{hint}</p>
      <Field label={T.year} error={error} required>
        {(control) => <Input {...control} type="number" inputMode="numeric" min={YEAR_MIN} max={YEAR_MAX} step={1} value={typed} onChange={(e) => onType(e.target.value)} />}
      </Field>
      <Buttons>
        <Button type="submit">{T.start}</Button>
        <Button variant="secondary" onClick={onCancel}>
          {T.cancel}
        </Button>
      </Buttons>
    </Form>
  );
}

/** 'Lançar quotas do ano': asks the year (this year by the core's clock), queues the run and follows it. */
export function GenerateDues({ memberSingular, memberPlural }: { memberSingular: string; memberPlural: string }) {
  const core = useCore();
  const isAdmin = useSignalValue(core.session.claims)?.Role === ROLE.admin;
  const connected = useSignalValue(core.realtime.connected);
  const { generation, start, dismiss } = useDuesGeneration(core, isAdmin);
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  const busy = generation.phase === 'starting' || generation.phase === 'running';

  function ask() {
    dismiss();
    setTyped(String(new Date(core.clock.now()).getFullYear()));
    setError(null);
    setAsking(true);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const year = yearOf(typed);
    if (year === null) {
      setError(T.yearInvalid);
      return;
    }
    setError(null);
    const outcome = await start(year);
    if (outcome.queued) setAsking(false);
    else setError(outcome.message);
  }

  return (
    <Box data-generate-dues="">
      {/* While the request is on its way the form steps aside for the progress notice. */}
      {asking ? (
        !busy && <YearForm hint={T.generateHint(memberSingular)} typed={typed} error={error} onType={setTyped} onSubmit={(event) => void submit(event)} onCancel={() => setAsking(false)} />
      ) : (
        <Button variant="secondary" onClick={ask} disabled={busy}>
          {T.generate}
        </Button>
      )}
      {(generation.phase === 'starting' || generation.phase === 'running') && <Progress generation={generation} connected={connected} />}
      {generation.phase === 'done' && (
        <Notice tone="success">
          <p data-generation-report>{generation.report ? T.launched(generation.year, generation.report, { singular: memberSingular, plural: memberPlural }) : T.done}</p>
        </Notice>
      )}
      {generation.phase === 'failed' && (
        <Notice tone="error">
          <p>{generation.message}</p>
          {generation.detail && <p data-job-error>{T.errorDetail(generation.detail)}</p>}
        </Notice>
      )}
    </Box>
  );
}
