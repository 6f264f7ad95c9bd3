// Verify multiple: a general assembly's door. Codes arrive in a row from a keyboard-wedge
// scanner (it types the QR's address and Enter into the focused field) or from the camera;
// each goes to the session on the server (POST card_checkins/{id}/scan), which checks it,
// numbers it and flags a member read twice. The page lists them with the running counts of
// members present and in full rights, and the whole session as a CSV for the minutes.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { RESOURCE } from '../../../core/index.js';
import type { CardCheckin } from '../../../core/records.js';
import { Button, Field, Input, space, token, useRecord } from '../../kit/index.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { downloadBlob } from '../../shared/download.js';
import { Box } from '../layout.js';
import { CARDS_TEXTS as T } from '../texts.js';
import { CameraScanner } from './camera.js';
import { counts, scanState, scanTime, sessionCsv, shownDay, type PendingScan, type Scan } from './session.js';
import { StartSession } from './start-session.js';

const Counters = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  margin: 0 0 ${space(2)};
  div {
    min-width: 10rem;
    padding: ${space(1.5)} ${space(2)};
    border: 1px solid ${token('color-border')};
    border-radius: ${token('radius')};
    background: ${token('color-surface')};
  }
  dt {
    color: ${token('color-text-muted')};
  }
  dd {
    margin: 0;
    font-size: 2.25rem;
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  align-items: flex-start;
  margin: 0 0 ${space(2)};
  form {
    flex: 1 1 20rem;
    max-width: 32rem;
  }
`;

const Muted = styled.p`
  margin: 0 0 ${space(2)};
  color: ${token('color-text-muted')};
`;

const Scans = styled.div`
  margin-top: ${space(3)};
`;

const Flag = styled.strong`
  color: ${token('color-warning-text')};
`;

export interface CardCheckInProps {
  /** The session to show; without it, a new session is started or a recent one reopened. */
  sessionId?: string;
  /**
   * A session's address in the back office, its id optional: '/cartoessocio/verificarVarios/:id?'.
   * Without it (a page of the association's own site) sessions open in place.
   */
  sessionPath?: string;
}

/** Without an id, start a session or reopen one; with one, that session. */
export function CardCheckIn({ sessionId, sessionPath }: CardCheckInProps) {
  // A session opened (or left) in place where no router took the navigation; a new
  // session-id attribute wins over it.
  const [local, setLocal] = useState<{ id: string | null; for: string | undefined } | null>(null);
  const id = local && local.for === sessionId ? local.id : (sessionId ?? null);
  const open = (next: string | null) => setLocal({ id: next, for: sessionId });
  return id ? <CheckinSession key={id} id={id} sessionPath={sessionPath} onNew={() => open(null)} /> : <StartSession sessionPath={sessionPath} onOpen={open} />;
}

function CheckinSession({ id, sessionPath, onNew }: { id: string; sessionPath: string | undefined; onNew(): void }) {
  const core = useCore();
  const session = useRecord<CardCheckin>(core.queries, RESOURCE.cardCheckins, id);
  const [scans, setScans] = useState<Scan[]>([]);
  const [loaded, setLoaded] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [pending, setPending] = useState<PendingScan[]>([]);
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // Readings are sent one at a time, in the order they were read: the server numbers them so.
  const queue = useRef<PendingScan[]>([]);
  const sending = useRef(false);
  const nextKey = useRef(1);

  useEffect(() => {
    let live = true;
    core.http.get<{ data: Scan[] }>(`${RESOURCE.cardCheckins}/${encodeURIComponent(id)}/card_checkin_scans`, { params: { _page: 1, _limit: -1, _sort: 'position' } }).then(
      (res) => {
        if (!live) return;
        // Readings answered while the saved ones were on their way stay, after them.
        const saved = res.data.data;
        const known = new Set(saved.map((scan) => scan._id));
        setScans((current) => [...saved, ...current.filter((scan) => !known.has(scan._id))]);
        setLoaded('loaded');
      },
      () => live && setLoaded('failed'),
    );
    return () => {
      live = false;
    };
  }, [core, id]);

  const drain = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      while (queue.current.length > 0) {
        const next = queue.current[0]!;
        try {
          const scan = await core.queries.action<Scan>(`${RESOURCE.cardCheckins}/${encodeURIComponent(id)}/scan`, { input: next.input }, { invalidates: [] });
          setScans((current) => [...current, scan]);
          setPending((current) => current.filter((p) => p.key !== next.key));
        } catch {
          setPending((current) => current.map((p) => (p.key === next.key ? { ...p, failed: true } : p)));
        }
        queue.current.shift();
      }
    } finally {
      sending.current = false;
    }
  }, [core, id]);

  const send = useCallback(
    (reading: PendingScan) => {
      queue.current.push(reading);
      void drain();
    },
    [drain],
  );

  const add = useCallback(
    (value: string) => {
      const read = value.trim();
      if (!read) return;
      const reading: PendingScan = { key: nextKey.current++, input: read, at: new Date().toISOString(), failed: false };
      setPending((current) => [...current, reading]);
      send(reading);
    },
    [send],
  );

  const retry = (reading: PendingScan) => {
    setPending((current) => current.map((p) => (p.key === reading.key ? { ...p, failed: false } : p)));
    send(reading);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add(typed);
    setTyped('');
    // The scanner types the next code at once: the field keeps the focus.
    input.current?.focus();
  };

  if (session.status === 'notFound') return <Notice tone="error"><p>{T.sessionMissing}</p></Notice>;
  if (session.status === 'failed' || loaded === 'failed') return <Notice tone="error"><p>{T.sessionLoadFailed}</p></Notice>;

  const total = counts(scans);
  const newestFirst = [...scans].reverse();
  const waiting = [...pending].reverse();
  const day = session.record?.date ?? new Date().toISOString().slice(0, 10);

  return (
    <>
      <Box>
        {session.record && <h2 data-session-name>{T.sessionOf(session.record.name ?? '', session.record.date ? shownDay(session.record.date) : '')}</h2>}
        <Counters aria-live="polite" data-counts>
          <div>
            <dt>{T.present}</dt>
            <dd data-count="present">{total.present}</dd>
          </div>
          <div>
            <dt>{T.fullRights}</dt>
            <dd data-count="full-rights">{total.fullRights}</dd>
          </div>
          <div>
            <dt>{T.scans}</dt>
            <dd data-count="scans">{total.scans}</dd>
          </div>
        </Counters>
        <Muted>{T.countsNote}</Muted>
        <Row>
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
          <CameraScanner onCode={add} />
        </Row>
        <Row>
          <Button variant="secondary" onClick={() => downloadBlob(new Blob([sessionCsv(scans)], { type: 'text/csv;charset=utf-8' }), T.csvName(day))} disabled={scans.length === 0}>
            {T.exportCsv}
          </Button>
          {sessionPath ? (
            <NavLink path={pathWith(sessionPath)} data-new-session>
              {T.clear}
            </NavLink>
          ) : (
            <Button variant="secondary" onClick={onNew} data-new-session>
              {T.clear}
            </Button>
          )}
        </Row>
        <Muted>{T.savedOnServer}</Muted>
      </Box>
      <Scans>
        <Box>
          {loaded === 'loaded' && scans.length === 0 && pending.length === 0 ? (
            <Muted>{T.empty}</Muted>
          ) : (
            <TableBox>
              <DataTable>
                <thead>
                  <tr>
                    <th>{T.columns.order}</th>
                    <th>{T.columns.time}</th>
                    <th>{T.columns.name}</th>
                    <th>{T.columns.number}</th>
                    <th>{T.columns.category}</th>
                    <th>{T.columns.state}</th>
                    <th>{T.columns.note}</th>
                  </tr>
                </thead>
                <tbody>
                  {waiting.map((reading) => (
                    <tr key={`p${reading.key}`} data-pending={reading.key} data-result={reading.failed ? 'failed' : 'checking'}>
                      <td />
                      <td>{scanTime(reading.at)}</td>
                      <td>{reading.input}</td>
                      <td />
                      <td />
                      <td data-state>{reading.failed ? T.failed : T.checking}</td>
                      <td>
                        {reading.failed && (
                          <Button variant="secondary" onClick={() => retry(reading)}>
                            {T.retry}
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                  {newestFirst.map((scan) => (
                    <tr key={scan._id} data-scan={scan.position} data-status={scan.status} data-duplicate={scan.duplicate_of !== null ? 'true' : undefined}>
                      <td>{scan.position}</td>
                      <td>{scanTime(scan.at)}</td>
                      <td>{scan.holder || scan.code || scan.input}</td>
                      <td>{scan.number ?? ''}</td>
                      <td>{scan.category ?? ''}</td>
                      <td data-state>{scanState(scan)}</td>
                      <td>{scan.duplicate_of !== null && <Flag>{T.duplicate(scan.duplicate_of)}</Flag>}</td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </TableBox>
          )}
        </Box>
      </Scans>
    </>
  );
}
