// "Imprimir seleção" on the cards list: one PDF of the active cards, all or a fee category's,
// through SPEC 7's GET membership_cards?type. A large selection is a server job with a progress bar.
import { useEffect, useId, useState } from 'react';
import { Button, Select, useQuery } from '../../../widgets/kit/index.js';
import { Notice } from '../../../widgets/feature-kit/layout.js';
import { describeFailure } from '../../../widgets/feature-kit/server-message.js';
import { useHost, useValue } from '../../context.js';
import { FilterGroup } from '../../shell/styles.js';
import { Buttons, JobNotice } from '../collecting/layout.js';
import { useJob } from '../collecting/use-job.js';
import { openPdf, type PrintAnswer, type SignedPdf } from './pdf.js';
import { CARDS_TEXTS as T } from './texts.js';

interface Category {
  _id: number;
  name: string;
}

/** The option of the rows picked in the list below (its `associa-selection` events). */
const PICKED = 'picked';

function usePickedCards(): number[] {
  const [picked, setPicked] = useState<number[]>([]);
  useEffect(() => {
    // "Every match" is no list of cards: the other choices print those.
    const onSelection = (event: CustomEvent<{ resource: string; ids: number[]; all: boolean }>) => {
      if (event.detail.resource === 'membership_cards') setPicked(event.detail.all ? [] : event.detail.ids);
    };
    document.addEventListener('associa-selection', onSelection);
    return () => document.removeEventListener('associa-selection', onSelection);
  }, []);
  return picked;
}

const PRINT_JOB_TEXTS = { queued: T.printing, running: T.printing, done: T.printing, failed: T.printFailed };

export function PrintSelection() {
  const { core } = useHost();
  const id = useId();
  const connected = useValue(core.realtime.connected);
  const [category, setCategory] = useState('');
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState<SignedPdf | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useJob(core);
  const categoriesView = useQuery<Category[]>(core.queries, { path: 'fee_categories', params: { _page: 1, _limit: -1, _sort: 'name' }, resources: ['fee_categories'] });
  const categories = Array.isArray(categoriesView.data) ? categoriesView.data : [];
  const picked = usePickedCards();
  // The picked cards' choice goes when nothing is picked any more.
  useEffect(() => {
    if (picked.length === 0 && category === PICKED) setCategory('');
  }, [picked, category]);

  const show = (pdf: SignedPdf) => {
    setReady(pdf);
    openPdf(core, pdf.url, `cartoes-${pdf.count ?? ''}.pdf`).catch((e: unknown) => setError(describeFailure(e, T.printFailed)));
  };

  // A job's PDF: its address is asked for once the job says it is done.
  const doneJob = job.view.phase === 'done' ? job.view.job : null;
  useEffect(() => {
    if (doneJob === null) return;
    core.http.get<{ data: SignedPdf & { state: string } }>(`membership_cards/print/${doneJob}`).then(
      (res) => {
        job.reset();
        show(res.data.data);
      },
      (e: unknown) => setError(describeFailure(e, T.printFailed)),
    );
    // `show` and `job` are new every render: the job's id is what starts this.
  }, [doneJob, core]);

  async function print() {
    setBusy(true);
    setError(null);
    setReady(null);
    const params = category === PICKED ? { type: 'ids', ids: picked.join(',') } : category ? { type: 'category', category } : { type: 'active' };
    try {
      const res = await core.http.get<PrintAnswer>('membership_cards', { params });
      const data = res.data.data;
      if ('job' in data) {
        job.starting();
        job.follow(data.job);
      } else show(data);
    } catch (e) {
      setError(describeFailure(e, T.printFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FilterGroup data-print-selection>
      <legend>{T.printSelection}</legend>
      <Buttons>
        <label htmlFor={id}>{T.printWhich}</label>
        <Select id={id} value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">{T.printAll}</option>
          {picked.length > 0 && <option value={PICKED}>{T.printPicked(picked.length)}</option>}
          {categories.map((c) => (
            <option key={c._id} value={String(c._id)}>
              {T.printCategory(c.name)}
            </option>
          ))}
        </Select>
        <Button onClick={() => void print()} disabled={busy}>
          {busy ? T.printing : T.printSelection}
        </Button>
      </Buttons>
      <JobNotice view={job.view} texts={PRINT_JOB_TEXTS} connected={connected} />
      {ready && (
        <Notice tone="success">
          <p>
            {T.printReady(ready.count ?? 0)}{' '}
            <Button variant="secondary" onClick={() => show(ready)}>
              {T.printOpen}
            </Button>
          </p>
        </Notice>
      )}
      {error && <Notice tone="error"><p>{error}</p></Notice>}
    </FilterGroup>
  );
}
