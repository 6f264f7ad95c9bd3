// "Declaração modelo 25": the year's donations as the CSV the accountant declares them from
// (GET donations/modelo25?year=), fetched with the session's token.
import { useId, useState } from 'react';
import { Button, Input } from '../../kit/index.js';
import { FilterGroup, Buttons } from '../../feature-kit/groups.js';
import { Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { downloadFile } from '../../shared/download.js';
import { DONATIONS } from '../api.js';
import { TREASURY_TEXTS as T } from '../texts.js';

export function Modelo25Download() {
  const core = useCore();
  const id = useId();
  // The declaration is delivered in February for the year before.
  const [year, setYear] = useState(String(new Date(core.clock.now()).getFullYear() - 1));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(core, `${core.api}/${DONATIONS}/modelo25?year=${encodeURIComponent(year)}`, `modelo25-donativos-${year}.csv`, 'text/csv');
    } catch (e) {
      setError(describeFailure(e, T.modelo25Failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FilterGroup data-modelo25>
      <legend>{T.modelo25}</legend>
      <Buttons>
        <label htmlFor={id}>{T.modelo25Year}</label>
        <Input id={id} type="number" min={2000} max={2999} value={year} onChange={(e) => setYear(e.target.value)} style={{ maxWidth: '7rem' }} />
        <Button variant="secondary" onClick={() => void download()} disabled={busy}>
          {T.modelo25Download}
        </Button>
      </Buttons>
      {error && (
        <Notice tone="error">
          <p>{error}</p>
        </Notice>
      )}
    </FilterGroup>
  );
}
