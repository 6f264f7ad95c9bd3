// The door of the assembly: a card read by a keyboard-wedge scanner (it types the code and Enter
// into the focused field), a name searched for those without a card, a representation when the
// statutes allow it; then everyone present or represented, newest first, each removable. Each
// check-in goes to the server one at a time, in the order read: it numbers them so.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { attendanceQuery, checkIn, checkOut, type AttendanceRow, type CheckIn, type CheckedIn } from '../../../core/modules/assembly-session.js';
import type { Member } from '../../../core/records.js';
import { Button, Field, Input, Select, space, token, useQuery } from '../../kit/index.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import { Notice } from '../../feature-kit/layout.js';
import { MemberPicker } from '../../feature-kit/member-picker.js';
import { describeFailure, serverMessage } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { shownTime } from './format.js';
import { useMemberNames } from './names.js';
import { SESSION_TEXTS as T } from './texts.js';

const Entry = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr));
  gap: ${space(3)};
  align-items: start;
  margin: 0 0 ${space(2)};
  form {
    display: grid;
    gap: ${space(1)};
    justify-items: start;
  }
`;

const Muted = styled.p`
  margin: 0 0 ${space(1)};
  color: ${token('color-text-muted')};
`;

/**
 * What the person at the door is told about the last check-in. A name is looked up when shown:
 * the members' names may arrive after the answer.
 */
type Outcome = { tone: 'success' | 'warning' | 'error'; text: (nameOf: (id: number) => string) => string };

function outcomeOf(row: CheckedIn): Outcome {
  const named = (nameOf: (id: number) => string) => (row.name ? T.memberNumber(row.number, row.name) : nameOf(row.member));
  // A repeat answers the row as it was: its time is when they were first registered.
  if (row.repeated) return { tone: 'warning', text: (nameOf) => T.repeated(named(nameOf), shownTime(row.at)) };
  return { tone: 'success', text: (nameOf) => T.checkedIn(named(nameOf)) };
}

const said = (tone: Outcome['tone'], text: string): Outcome => ({ tone, text: () => text });

export function Attendance({ assembly, proxies, proxyMax, singular, open }: { assembly: number; proxies: boolean; proxyMax: number; singular: string; open: boolean }) {
  const core = useCore();
  const list = useQuery<AttendanceRow[]>(core.queries, attendanceQuery(assembly));
  const rows = Array.isArray(list.data) ? list.data : [];
  const nameOf = useMemberNames(rows);
  const [typed, setTyped] = useState('');
  const [representative, setRepresentative] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [waiting, setWaiting] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  // Each pick gives a fresh, empty search (the next person at the door is someone else), focused.
  const [picks, setPicks] = useState(0);
  const byName = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (picks > 0) byName.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
  }, [picks]);
  // Readings go one after another, in the order read.
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const send = (body: CheckIn, label: string) => {
    setWaiting((n) => n + 1);
    chain.current = chain.current.then(async () => {
      try {
        const row = await checkIn(core, assembly, body);
        setOutcome(row ? outcomeOf(row) : said('success', T.checkedIn(label)));
      } catch (error) {
        // The server's refusals name the associate; a failure without words names what was read.
        setOutcome(said('error', serverMessage(error) ?? `${label}: ${describeFailure(error, T.checkInFailed)}`));
      } finally {
        setWaiting((n) => n - 1);
      }
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = typed.trim();
    setTyped('');
    // The scanner types the next code at once: the field keeps the focus.
    input.current?.focus();
    if (read) send({ input: read }, read);
  };

  const pick = (member: Member) => {
    const by = Number(representative);
    send(by > 0 ? { member: member._id, represented_by: by } : { member: member._id }, T.memberNumber(member.number, member.name));
    setRepresentative('');
    setPicks((n) => n + 1);
  };

  const remove = async (row: AttendanceRow) => {
    const name = nameOf(row.member);
    try {
      await checkOut(core, assembly, row.member);
      setOutcome(said('success', T.removed(name)));
    } catch (error) {
      setOutcome(said('error', describeFailure(error, T.removeFailed)));
    }
  };

  // Who may represent: someone present in person, below the number they may represent.
  const representing = new Map<number, number>();
  for (const row of rows) if (row.represented_by !== null) representing.set(row.represented_by, (representing.get(row.represented_by) ?? 0) + 1);
  const representatives = rows.filter((row) => row.via !== 'proxy' && (representing.get(row.member) ?? 0) < proxyMax);

  return (
    <section aria-labelledby="attendance-heading" data-attendance>
      <h2 id="attendance-heading">{T.attendanceHeading}</h2>
      {open && (
        <Entry>
          <form onSubmit={submit} noValidate data-scan-form>
            <Field label={T.scanLabel} hint={T.scanHint}>
              {(control) => (
                <Input
                  {...control}
                  ref={input}
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  autoFocus
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                />
              )}
            </Field>
            <Button type="submit">{T.scanAdd}</Button>
          </form>
          <div data-by-name ref={byName}>
            <Muted>{T.byName}</Muted>
            {proxies && (
              <Field label={T.representedBy} hint={T.representedHint(proxyMax)}>
                {(control) => (
                  <Select {...control} value={representative} onChange={(e) => setRepresentative(e.target.value)} data-represented-by>
                    <option value="">{T.inPerson}</option>
                    {representatives.map((row) => (
                      <option key={row.member} value={String(row.member)}>
                        {nameOf(row.member)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            )}
            <MemberPicker key={picks} singular={singular} onPick={pick} />
          </div>
        </Entry>
      )}
      <div aria-live="polite" data-outcome>
        {waiting > 0 && <Muted>{T.checking}</Muted>}
        {outcome && (
          <Notice tone={outcome.tone}>
            <p>{outcome.text(nameOf)}</p>
          </Notice>
        )}
      </div>
      {list.status === 'failed' ? (
        <Notice tone="error"><p>{T.loadFailed}</p></Notice>
      ) : list.status === 'loaded' && rows.length === 0 ? (
        <Muted>{T.listEmpty}</Muted>
      ) : (
        <>
          <Muted data-attendance-count>{T.listCount(rows.length)}</Muted>
          <TableBox>
            <DataTable>
              <thead>
                <tr>
                  <th>{T.columns.order}</th>
                  <th>{T.columns.time}</th>
                  <th>{T.columns.name}</th>
                  <th>{T.columns.via}</th>
                  <th>{T.columns.vote}</th>
                  {open && <th>{T.columns.actions}</th>}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row._id} data-attendee={row.member} data-via={row.via}>
                    <td>{row.position}</td>
                    <td>{shownTime(row.at)}</td>
                    <td>{nameOf(row.member)}</td>
                    <td data-via-text>{T.via(row.via, nameOf(row.represented_by))}</td>
                    <td>{row.has_vote ? T.withVote : T.withoutVote}</td>
                    {open && (
                      <td>
                        <Button variant="secondary" onClick={() => void remove(row)} aria-label={T.removeLabel(nameOf(row.member))}>
                          {T.remove}
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </TableBox>
        </>
      )}
    </section>
  );
}
