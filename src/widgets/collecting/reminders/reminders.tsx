// Staged payment reminders: the stages staff define (each opened in its own form) and the log
// of what the planner decided, with "Planear agora" and "Aprovar" running the server's actions
// and following their jobs to the end.
import { useId, useState } from 'react';
import { Button, Label, Select, useSignalValue } from '../../kit/index.js';
import { JobNotice } from '../../feature-kit/job-notice.js';
import { Notice } from '../../feature-kit/layout.js';
import { ResourceListSlot } from '../../feature-kit/resource-list-slot.js';
import { Section } from '../../feature-kit/section.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { useExplainerResource } from '../../shared/use-explainer.js';
import { useJob } from '../../shared/use-job.js';
import { Buttons, FilterGroup } from '../layout.js';
import { DECISIONS, STAGES, useStages, type QueuedJob } from '../stages.js';
import { COLLECTING_TEXTS as T } from '../texts.js';

export const STAGE_COLUMNS = 'name,category,offset_days,channel,active';
export const DECISION_COLUMNS = 'day,member,stage,decision,reason,debts,total,decided_at';

/** The decisions log's filters: by stage and by decision, on the list's own store. */
function DecisionFilters() {
  const core = useCore();
  const store = core.list(DECISIONS);
  const query = useSignalValue(store.query);
  const fields = useExplainerResource(core, DECISIONS).entry?.fields ?? [];
  const decisions = fields.find((field) => field.name === 'decision')?.options ?? [];
  const stages = useStages();
  const id = useId();
  const current = (name: string) => (query.constraints[name] === undefined ? '' : String(query.constraints[name]));
  const set = (name: string, value: string) => {
    const next = { ...query.constraints };
    if (value === '') delete next[name];
    else next[name] = value;
    void store.setConstraints(next);
  };
  return (
    <FilterGroup data-decision-filters>
      <legend>{T.filters}</legend>
      <div>
        <Label htmlFor={`${id}-stage`}>{T.stage}</Label>
        <Select id={`${id}-stage`} value={current('stage')} onChange={(e) => set('stage', e.target.value)}>
          <option value="">{T.any}</option>
          {stages.map((stage) => (
            <option key={stage._id} value={String(stage._id)}>
              {stage.name}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor={`${id}-decision`}>{T.decision}</Label>
        <Select id={`${id}-decision`} value={current('decision')} onChange={(e) => set('decision', e.target.value)}>
          <option value="">{T.any}</option>
          {decisions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
    </FilterGroup>
  );
}

interface JobAnswer {
  job: QueuedJob;
  approved?: number;
}

/** "Planear agora" and "Aprovar": each queues a server job, followed here to its end. */
function DecisionActions() {
  const core = useCore();
  const connected = useSignalValue(core.realtime.connected);
  const planning = useJob(core);
  const sending = useJob(core);
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const query = useSignalValue(core.list(DECISIONS).query);
  const busy = planning.view.phase === 'starting' || planning.view.phase === 'running' || sending.view.phase === 'starting' || sending.view.phase === 'running';

  async function plan() {
    setMessage(null);
    sending.reset();
    planning.starting();
    try {
      const answer = await core.queries.action<JobAnswer>(`${DECISIONS}/plan`, {}, { invalidates: [DECISIONS] });
      planning.follow(answer.job);
    } catch (e) {
      planning.reset();
      setMessage({ tone: 'error', text: describeFailure(e, T.startFailed) });
    }
  }

  async function approve() {
    setMessage(null);
    planning.reset();
    sending.starting();
    const stage = query.constraints.stage;
    try {
      const answer = await core.queries.action<JobAnswer>(`${DECISIONS}/approve`, stage === undefined ? {} : { stage: Number(stage) }, { invalidates: [DECISIONS] });
      if (!answer.approved) {
        sending.reset();
        setMessage({ tone: 'info', text: T.nothingToApprove });
        return;
      }
      setMessage({ tone: 'info', text: T.approved(answer.approved) });
      sending.follow(answer.job);
    } catch (e) {
      sending.reset();
      setMessage({ tone: 'error', text: describeFailure(e, T.startFailed) });
    }
  }

  return (
    <div data-decision-actions>
      <Buttons>
        <Button onClick={() => void plan()} disabled={busy}>
          {T.plan}
        </Button>
        <Button variant="secondary" onClick={() => void approve()} disabled={busy} title={T.approveHint}>
          {T.approve}
        </Button>
      </Buttons>
      {message && (
        <Notice tone={message.tone}>
          <p>{message.text}</p>
        </Notice>
      )}
      <JobNotice view={planning.view} connected={connected} texts={{ queued: T.planQueued, running: T.planRunning, done: T.planDone, failed: T.planFailed }} />
      <JobNotice view={sending.view} connected={connected} texts={{ queued: T.sendQueued, running: T.sending, done: T.sendDone, failed: T.sendFailed }} />
    </div>
  );
}

export interface RemindersProps {
  /** The stage form's route pattern, `/quotas/avisos/etapas/:id`: a stage row opens it. */
  stageEditPath?: string;
  /** The new stage's route, `/quotas/avisos/etapas/novo`: the "Nova etapa" link. */
  newStagePath?: string;
}

/** The stages, then the decisions log with its actions (for callers the server lets plan) and filters. */
export function Reminders({ stageEditPath, newStagePath }: RemindersProps) {
  const core = useCore();
  // Stages in the order they come into play; the log newest first (the resource's default).
  useState(() => core.list(STAGES, { sort: core.preferences.sortOrder(STAGES) ?? 'offset_days' }));
  useState(() => core.list(DECISIONS, { sort: core.preferences.sortOrder(DECISIONS) ?? '-created_at' }));
  // The explainer lists the actions this caller may take: the buttons only where they are some.
  const mayAct = (useExplainerResource(core, DECISIONS).entry?.actions ?? []).some((action) => action.name === 'plan');
  return (
    <div data-reminders>
      <Section title={T.stages} action={newStagePath ? { path: newStagePath, label: T.newStage } : undefined} data-collecting-list={STAGES}>
        <ResourceListSlot resource={STAGES} edit-path={stageEditPath} label={T.stages} columns={STAGE_COLUMNS} />
      </Section>
      <Section title={T.decisions} data-collecting-list={DECISIONS}>
        {mayAct && <DecisionActions />}
        <DecisionFilters />
        <ResourceListSlot resource={DECISIONS} label={T.decisions} columns={DECISION_COLUMNS} external-actions="true" />
      </Section>
    </div>
  );
}
