// Verify multiple without a session: start one (named and dated, for the minutes) or reopen
// one of the latest, which the server keeps (card_checkins).
import { useState, type FormEvent } from 'react';
import { RESOURCE } from '../../../core/index.js';
import type { CardCheckin } from '../../../core/records.js';
import { Button, Field, Input, useQuery } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink, useNavigate } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { Box, Buttons } from '../layout.js';
import { CARDS_TEXTS as T } from '../texts.js';
import { shownDay } from './session.js';

/** YYYY-MM-DD in Lisbon, as the date field and the server keep days. */
const isoDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(at);

/**
 * `sessionPath`: a session's address, '/cartoessocio/verificarVarios/:id?'; without it, or where
 * no router takes the navigation (a page of the association's own site), `onOpen` opens it in place.
 */
export function StartSession({ sessionPath, onOpen }: { sessionPath: string | undefined; onOpen(id: string): void }) {
  const core = useCore();
  const navigate = useNavigate();
  const [today] = useState(() => isoDay(new Date()));
  const [name, setName] = useState(() => T.sessionDefaultName(shownDay(today)));
  const [date, setDate] = useState(today);
  const [errors, setErrors] = useState<{ name?: string; date?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const recent = useQuery<CardCheckin[]>(core.queries, { path: RESOURCE.cardCheckins, params: { _page: 1, _limit: 10, _sort: '-created_at' }, resources: [RESOURCE.cardCheckins] });
  const sessions = Array.isArray(recent.data) ? recent.data : [];

  async function start(event: FormEvent) {
    event.preventDefault();
    const missing = { ...(name.trim() ? {} : { name: T.sessionNameMissing }), ...(date ? {} : { date: T.sessionDateMissing }) };
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const created = await core.queries.action<CardCheckin>(RESOURCE.cardCheckins, { name: name.trim(), date });
      if (!sessionPath || !navigate(pathWith(sessionPath, { id: created._id }))) onOpen(String(created._id));
    } catch (e) {
      setFailure(describeFailure(e, T.sessionFailed));
      setBusy(false);
    }
  }

  return (
    <>
      <Box>
        <form onSubmit={(e) => void start(e)} noValidate data-start-session>
          <h2>{T.sessionStart}</h2>
          <Field label={T.sessionName} error={errors.name ?? null} required>
            {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />}
          </Field>
          <Field label={T.sessionDate} error={errors.date ?? null} required>
            {(control) => <Input {...control} type="date" value={date} onChange={(e) => setDate(e.target.value)} />}
          </Field>
          <Buttons>
            <Button type="submit" disabled={busy}>
              {T.sessionCreate}
            </Button>
          </Buttons>
          {failure && (
            <Notice tone="error">
              <p>{failure}</p>
            </Notice>
          )}
        </form>
      </Box>
      <Box data-recent-sessions>
        <h2>{T.sessionsRecent}</h2>
        {recent.status === 'loaded' && sessions.length === 0 && <p>{T.sessionsNone}</p>}
        <ul>
          {sessions.map((session) => (
            <li key={session._id}>
              {sessionPath ? (
                <NavLink path={pathWith(sessionPath, { id: session._id })}>{T.sessionOf(session.name ?? '', session.date ? shownDay(session.date) : '')}</NavLink>
              ) : (
                <Button variant="secondary" onClick={() => onOpen(String(session._id))}>
                  {T.sessionOf(session.name ?? '', session.date ? shownDay(session.date) : '')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </Box>
    </>
  );
}
