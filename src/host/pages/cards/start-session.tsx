// Verify multiple without a session: start one (named and dated, for the minutes) or reopen
// one of the latest, which the server keeps (card_checkins).
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Button, Field, Input, useQuery } from '../../../widgets/kit/index.js';
import { Notice } from '../../../widgets/feature-kit/layout.js';
import { describeFailure } from '../../../widgets/feature-kit/server-message.js';
import type { CardCheckin } from '../../../core/records.js';
import { RESOURCE } from '../../../core/index.js';
import { useHost } from '../../context.js';
import { pathOf, type RouteDef } from '../../routes.js';
import { Panel } from '../../shell/styles.js';
import { Buttons } from '../collecting/layout.js';
import { shownDay } from './session.js';
import { CARDS_TEXTS as T } from './texts.js';

/** YYYY-MM-DD in Lisbon, as the date field and the server keep days. */
const isoDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(at);

export function StartSession({ routes }: { routes: readonly RouteDef[] }) {
  const { core } = useHost();
  const [, navigate] = useLocation();
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
      navigate(pathOf(routes, 'membershipCardVerifyMultiple', { id: created._id }));
    } catch (e) {
      setFailure(describeFailure(e, T.sessionFailed));
      setBusy(false);
    }
  }

  return (
    <>
      <Panel>
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
      </Panel>
      <Panel data-recent-sessions>
        <h2>{T.sessionsRecent}</h2>
        {recent.status === 'loaded' && sessions.length === 0 && <p>{T.sessionsNone}</p>}
        <ul>
          {sessions.map((session) => (
            <li key={session._id}>
              <Link href={pathOf(routes, 'membershipCardVerifyMultiple', { id: session._id })}>{T.sessionOf(session.name ?? '', session.date ? shownDay(session.date) : '')}</Link>
            </li>
          ))}
        </ul>
      </Panel>
    </>
  );
}
