// "Imprimir seleção" on the cards list: one PDF of the active cards, all or a fee category's,
// through SPEC 7's GET membership_cards?type. A large selection is a server job with a progress bar.
import { useEffect, useId, useState } from 'react';
import { RESOURCE } from '../../../core/index.js';
import type { FeeCategory } from '../../../core/records.js';
import { Button, Select, useQuery, useSignalValue } from '../../kit/index.js';
import { JobNotice } from '../../feature-kit/job-notice.js';
import { Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { openPdf } from '../../shared/download.js';
import { useJob } from '../../shared/use-job.js';
import { Buttons, FilterGroup } from '../layout.js';
import { CARDS_TEXTS as T } from '../texts.js';

/** A PDF of cards at a short-lived address (SPEC 7's GET membership_cards?type, or its job's answer). */
interface SignedPdf {
  url: string;
  expiresAt: string;
  count?: number;
}

/** A small selection answers its PDF at once; a large one, the job preparing it. */
type PrintAnswer = { data: SignedPdf & { count: number } } | { data: { job: { _id: number; state: 'queued' | 'running' | 'done' | 'failed'; name: string }; count: number } };

const CARDS = RESOURCE.membershipCards;
const FEE_CATEGORIES = 'fee_categories';

/** The option of the rows picked in the list below (its `associa-selection` events). */
const PICKED = 'picked';

function usePickedCards(): number[] {
  const [picked, setPicked] = useState<number[]>([]);
  useEffect(() => {
    // "Every match" is no list of cards: the other choices print those.
    const onSelection = (event: CustomEvent<{ resource: string; ids: number[]; all: boolean }>) => {
      if (event.detail.resource === CARDS) setPicked(event.detail.all ? [] : event.detail.ids);
    };
    document.addEventListener('associa-selection', onSelection);
    return () => document.removeEventListener('associa-selection', onSelection);
  }, []);
  return picked;
}

const PRINT_JOB_TEXTS = { queued: T.printing, running: T.printing, done: T.printing, failed: T.printFailed };

/** "Imprimir seleção": above the cards list, whose picked rows it offers to print. */
export function CardPrint() {
  const core = useCore();
  const id = useId();
  const connected = useSignalValue(core.realtime.connected);
  const [category, setCategory] = useState('');
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState<SignedPdf | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useJob(core);
  const categoriesView = useQuery<FeeCategory[]>(core.queries, { path: FEE_CATEGORIES, params: { _page: 1, _limit: -1, _sort: 'name' }, resources: [FEE_CATEGORIES] });
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
    core.http.get<{ data: SignedPdf & { state: string } }>(`${CARDS}/print/${doneJob}`).then(
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
      const res = await core.http.get<PrintAnswer>(CARDS, { params });
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
