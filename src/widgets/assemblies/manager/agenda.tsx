// The assembly's agenda (ordem de trabalhos): while the assembly is in preparation, its items are
// added, changed, put in order and deleted here; once convened the agenda is what was convened,
// shown with each item's vote and result.
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { ApiError } from '../../../core/index.js';
import { agendaQuery, createAgendaItem, deleteAgendaItem, swapAgendaItems, updateAgendaItem, type AgendaItem, type AgendaItemInput } from '../../../core/modules/assemblies.js';
import { Button, Loading, space, token, useQuery } from '../../kit/index.js';
import { ConfirmDialog } from '../../feature-kit/confirm-dialog.js';
import { Buttons } from '../../feature-kit/groups.js';
import { Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { ASSEMBLY_WORDS as W, MANAGER_TEXTS as T } from '../texts.js';
import { ItemForm, type FieldErrors } from './item-form.js';
import { useFocusWhenDrawn } from './use-focus-when-drawn.js';

const List = styled.ol`
  list-style: none;
  margin: 0 0 ${space(2)};
  padding: 0;
  & > li {
    padding: ${space(1.5)} 0;
    border-bottom: 1px solid ${token('color-border')};
  }
  & > li:first-child {
    padding-top: 0;
  }
  h3 {
    margin: 0 0 ${space(0.5)};
    font-size: 1.05rem;
    overflow-wrap: anywhere;
  }
  h3:focus {
    outline: 2px solid ${token('color-primary')};
    outline-offset: 2px;
  }
  p {
    margin: 0 0 ${space(0.75)};
    overflow-wrap: anywhere;
  }
`;

const Meta = styled.p`
  color: ${token('color-text-muted')};
  font-size: 0.925em;
`;

const Description = styled.p`
  white-space: pre-line;
`;

const Result = styled.p<{ $approved: boolean }>`
  font-weight: 600;
  color: ${({ $approved }) => ($approved ? '#05603a' : token('color-danger'))};
`;

/** "Maioria: pelo menos 2/3 dos presentes", in words. */
function majorityText(item: AgendaItem): string {
  if (item.majority === 'custom' && item.custom_num && item.custom_den && item.custom_base) {
    return T.majorityOf(T.customMajority(item.custom_num, item.custom_den, W.customBase[item.custom_base]));
  }
  return item.majority ? T.majorityOf(W.majority[item.majority]) : '';
}

/** The server's messages per field of a refused write (422). */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const errors = (error.data as { errors?: Record<string, unknown> } | null)?.errors;
  if (!errors) return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

type Editing = null | 'new' | number;
type Outcome = { tone: 'success' | 'error'; text: string } | null;

export interface AgendaProps {
  assemblyId: string;
  /** The agenda may change (the assembly is in preparation). */
  editable: boolean;
}

export function Agenda({ assemblyId, editable }: AgendaProps) {
  const core = useCore();
  const view = useQuery<AgendaItem[]>(core.queries, agendaQuery(assemblyId));
  const items = [...(view.data ?? [])].sort((a, b) => a.position - b.position || a._id - b._id);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<AgendaItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const focusWhenDrawn = useFocusWhenDrawn();
  const host = useRef<HTMLDivElement>(null);
  const find = (selector: string) => () => host.current?.querySelector<HTMLElement>(selector) ?? null;

  // Convened meanwhile (in another tab): nothing stays half-edited.
  useEffect(() => {
    if (!editable) setEditing(null);
  }, [editable]);

  async function write(work: () => Promise<string>, then: () => HTMLElement | null): Promise<boolean> {
    setBusy(true);
    setOutcome(null);
    setServerErrors({});
    try {
      const text = await work();
      setOutcome({ tone: 'success', text });
      focusWhenDrawn(then);
      return true;
    } catch (e) {
      const errors = fieldErrorsOf(e);
      setServerErrors(errors);
      setOutcome({ tone: 'error', text: describeFailure(e) });
      if (Object.keys(errors).length === 0) focusWhenDrawn(find('[data-agenda-outcome]'));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const create = async (input: AgendaItemInput) => {
    const position = items.reduce((max, item) => Math.max(max, item.position), 0) + 1;
    let id = 0;
    const ok = await write(async () => {
      id = (await createAgendaItem(core, assemblyId, position, input))._id;
      return T.added(input.title);
    }, () => find(`[data-item="${id}"] h3`)());
    if (ok) setEditing(null);
  };

  const update = async (item: AgendaItem, input: AgendaItemInput) => {
    const ok = await write(async () => {
      await updateAgendaItem(core, item._id, input);
      return T.saved(input.title);
    }, find(`[data-item="${item._id}"] h3`));
    if (ok) setEditing(null);
  };

  // Two items trade places: each takes the other's position.
  const move = (index: number, by: -1 | 1) => {
    const item = items[index];
    const other = items[index + by];
    if (!item || !other) return;
    const landing = index + by;
    const direction = by < 0 ? 'up' : 'down';
    const atEnd = (by < 0 && landing === 0) || (by > 0 && landing === items.length - 1);
    void write(async () => {
      await swapAgendaItems(core, item, other, items.map((candidate) => candidate.position));
      return T.moved(item.title, landing + 1);
      // Once the list read again shows the item in its new place (a node moved loses the focus).
    }, find(`li:nth-child(${landing + 1})[data-item="${item._id}"] ${atEnd ? 'h3' : `[data-move="${direction}"]`}`));
  };

  const remove = async () => {
    const item = removing;
    if (!item) return;
    const index = items.findIndex((candidate) => candidate._id === item._id);
    const next = items[index + 1] ?? items[index - 1];
    await write(async () => {
      // The dialog closes before the focus moves on: closing gives the focus back to its opener.
      try {
        await deleteAgendaItem(core, item._id);
      } finally {
        setRemoving(null);
      }
      return T.removed(item.title);
    }, find(next ? `[data-item="${next._id}"] h3` : '[data-add-item]'));
  };

  if (view.status === 'loading' || view.status === 'idle') return <Loading />;
  if (view.status !== 'loaded') {
    return (
      <Notice tone="error">
        <p>{describeFailure(view.error, T.agendaLoadFailed)}</p>
      </Notice>
    );
  }

  return (
    <div ref={host} data-agenda={editable ? 'editable' : 'frozen'}>
      {!editable && items.length > 0 && <Meta>{T.agendaFrozen}</Meta>}
      {items.length === 0 && <p data-agenda-empty>{editable ? T.agendaEmpty : T.agendaEmptyFrozen}</p>}
      {items.length > 0 && (
        <List>
          {items.map((item, index) => (
            <li key={item._id} data-item={item._id}>
              {editing === item._id ? (
                <ItemForm
                  item={item}
                  heading={T.editTitle(index + 1)}
                  submitLabel={T.save}
                  busy={busy}
                  serverErrors={serverErrors}
                  onSubmit={(input) => void update(item, input)}
                  onCancel={() => {
                    setEditing(null);
                    setServerErrors({});
                    focusWhenDrawn(find(`[data-item="${item._id}"] [data-edit]`));
                  }}
                />
              ) : (
                <>
                  <h3 tabIndex={-1}>
                    {T.point(index + 1)}. {item.title}
                  </h3>
                  {item.description && <Description>{item.description}</Description>}
                  <Meta data-majority>
                    {majorityText(item)}
                    {item.secret ? ` · ${T.secretBadge}` : ''}
                  </Meta>
                  {!editable && <ItemResult item={item} />}
                  {editable && (
                    <Buttons>
                      <Button variant="secondary" onClick={() => setEditing(item._id)} disabled={busy || editing !== null} aria-label={T.editNamed(item.title)} data-edit>
                        {T.edit}
                      </Button>
                      {index > 0 && (
                        <Button variant="secondary" onClick={() => move(index, -1)} disabled={busy || editing !== null} aria-label={T.upNamed(item.title)} data-move="up">
                          {T.up}
                        </Button>
                      )}
                      {index < items.length - 1 && (
                        <Button variant="secondary" onClick={() => move(index, 1)} disabled={busy || editing !== null} aria-label={T.downNamed(item.title)} data-move="down">
                          {T.down}
                        </Button>
                      )}
                      <Button variant="danger" onClick={() => setRemoving(item)} disabled={busy || editing !== null} aria-label={T.removeNamed(item.title)} data-remove>
                        {T.remove}
                      </Button>
                    </Buttons>
                  )}
                </>
              )}
            </li>
          ))}
        </List>
      )}
      {outcome && (
        <div tabIndex={-1} data-agenda-outcome={outcome.tone}>
          <Notice tone={outcome.tone}>
            <p>{outcome.text}</p>
          </Notice>
        </div>
      )}
      {editable && editing === 'new' && (
        <ItemForm
          heading={T.addTitle}
          submitLabel={T.create}
          busy={busy}
          serverErrors={serverErrors}
          onSubmit={(input) => void create(input)}
          onCancel={() => {
            setEditing(null);
            setServerErrors({});
            focusWhenDrawn(find('[data-add-item]'));
          }}
        />
      )}
      {editable && editing !== 'new' && (
        <Buttons>
          <Button
            onClick={() => {
              setOutcome(null);
              setEditing('new');
            }}
            disabled={busy || editing !== null}
            data-add-item
          >
            {T.add}
          </Button>
        </Buttons>
      )}
      <ConfirmDialog open={removing !== null} title={T.removeTitle} confirmLabel={T.remove} busy={busy} onCancel={() => setRemoving(null)} onConfirm={() => void remove()}>
        <p>{removing ? T.removeConfirm(removing.title) : ''}</p>
      </ConfirmDialog>
    </div>
  );
}

/** An item's vote once the assembly is convened: where it stands, the counts, the result and why. */
function ItemResult({ item }: { item: AgendaItem }) {
  const status = item.vote_status ?? 'pending';
  const counted = item.votes_for != null && item.votes_against != null;
  return (
    <div data-item-result={item.result ?? status}>
      <Meta>{W.voteStatus[status]}</Meta>
      {counted && <p data-votes>{T.votes(item.votes_for ?? 0, item.votes_against ?? 0, item.abstentions ?? 0)}</p>}
      {item.result && <Result $approved={item.result === 'approved'}>{item.result_text || W.result[item.result]}</Result>}
      {item.deliberation && (
        <Description>
          <strong>{T.deliberation}:</strong> {item.deliberation}
        </Description>
      )}
    </div>
  );
}
