// On /configuracaoTesouraria, below the settings: each series' next number this year, which an
// administrator may move forward (to carry on from a paper receipt book); never back to or below
// a number already issued, which the server refuses in pt-PT.
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ROLE } from '../../../core/index.js';
import { Button, ErrorState, Input, Loading, space, useQuery, useSignalValue } from '../../kit/index.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import { Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { SERIES } from '../api.js';
import { TREASURY_TEXTS as T } from '../texts.js';

interface SeriesState {
  type: string;
  label: string;
  year: number;
  prefix: string;
  last_number: number;
  next: number;
}

const Inline = styled.form`
  display: flex;
  gap: ${space(1)};
  align-items: center;
  input {
    max-width: 8rem;
  }
`;

function NextNumber({ series }: { series: SeriesState }) {
  const core = useCore();
  const [typed, setTyped] = useState(String(series.next));
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = Number(typed);
    if (!/^\d+$/.test(typed.trim()) || next < 1) {
      setMessage({ tone: 'error', text: T.seriesNextInvalid });
      return;
    }
    setBusy(true);
    setMessage(null);
    core.queries
      .action(`${SERIES}/${series.type}/${series.year}`, { next }, { method: 'PUT', invalidates: [SERIES] })
      .then(
        () => setMessage({ tone: 'success', text: T.seriesSaved(`${series.prefix} ${series.year}/${next}`) }),
        (e: unknown) => setMessage({ tone: 'error', text: describeFailure(e, T.seriesFailed) }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <>
      <Inline onSubmit={submit} data-series={series.type}>
        <Input type="number" min={1} value={typed} onChange={(e) => setTyped(e.target.value)} aria-label={T.seriesNextOf(series.label)} />
        <Button type="submit" disabled={busy}>
          {T.seriesSave}
        </Button>
      </Inline>
      {message && (
        <Notice tone={message.tone}>
          <p>{message.text}</p>
        </Notice>
      )}
    </>
  );
}

/** Each series' next number this year; an administrator may move it forward. Nothing while the treasury is off. */
export function SeriesPanel() {
  const core = useCore();
  const isAdmin = useSignalValue(core.session.claims)?.Role === ROLE.admin;
  const on = useSignalValue(core.settings.hasTreasury);
  // On a page without the host (which reads them at start), the settings are read here.
  useEffect(() => {
    core.settings.ensure().catch(() => undefined);
  }, [core]);
  const view = useQuery<SeriesState[]>(core.queries, on ? { path: SERIES, resources: [SERIES] } : null);
  if (!on) return null;
  return (
    <section aria-labelledby="treasury-series-title" data-treasury-series>
      <h2 id="treasury-series-title">{T.series}</h2>
      <p>{isAdmin ? T.seriesHint : T.seriesHintReadOnly}</p>
      {view.status === 'failed' || view.status === 'notFound' ? (
        <ErrorState message={T.seriesLoadFailed} onRetry={view.refresh} />
      ) : !view.data ? (
        <Loading />
      ) : (
        <TableBox>
          <DataTable>
            <caption hidden>{T.series}</caption>
            <thead>
              <tr>
                <th scope="col">{T.seriesType}</th>
                <th scope="col">{T.seriesLast}</th>
                <th scope="col">{T.seriesNext}</th>
              </tr>
            </thead>
            <tbody>
              {view.data.map((series) => (
                <tr key={series.type}>
                  <th scope="row">{series.label}</th>
                  <td>{series.last_number === 0 ? T.seriesNone : `${series.prefix} ${series.year}/${series.last_number}`}</td>
                  <td>{isAdmin ? <NextNumber key={series.next} series={series} /> : `${series.prefix} ${series.year}/${series.next}`}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableBox>
      )}
    </section>
  );
}
