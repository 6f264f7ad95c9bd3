// Notify many: members chosen by the unpaid list's filters (standing, fee category, years
// owed), a reminder stage's message previewed for the first of them, then sent to all
// (POST reminder_stages/{id}/notify), followed on the jobs topic when it is large.
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { FeeCategory, MemberBalance } from '../../../core/records.js';
import { Button, EmptyState, Input, Label, Select, space, token, useQuery, useSignalValue } from '../../kit/index.js';
import { batchKey, BatchSent, type SendOutcome } from '../../feature-kit/batch-send.js';
import { Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { useDebounced } from '../../shared/use-debounced.js';
import { useJob } from '../../shared/use-job.js';
import { Buttons, FilterGroup } from '../layout.js';
import { previewStage, STAGES, useStages, type QueuedJob, type RenderedMessage } from '../stages.js';
import { COLLECTING_TEXTS as T } from '../texts.js';
import { SavedAudience } from './saved-audience.js';

const Actions = styled(Buttons)`
  margin-top: ${space(2)};
`;

const Pre = styled.pre`
  margin: 0 0 ${space(2)};
  padding: ${space(1.5)};
  white-space: pre-wrap;
  font: inherit;
  background: ${token('color-surface')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

interface NotifyAnswer {
  members: number;
  queued: number | null;
  skipped: number | null;
  job: QueuedJob;
}

export interface NotifyMembersProps {
  /** The terminology's word for members ("Sócios"). */
  plural?: string;
  /** The messages list's route (`/mensagens`): "Ver as mensagens" after sending. */
  messagesPath?: string;
}

export function NotifyMembers({ plural = 'Sócios', messagesPath }: NotifyMembersProps) {
  const core = useCore();
  const id = useId();
  const connected = useSignalValue(core.realtime.connected);
  const [standing, setStanding] = useState('em_atraso');
  const [category, setCategory] = useState('');
  const [years, setYears] = useState('');
  const [yearsApplied, setYearsApplied] = useState('');
  const applyYears = useDebounced(setYearsApplied, 400);
  const [stage, setStage] = useState('');
  const [preview, setPreview] = useState<(RenderedMessage & { who: string }) | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const [pending, setPending] = useState(false);
  const key = useRef<string | null>(null);
  const job = useJob(core);
  const stages = useStages();
  const categoriesView = useQuery<FeeCategory[]>(core.queries, { path: 'fee_categories', params: { _page: 1, _limit: -1, _sort: 'name' }, resources: ['fee_categories'] });
  const categories = Array.isArray(categoriesView.data) ? categoriesView.data : [];
  const params: Record<string, string | number> = { _page: 1, _limit: 1, _sort: 'number', _open_total_gte: 1 };
  if (standing) params._standing = standing;
  if (category) params._category = category;
  if (/^\d+$/.test(yearsApplied)) params._years_owed_gte = Number(yearsApplied);
  const matchedView = useQuery<MemberBalance[]>(core.queries, { path: 'member_balances', params, resources: ['member_balances'] });
  const total = matchedView.meta?.total ?? null;
  const first = Array.isArray(matchedView.data) ? matchedView.data[0] : undefined;

  // A change of selection or message is a new batch, to confirm again.
  const changed = () => {
    setConfirming(false);
    setPreview(null);
    setOutcome(null);
    key.current = null;
  };

  async function showPreview() {
    if (!first || !stage) return;
    setOutcome(null);
    try {
      const rendered = await previewStage(core, stage, Number(first.member), 'notify');
      setPreview({ ...rendered, who: `${first.number ?? ''} ${first.name ?? ''}`.trim() });
    } catch (e) {
      setOutcome({ tone: 'error', text: describeFailure(e, T.previewFailed) });
    }
  }

  async function send() {
    key.current ??= batchKey();
    const body: Record<string, unknown> = { batch_key: key.current };
    if (standing) body.standing = standing;
    if (category) body.category = Number(category);
    if (/^\d+$/.test(yearsApplied)) body.years_owed_gte = Number(yearsApplied);
    setPending(true);
    setOutcome(null);
    job.starting();
    try {
      const answer = await core.queries.action<NotifyAnswer>(`${STAGES}/${encodeURIComponent(stage)}/notify`, body, { invalidates: ['messages'] });
      setConfirming(false);
      if (answer.job) job.follow(answer.job);
      else {
        job.reset();
        setOutcome({ tone: 'success', text: T.notified(answer.queued ?? 0) + (answer.skipped ? ` ${T.notifySkipped(answer.skipped)}` : '') });
      }
    } catch (e) {
      job.reset();
      setOutcome({ tone: 'error', text: describeFailure(e, T.notifyFailed) });
    } finally {
      setPending(false);
    }
  }

  const busy = pending || job.view.phase === 'starting' || job.view.phase === 'running';
  return (
    <div data-notify-many>
      <p>{T.notifyHint(plural)}</p>
      <FilterGroup>
        <legend>{T.filters}</legend>
        <SavedAudience
          onPick={(audience) => {
            setStanding(audience.standing);
            setCategory(audience.category);
            setYears(audience.years);
            setYearsApplied(audience.years);
            changed();
          }}
        />
        <div>
          <Label htmlFor={`${id}-standing`}>{T.standing}</Label>
          <Select id={`${id}-standing`} value={standing} onChange={(e) => { setStanding(e.target.value); changed(); }}>
            <option value="">{T.allStandings}</option>
            <option value="em_atraso">Em atraso</option>
            <option value="em_dia">Em dia</option>
            <option value="isento">Isento</option>
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-category`}>{T.category}</Label>
          <Select id={`${id}-category`} value={category} onChange={(e) => { setCategory(e.target.value); changed(); }}>
            <option value="">{T.allCategories}</option>
            {categories.map((c) => (
              <option key={c._id} value={String(c._id)}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-years`}>{T.yearsOwedFrom}</Label>
          <Input
            id={`${id}-years`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={years}
            onChange={(e) => {
              setYears(e.target.value);
              applyYears(e.target.value);
              changed();
            }}
          />
        </div>
      </FilterGroup>
      <p role="status" data-matched>
        {total === null ? '' : total === 0 ? T.noneMatched : T.matched(total, plural)}
      </p>
      {stages.length === 0 ? (
        <EmptyState message={T.noStages} />
      ) : (
        <>
          <div>
            <Label htmlFor={`${id}-stage`}>{T.template}</Label>
            <Select id={`${id}-stage`} value={stage} onChange={(e) => { setStage(e.target.value); changed(); }}>
              <option value="">{T.chooseTemplate}</option>
              {stages.map((s) => (
                <option key={s._id} value={String(s._id)}>
                  {s.name}
                </option>
              ))}
            </Select>
          </div>
          <Actions>
            <Button variant="secondary" disabled={!stage || !first} onClick={() => void showPreview()}>
              {T.previewOne}
            </Button>
            {!confirming && (
              <Button disabled={!stage || !total || busy} onClick={() => setConfirming(true)}>
                {T.send}
              </Button>
            )}
          </Actions>
        </>
      )}
      {confirming && total ? (
        <Notice tone="warning">
          <p>{T.sendConfirm(total)}</p>
          <Buttons>
            <Button disabled={busy} onClick={() => void send()}>
              {T.confirmSend}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {T.cancel}
            </Button>
          </Buttons>
        </Notice>
      ) : null}
      {preview && (
        <section aria-label={T.previewFor('', preview.who)} data-notify-preview>
          <h2>{T.previewFor('', preview.who)}</h2>
          <p>
            {T.recipient}: {preview.recipient ?? T.noRecipient}
          </p>
          <p>
            {T.subject}: <strong>{preview.subject}</strong>
          </p>
          <Pre>{preview.text}</Pre>
        </section>
      )}
      <BatchSent job={job.view} connected={connected} texts={{ queued: T.sendQueued, running: T.sending, done: T.notifyDone, failed: T.notifyFailed }} outcome={outcome} messagesPath={messagesPath} seeMessages={T.seeMessages} />
    </div>
  );
}
