import { useCallback, useEffect, useId, useState } from 'react';
import { isSilentFailure, listQueryFromString, listQueryString, type Core, type ListQuery } from '../../core/index.js';
import { Button, Input, Label, Select } from '../kit/index.js';
import { ControlRow, Problem } from './bar-parts.js';
import { bulkFailure } from './bulk-request.js';
import { LIST_TEXTS } from './texts.js';
import type { SavedFilter } from '../../core/records.js';

// The server's resource of a person's saved filters (src/server/modules/lists).
const SAVED = 'saved_filters';

interface SavedFiltersProps {
  core: Core;
  resource: string;
  query: ListQuery;
  onApply(patch: Pick<ListQuery, 'search' | 'sort' | 'constraints'>): void;
}

/** 'Filtros guardados': pick one of the person's named filters of this list, save the current ones under a name, delete one. */
export function SavedFilters({ core, resource, query, onApply }: SavedFiltersProps) {
  const ids = { pick: useId(), name: useId() };
  const [saved, setSaved] = useState<SavedFilter[]>([]);
  const [chosen, setChosen] = useState('');
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await core.http.get<{ data: SavedFilter[] }>(SAVED, { params: { _resource: resource, _limit: -1, _sort: 'name' } });
      setSaved(answer.data.data);
    } catch (error) {
      if (!isSilentFailure(error)) setProblem(bulkFailure(error));
    }
  }, [core, resource]);
  useEffect(() => void load(), [load]);

  const pick = (id: string) => {
    setChosen(id);
    const filter = saved.find((s) => String(s._id) === id);
    if (filter) onApply(listQueryFromString(filter.query ?? ''));
  };

  async function save() {
    setProblem(null);
    try {
      const answer = await core.http.post<{ data: SavedFilter }>(SAVED, { resource, name: name.trim(), query: listQueryString(query) });
      setNaming(false);
      setName('');
      await load();
      setChosen(String(answer.data.data._id));
    } catch (error) {
      if (!isSilentFailure(error)) setProblem(bulkFailure(error) || LIST_TEXTS.savedFailed);
    }
  }

  async function remove() {
    setProblem(null);
    try {
      await core.http.delete(`${SAVED}/${encodeURIComponent(chosen)}`);
      setChosen('');
      await load();
    } catch (error) {
      if (!isSilentFailure(error)) setProblem(bulkFailure(error));
    }
  }

  return (
    <ControlRow role="group" aria-label={LIST_TEXTS.savedFilters}>
      {saved.length > 0 && (
        <div>
          <Label htmlFor={ids.pick}>{LIST_TEXTS.savedFilters}</Label>
          <Select id={ids.pick} value={chosen} onChange={(event) => pick(event.target.value)}>
            <option value="">{LIST_TEXTS.chooseSaved}</option>
            {saved.map((s) => (
              <option key={s._id} value={String(s._id)}>
                {s.name}
              </option>
            ))}
          </Select>
        </div>
      )}
      {chosen !== '' && (
        <Button variant="secondary" onClick={() => void remove()}>
          {LIST_TEXTS.deleteSaved}
        </Button>
      )}
      {naming ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <ControlRow>
            <div>
              <Label htmlFor={ids.name}>{LIST_TEXTS.savedName}</Label>
              <Input id={ids.name} value={name} maxLength={100} required autoFocus onChange={(event) => setName(event.target.value)} />
            </div>
            <Button type="submit" disabled={name.trim() === ''}>
              {LIST_TEXTS.save}
            </Button>
            <Button variant="secondary" onClick={() => setNaming(false)}>
              {LIST_TEXTS.cancel}
            </Button>
          </ControlRow>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setNaming(true)}>
          {LIST_TEXTS.saveFilters}
        </Button>
      )}
      {problem && <Problem role="alert">{problem}</Problem>}
    </ControlRow>
  );
}
