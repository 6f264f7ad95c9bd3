// A saved filter of the unpaid list (member_balances) as the audience of notify many: its
// standing, category and years owed fill the element's own choices.
import { useId, useState } from 'react';
import { listQueryFromString } from '../../../core/index.js';
import type { SavedFilter } from '../../../core/records.js';
import { Label, Select, useQuery } from '../../kit/index.js';
import { useCore } from '../../feature-kit/use-core.js';
import { COLLECTING_TEXTS as T } from '../texts.js';

/** What notify many can choose by (POST reminder_stages/{id}/notify); the owing toggle is implied. */
const USED = ['standing', 'category', 'years_owed_gte', 'open_total_gte'];

export interface Audience {
  standing: string;
  category: string;
  years: string;
}

/** 'Filtro guardado': picks one of the person's saved filters of the unpaid list; says what of it cannot be used. */
export function SavedAudience({ onPick }: { onPick(audience: Audience): void }) {
  const core = useCore();
  const id = useId();
  const [chosen, setChosen] = useState('');
  const [ignored, setIgnored] = useState<string[]>([]);
  const saved = useQuery<SavedFilter[]>(core.queries, { path: 'saved_filters', params: { _resource: 'member_balances', _limit: -1, _sort: 'name' }, resources: ['saved_filters'] });
  const filters = Array.isArray(saved.data) ? saved.data : [];
  if (filters.length === 0) return null;
  const pick = (value: string) => {
    setChosen(value);
    const filter = filters.find((f) => String(f._id) === value);
    if (!filter) return;
    const { search, constraints } = listQueryFromString(filter.query ?? '');
    setIgnored([...(search ? ['_search'] : []), ...Object.keys(constraints).filter((key) => !USED.includes(key))]);
    onPick({ standing: String(constraints.standing ?? ''), category: String(constraints.category ?? ''), years: String(constraints.years_owed_gte ?? '') });
  };
  return (
    <div>
      <Label htmlFor={id}>{T.savedAudience}</Label>
      <Select id={id} value={chosen} onChange={(e) => pick(e.target.value)}>
        <option value="">{T.chooseSavedAudience}</option>
        {filters.map((f) => (
          <option key={f._id} value={String(f._id)}>
            {f.name}
          </option>
        ))}
      </Select>
      {ignored.length > 0 && <small role="status">{T.savedAudienceIgnored(ignored)}</small>}
    </div>
  );
}
