// Staged payment reminders: the stages staff define (each a generic form, with a preview of its
// message for a chosen member) and the log of what the planner decided, with "Planear agora"
// and "Aprovar" running the server's actions and following their jobs to the end.
import { useId, useState } from 'react';
import styled from 'styled-components';
import type { Member } from '../../../core/index.js';
import { Button, EmptyState, Label, Select, space, token, useQuery } from '../../../widgets/kit/index.js';
import { Notice } from '../../../widgets/feature-kit/layout.js';
import { describeFailure } from '../../../widgets/feature-kit/server-message.js';
import { useHost, useValue } from '../../context.js';
import { ElementSlot } from '../../elements/element-slot.js';
import { useDeclareList } from '../../shell/list-on-page.js';
import { Panel } from '../../shell/styles.js';
import { MemberPicker } from '../payments/member-picker.js';
import { Section } from '../section.js';
import { FilterGroup } from '../../shell/styles.js';
import { Buttons, JobNotice } from './layout.js';
import { COLLECTING_TEXTS as T } from './texts.js';
import { useJob } from './use-job.js';

export const STAGES = 'reminder_stages';
const DECISIONS = 'reminder_decisions';
export const STAGE_COLUMNS = 'name,category,offset_days,channel,active';
export const DECISION_COLUMNS = 'day,member,stage,decision,reason,debts,total,decided_at';


interface StageRow {
  _id: number;
  name: string;
}

/** Every stage, for the filters and pickers (a handful: read whole). */
export function useStages() {
  const { core } = useHost();
  const view = useQuery<StageRow[]>(core.queries, { path: STAGES, params: { _page: 1, _limit: -1, _sort: 'offset_days' }, resources: [STAGES] });
  return Array.isArray(view.data) ? view.data : [];
}

/** The decisions log's filters: by stage and by decision, on the list's own store. */
function DecisionFilters() {
  const { core } = useHost();
  const store = core.list(DECISIONS);
  const query = useValue(store.query);
  const fields = useValue(core.explainer.resources)[DECISIONS]?.fields ?? [];
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
  job: { _id: number; state: 'queued' | 'running' | 'done' | 'failed' } | null;
  approved?: number;
}

/** "Planear agora" and "Aprovar": each queues a server job, followed here to its end. */
function DecisionActions() {
  const { core } = useHost();
  const connected = useValue(core.realtime.connected);
  const planning = useJob(core);
  const sending = useJob(core);
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const store = core.list(DECISIONS);
  const query = useValue(store.query);
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

/** The stages, then the decisions log (the page's list for the toolbar). */
export function RemindersPanels({ stageEditPath, newStagePath }: { stageEditPath: string; newStagePath: string }) {
  const { core } = useHost();
  useDeclareList(DECISIONS);
  // Stages in the order they come into play; the log newest first (the resource's default).
  useState(() => core.list(STAGES, { sort: core.preferences.sortOrder(STAGES) ?? 'offset_days' }));
  useState(() => core.list(DECISIONS, { sort: core.preferences.sortOrder(DECISIONS) ?? '-created_at' }));
  const mayAct = (useValue(core.explainer.resources)[DECISIONS]?.actions ?? []).some((action) => action.name === 'plan');
  return (
    <>
      <Section title={T.stages} action={{ href: newStagePath, label: T.newStage }} data-collecting-list={STAGES}>
        <ElementSlot tag="associa-resource-list" attrs={{ resource: STAGES, 'edit-path': stageEditPath, label: T.stages, columns: STAGE_COLUMNS }} />
      </Section>
      <Section title={T.decisions} data-collecting-list={DECISIONS}>
        {mayAct && <DecisionActions />}
        <DecisionFilters />
        <ElementSlot tag="associa-resource-list" attrs={{ resource: DECISIONS, label: T.decisions, columns: DECISION_COLUMNS, 'external-actions': 'true' }} />
      </Section>
    </>
  );
}

const Preview = styled.div`
  display: grid;
  gap: ${space(1.5)};
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

interface Rendered {
  recipient: string | null;
  subject: string;
  text: string;
  html: string;
}

/** A stage's message for one member, as the server renders it today (POST reminder_stages/{id}/preview). */
export function StagePreview({ stageId, singular }: { stageId: string | undefined; singular: string }) {
  const { core } = useHost();
  const [member, setMember] = useState<Member | null>(null);
  const [rendered, setRendered] = useState<Rendered | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  async function pick(chosen: Member) {
    setMember(chosen);
    setRendered(null);
    setError(null);
    try {
      const res = await core.http.post<{ data: Rendered }>(`${STAGES}/${encodeURIComponent(stageId!)}/preview`, { member: chosen._id });
      setRendered(res.data.data);
    } catch (e) {
      setError(describeFailure(e, T.previewFailed));
    }
  }

  return (
    <section aria-labelledby={headingId} data-stage-preview>
      <Panel>
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
      </Panel>
    </section>
  );
}
