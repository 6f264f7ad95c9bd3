// The votes of the agenda, item by item: the chair opens one, the table counts hands and types
// the totals, or scans the voters' cards into for, against and abstain in turn (never for a
// secret vote, which keeps totals only), then closes it; the server applies the item's majority
// and words the result, shown approved or rejected.
import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { agendaQuery, castBallot, closeVote, openVote, recordVotes, type AgendaItem, type BallotChoice, type CastAnswer, type VoteCounts } from '../../../core/modules/assembly-session.js';
import { Button, Field, Input, PHONE, space, token, useQuery } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { describeFailure, serverMessage } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { SESSION_TEXTS as T } from './texts.js';

const Items = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${space(2)};
  & > li {
    padding: ${space(2)};
    border: 1px solid ${token('color-border')};
    border-radius: ${token('radius')};
  }
  h3 {
    margin: 0 0 ${space(0.5)};
    font-size: 1.1rem;
  }
  @media ${PHONE} {
    & > li {
      padding: ${space(1.5)};
    }
  }
`;

const Meta = styled.p`
  margin: 0 0 ${space(1)};
  color: ${token('color-text-muted')};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1.5)};
  align-items: flex-end;
  margin: ${space(1)} 0;
  & > div {
    flex: 1 1 7rem;
    max-width: 10rem;
  }
`;

const Toggle = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)};
  margin: ${space(1)} 0;
  button[aria-pressed='true'] {
    outline: 3px solid ${token('color-primary')};
    outline-offset: 1px;
  }
`;

const Result = styled.p<{ $approved: boolean }>`
  margin: ${space(1)} 0 0;
  padding: ${space(1.5)} ${space(2)};
  border: 2px solid;
  border-left-width: 6px;
  border-radius: ${token('radius')};
  font-size: 1.2rem;
  font-weight: 700;
  ${({ $approved }) => ($approved ? 'color: #05603a; background: #ecfdf3; border-color: #12b76a;' : `color: ${token('color-danger')}; background: ${token('color-danger-surface')}; border-color: ${token('color-danger')};`)}
`;

const Tally = styled.p`
  margin: ${space(1)} 0 0;
  font-size: 1.1rem;
  font-variant-numeric: tabular-nums;
`;

export function Votes({ assembly, open }: { assembly: number; open: boolean }) {
  const core = useCore();
  const agenda = useQuery<AgendaItem[]>(core.queries, agendaQuery(assembly));
  const items = Array.isArray(agenda.data) ? agenda.data : [];
  return (
    <section aria-labelledby="votes-heading" data-votes>
      <h2 id="votes-heading">{T.votesHeading}</h2>
      {!open && <Meta>{T.notInSession}</Meta>}
      {agenda.status === 'failed' && <Notice tone="error"><p>{T.agendaFailed}</p></Notice>}
      {agenda.status === 'loaded' && items.length === 0 && <Meta>{T.agendaEmpty}</Meta>}
      <Items>
        {items.map((item) => (
          <li key={item._id} data-item={item._id} data-vote-status={item.vote_status}>
            <ItemVote item={item} open={open} />
          </li>
        ))}
      </Items>
    </section>
  );
}

const whole = (text: string): number | null => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null);

function ItemVote({ item, open }: { item: AgendaItem; open: boolean }) {
  const core = useCore();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [mode, setMode] = useState<'hands' | 'cards'>('hands');
  // The totals of the cards read so far, as the last ballot's answer gave them.
  const [scanned, setScanned] = useState<CastAnswer['totals'] | null>(null);
  const headingId = `item-${item._id}`;

  const act = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
      if (done) setMessage({ tone: 'success', text: done });
    } catch (error) {
      setMessage({ tone: 'error', text: describeFailure(error, T.voteFailed) });
    } finally {
      setBusy(false);
    }
  };

  const counted = item.votes_for !== null || item.votes_against !== null || item.abstentions !== null;
  const tally = counted ? { votes_for: item.votes_for ?? 0, votes_against: item.votes_against ?? 0, abstentions: item.abstentions ?? 0 } : scanned;
  return (
    <div role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>{T.itemHeading(item.position, item.title)}</h3>
      <Meta>
        {T.majority[item.majority]} · <span data-status-text>{T.status[item.vote_status]}</span>
        {item.secret && ` · ${T.secret}`}
      </Meta>
      {item.vote_status === 'pending' && open && (
        <Button onClick={() => void act(() => openVote(core, item._id))} disabled={busy}>
          {T.openVote}
        </Button>
      )}
      {item.vote_status === 'open' && (
        <>
          {!item.secret && (
            <Toggle role="group" aria-label={T.modeLabel}>
              <Button variant="secondary" aria-pressed={mode === 'hands'} onClick={() => setMode('hands')}>
                {T.modeHands}
              </Button>
              <Button variant="secondary" aria-pressed={mode === 'cards'} onClick={() => setMode('cards')}>
                {T.modeCards}
              </Button>
            </Toggle>
          )}
          {mode === 'cards' && !item.secret ? (
            <>
              <CardBallots item={item} onTotals={setScanned} />
              {tally && <Tally data-tally>{T.tally(tally.votes_for, tally.votes_against, tally.abstentions)}</Tally>}
              <Row>
                <Button onClick={() => void act(() => closeVote(core, item._id))} disabled={busy}>
                  {T.closeVote}
                </Button>
              </Row>
            </>
          ) : (
            <HandCount item={item} busy={busy} act={act} />
          )}
        </>
      )}
      {item.vote_status === 'closed' && (
        <>
          {counted && <Tally data-tally>{T.tally(item.votes_for ?? 0, item.votes_against ?? 0, item.abstentions ?? 0)}</Tally>}
          {item.result_text && (
            <Result $approved={item.result === 'approved'} data-result={item.result ?? ''}>
              {item.result_text}
            </Result>
          )}
        </>
      )}
      <div aria-live="polite">
        {message && (
          <Notice tone={message.tone}>
            <p>{message.text}</p>
          </Notice>
        )}
      </div>
    </div>
  );
}

/** The totals counted by hand, typed; closing saves them first if they were not saved. */
function HandCount({ item, busy, act }: { item: AgendaItem; busy: boolean; act(work: () => Promise<unknown>, done?: string): Promise<void> }) {
  const core = useCore();
  const [values, setValues] = useState({
    votes_for: item.votes_for === null ? '' : String(item.votes_for),
    votes_against: item.votes_against === null ? '' : String(item.votes_against),
    abstentions: item.abstentions === null ? '' : String(item.abstentions),
  });
  const [invalid, setInvalid] = useState(false);
  const fields: { name: keyof VoteCounts; label: string }[] = [
    { name: 'votes_for', label: T.votesFor },
    { name: 'votes_against', label: T.votesAgainst },
    { name: 'abstentions', label: T.abstentions },
  ];

  const counts = (): VoteCounts | null => {
    const votesFor = whole(values.votes_for);
    const against = whole(values.votes_against);
    const abstentions = whole(values.abstentions || '0');
    if (votesFor === null || against === null || abstentions === null) return null;
    return { votes_for: votesFor, votes_against: against, abstentions };
  };
  const saved = (c: VoteCounts) => c.votes_for === item.votes_for && c.votes_against === item.votes_against && c.abstentions === item.abstentions;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const c = counts();
    setInvalid(c === null);
    if (c) void act(() => recordVotes(core, item._id, c), T.countsSaved);
  };

  const close = () => {
    const c = counts();
    setInvalid(c === null);
    if (!c) return;
    void act(async () => {
      if (!saved(c)) await recordVotes(core, item._id, c);
      await closeVote(core, item._id);
    });
  };

  return (
    <form onSubmit={save} noValidate data-hand-count>
      <Row>
        {fields.map((field) => (
          <Field key={field.name} label={field.label} error={invalid && whole(values[field.name] || (field.name === 'abstentions' ? '0' : '')) === null ? T.countInvalid : null}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                value={values[field.name]}
                onChange={(e) => setValues((current) => ({ ...current, [field.name]: e.target.value }))}
                data-count-field={field.name}
              />
            )}
          </Field>
        ))}
      </Row>
      <Row>
        <Button type="submit" variant="secondary" disabled={busy}>
          {T.saveCounts}
        </Button>
        <Button onClick={close} disabled={busy}>
          {T.closeVote}
        </Button>
      </Row>
    </form>
  );
}

/** Cards scanned into the choice in force, one after another. */
function CardBallots({ item, onTotals }: { item: AgendaItem; onTotals(totals: CastAnswer['totals']): void }) {
  const core = useCore();
  const [choice, setChoice] = useState<BallotChoice>('for');
  const [typed, setTyped] = useState('');
  const [last, setLast] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = typed.trim();
    setTyped('');
    input.current?.focus();
    if (!read) return;
    const chosen = choice;
    chain.current = chain.current.then(async () => {
      try {
        const answer = await castBallot(core, item._id, read, chosen);
        if (answer?.totals) onTotals(answer.totals);
        setLast({ tone: 'success', text: T.cast(T.choices[chosen], answer?.ballots?.length ?? 1) });
      } catch (error) {
        setLast({ tone: 'error', text: serverMessage(error) ?? `${read}: ${describeFailure(error, T.castFailed)}` });
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate data-cast-form>
      <Toggle role="group" aria-label={T.choiceLabel}>
        {(Object.keys(T.choices) as BallotChoice[]).map((value) => (
          <Button key={value} variant="secondary" aria-pressed={choice === value} onClick={() => setChoice(value)} data-choice={value}>
            {T.choices[value]}
          </Button>
        ))}
      </Toggle>
      <Field label={T.castLabel} hint={T.castHint}>
        {(control) => <Input {...control} ref={input} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} />}
      </Field>
      <Row>
        <Button type="submit">{T.scanAdd}</Button>
      </Row>
      <div aria-live="polite">
        {last && (
          <Notice tone={last.tone}>
            <p>{last.text}</p>
          </Notice>
        )}
      </div>
    </form>
  );
}
