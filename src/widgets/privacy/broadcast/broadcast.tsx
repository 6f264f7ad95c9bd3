// "Enviar mensagem aos sócios": a message for a declared purpose to the members chosen by state
// and fee category. Before sending, the server counts (dry run) how many receive it and how many
// are left out and why; sending queues the messages under one batch key (a repeat queues nothing
// twice), followed on the jobs topic when it is large.
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { FeeCategory, MemberState } from '../../../core/records.js';
import { Button, Input, Label, Select, space, TextArea, token, useQuery, useSignalValue } from '../../kit/index.js';
import { batchKey, BatchSent, type SendOutcome } from '../../feature-kit/batch-send.js';
import { Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { useJob } from '../../shared/use-job.js';
import { broadcast, fieldErrorsOf, type BroadcastAnswer } from '../consent-api.js';
import { broadcastSummary, CONSENT_TEXTS } from '../consent-texts.js';

const T = CONSENT_TEXTS.broadcast;

interface Purpose {
  _id: number;
  key: string;
  name: string;
}

const Form = styled.div`
  display: grid;
  gap: ${space(2)};
  max-width: 48rem;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  & > div {
    flex: 1 1 14rem;
  }
`;

const Hint = styled.small`
  display: block;
`;

const FieldError = styled.small`
  display: block;
  color: ${token('color-danger')};
`;

export interface MemberBroadcastProps {
  /** The messages list's route (`/mensagens`): "Ver as mensagens" after sending. */
  messagesPath?: string;
}

export function MemberBroadcast({ messagesPath }: MemberBroadcastProps) {
  const core = useCore();
  const id = useId();
  const connected = useSignalValue(core.realtime.connected);
  const job = useJob(core);
  const purposesView = useQuery<Purpose[]>(core.queries, { path: 'consent_purposes', params: { _page: 1, _limit: -1, _active: 1, _sort: 'name' }, resources: ['consent_purposes'] });
  const statesView = useQuery<MemberState[]>(core.queries, { path: 'member_states', params: { _page: 1, _limit: -1 }, resources: ['member_states'] });
  const categoriesView = useQuery<FeeCategory[]>(core.queries, { path: 'fee_categories', params: { _page: 1, _limit: -1, _sort: 'name' }, resources: ['fee_categories'] });
  const purposes = Array.isArray(purposesView.data) ? purposesView.data : [];
  const [purpose, setPurpose] = useState('');
  const [state, setState] = useState('');
  const [category, setCategory] = useState('');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [count, setCount] = useState<BroadcastAnswer | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const [pending, setPending] = useState(false);
  const key = useRef<string | null>(null);

  // Any change is a new message: counted again, under a new batch key.
  const changed = <V,>(set: (value: V) => void) => (value: V) => {
    set(value);
    setCount(null);
    setOutcome(null);
    key.current = null;
  };

  const request = (dryRun: boolean): Record<string, unknown> => {
    key.current ??= batchKey();
    const query = new URLSearchParams();
    if (state) query.set('_state', state);
    if (category) query.set('_fee_category', category);
    return { batch_key: key.current, purpose, subject, body: text, query: query.toString(), dry_run: dryRun };
  };

  async function run(dryRun: boolean) {
    setPending(true);
    setOutcome(null);
    setErrors({});
    if (!dryRun) job.starting();
    try {
      const answer = await broadcast(core, request(dryRun));
      if (dryRun) setCount(answer);
      else {
        setCount(null);
        if (answer.job) job.follow(answer.job);
        else {
          job.reset();
          setOutcome({ tone: 'success', text: T.sent(answer.queued ?? 0) });
        }
      }
    } catch (e) {
      job.reset();
      setErrors(fieldErrorsOf(e));
      setOutcome({ tone: 'error', text: describeFailure(e, dryRun ? T.countFailed : T.failed) });
    } finally {
      setPending(false);
    }
  }

  const purposeName = purposes.find((p) => p.key === purpose)?.name ?? purpose;
  const busy = pending || job.view.phase === 'starting' || job.view.phase === 'running';
  const ready = Boolean(purpose && subject.trim() && text.trim());
  const error = (name: string) => (errors[name] ? <FieldError id={`${id}-${name}-error`}>{errors[name]}</FieldError> : null);
  return (
    <Form data-member-broadcast>
      <p>{T.lead}</p>
      <div>
        <Label htmlFor={`${id}-purpose`}>{T.purpose}</Label>
        <Select id={`${id}-purpose`} value={purpose} onChange={(e) => changed(setPurpose)(e.target.value)}>
          <option value="">{T.choosePurpose}</option>
          {purposes.map((p) => (
            <option key={p.key} value={p.key}>
              {p.name}
            </option>
          ))}
        </Select>
        {error('purpose')}
      </div>
      <fieldset>
        <legend>{T.who}</legend>
        <Row>
          <div>
            <Label htmlFor={`${id}-state`}>{T.state}</Label>
            <Select id={`${id}-state`} value={state} onChange={(e) => changed(setState)(e.target.value)}>
              <option value="">{T.allStates}</option>
              {(statesView.data ?? []).map((s) => (
                <option key={s._id} value={String(s._id)}>
                  {s.name}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`${id}-category`}>{T.category}</Label>
            <Select id={`${id}-category`} value={category} onChange={(e) => changed(setCategory)(e.target.value)}>
              <option value="">{T.allCategories}</option>
              {(categoriesView.data ?? []).map((c) => (
                <option key={c._id} value={String(c._id)}>
                  {c.name}
                </option>
              ))}
            </Select>
          </div>
        </Row>
        {error('query')}
      </fieldset>
      <div>
        <Label htmlFor={`${id}-subject`}>{T.subject}</Label>
        <Input id={`${id}-subject`} value={subject} maxLength={200} onChange={(e) => changed(setSubject)(e.target.value)} />
        {error('subject')}
      </div>
      <div>
        <Label htmlFor={`${id}-body`}>{T.body}</Label>
        <TextArea id={`${id}-body`} rows={10} value={text} aria-describedby={`${id}-body-hint`} onChange={(e) => changed(setText)(e.target.value)} />
        <Hint id={`${id}-body-hint`}>{T.bodyHint}</Hint>
        {error('body')}
      </div>
      <div>
        <Button disabled={!ready || busy} onClick={() => void run(true)}>
          {pending && !count ? T.counting : T.count}
        </Button>
      </div>
      {count && (
        <Notice tone={count.to_send > 0 ? 'warning' : 'info'}>
          <p data-broadcast-count>{broadcastSummary(count, purposeName)}</p>
          {count.to_send > 0 && (
            <p>
              <Button disabled={busy} onClick={() => void run(false)}>
                {T.send}
              </Button>{' '}
              <Button variant="secondary" onClick={() => setCount(null)}>
                {T.cancel}
              </Button>
            </p>
          )}
        </Notice>
      )}
      <BatchSent job={job.view} connected={connected} texts={{ queued: T.queued, running: T.running, done: T.done, failed: T.failed }} outcome={outcome} messagesPath={messagesPath} seeMessages={T.seeMessages} />
    </Form>
  );
}
