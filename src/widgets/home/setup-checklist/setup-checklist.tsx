import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { RESOURCE, ROLE } from '../../../core/index.js';
import { SETUP_PATHS, SETUP_SETTING, toggledSetupList, type SetupAnswer, type SetupStep } from '../../../core/setup.js';
import { Button, ErrorState, Loading, space, token, useQuery, useSignalValue } from '../../kit/index.js';
import { useCore } from '../../feature-kit/use-core.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { SETUP_TEXTS as T } from './texts.js';
import { StepBody, type SetupPaths } from './step-bodies.js';

/** What the answer depends on: a change to any of these reads it again. */
const WATCHED = ['setup', RESOURCE.settings, 'fee_schedules', 'fee_categories', RESOURCE.members, RESOURCE.messages];

const Box = styled.section`
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  padding: ${space(2)} ${space(2)} ${space(1)};
  margin-bottom: ${space(3)};
  h2 {
    margin: 0 0 ${space(0.5)};
    font-size: 1.25rem;
  }
`;

const Muted = styled.p`
  margin: 0 0 ${space(1.5)};
  color: ${token('color-text-muted')};
`;

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Item = styled.li`
  border-top: 1px solid ${token('color-border')};
  details > summary {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: ${space(1)};
    padding: ${space(1.25)} 0;
    cursor: pointer;
  }
  h3 {
    display: inline;
    margin: 0;
    font-size: 1.05rem;
  }
`;

const Badge = styled.span<{ $state: SetupStep['state'] }>`
  padding: 0 ${space(0.75)};
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 600;
  border: 1px solid currentColor;
  color: ${({ $state }) => ($state === 'done' ? token('color-text') : $state === 'skipped' ? token('color-text-muted') : token('color-primary'))};
`;

const Summary = styled.span`
  flex-basis: 100%;
  color: ${token('color-text-muted')};
`;

const Body = styled.div`
  padding: 0 0 ${space(2)};
  display: grid;
  gap: ${space(1.5)};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)};
`;

export interface SetupChecklistProps {
  /** JSON: the pages the steps link to, by route name. */
  paths?: string;
  /** Shown even when every step is done or skipped (the settings page). */
  always?: boolean;
}

function pathsFrom(text: string | undefined): SetupPaths {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    if (typeof value !== 'object' || value === null) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** The first-run checklist of a production start: each step's state, what to do, and leaving it for later. */
export function SetupChecklist({ paths: pathsText, always = false }: SetupChecklistProps) {
  const core = useCore();
  const claims = useSignalValue(core.session.claims);
  const paths = useMemo(() => pathsFrom(pathsText), [pathsText]);
  const admin = claims?.Role === ROLE.admin;
  const answer = useQuery<SetupAnswer>(core.queries, admin ? { path: SETUP_PATHS.answer, resources: WATCHED } : null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The steps shown open: at first the one to do next; then as the admin opens and closes them
  // (a step just done stays open, its form and its answer still in view).
  const [opened, setOpened] = useState<ReadonlySet<string> | null>(null);
  const firstOpen = answer.data?.steps.find((step) => step.state === 'open')?.key;
  useEffect(() => {
    if (answer.data && opened === null) setOpened(new Set(firstOpen ? [firstOpen] : []));
  }, [answer.data, opened, firstOpen]);

  if (!admin) return null;
  if (answer.status === 'failed' || answer.status === 'notFound') return always ? <ErrorState message={T.failed} onRetry={answer.refresh} /> : null;
  if (!answer.data) return always ? <Loading /> : null;
  const data = answer.data;
  if (!always && (!data.production || data.complete)) return null;

  /** Adds or takes `step` away from one of the checklist's settings, through the settings resource like any setting. */
  async function toggle(setting: string, step: SetupStep, present: boolean) {
    setBusy(true);
    setProblem(null);
    try {
      await core.settings.ensure();
      const row = core.settings.items.value.find((s) => s.name === setting);
      const value = toggledSetupList(row?.value, step.key, present);
      const store = core.list(RESOURCE.settings);
      const result = row ? await store.patch(row._id, { value }) : await store.create({ name: setting, value });
      if (!result.ok) setProblem(Object.values(result.errors)[0] ?? T.failed);
      await core.settings.load();
      core.queries.invalidate('setup');
    } catch (error) {
      setProblem(describeFailure(error));
    } finally {
      setBusy(false);
    }
  }

  const handled = data.steps.filter((step) => step.state !== 'open').length;
  const isOpen = (key: string) => (opened === null ? key === firstOpen : opened.has(key));
  const onToggle = (key: string, open: boolean) =>
    setOpened((current) => {
      const next = new Set(current ?? (firstOpen ? [firstOpen] : []));
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });
  return (
    <Box aria-labelledby="setup-heading" data-setup-checklist={data.complete ? 'complete' : 'open'}>
      <h2 id="setup-heading">{T.heading}</h2>
      <Muted>
        {T.intro} <strong data-setup-progress>{T.progress(handled, data.steps.length)}</strong>
      </Muted>
      {problem && <p role="alert">{problem}</p>}
      <Steps>
        {data.steps.map((step) => (
          <Item key={step.key} data-step={step.key} data-state={step.state}>
            <details open={isOpen(step.key)} onToggle={(event) => onToggle(step.key, event.currentTarget.open)}>
              <summary>
                <h3>{T.steps[step.key]}</h3>
                <Badge $state={step.state}>{T.states[step.state]}</Badge>
                <Summary>{step.summary}</Summary>
              </summary>
              <Body>
                <StepBody step={step} answer={data} paths={paths} />
                <Row>
                  {step.confirmable && step.state !== 'done' && step.key !== 'mail' && (
                    <Button variant="secondary" disabled={busy} onClick={() => void toggle(SETUP_SETTING.confirmed, step, true)} data-confirm>
                      {T.confirm}
                    </Button>
                  )}
                  {step.confirmable && step.state === 'done' && (
                    <Button variant="secondary" disabled={busy} onClick={() => void toggle(SETUP_SETTING.confirmed, step, false)} data-unconfirm>
                      {T.unconfirm}
                    </Button>
                  )}
                  {step.state === 'open' && (
                    <Button variant="secondary" disabled={busy} onClick={() => void toggle(SETUP_SETTING.skipped, step, true)} data-skip>
                      {T.skip}
                    </Button>
                  )}
                  {step.state === 'skipped' && (
                    <Button variant="secondary" disabled={busy} onClick={() => void toggle(SETUP_SETTING.skipped, step, false)} data-reopen>
                      {T.reopen}
                    </Button>
                  )}
                </Row>
              </Body>
            </details>
          </Item>
        ))}
      </Steps>
    </Box>
  );
}
