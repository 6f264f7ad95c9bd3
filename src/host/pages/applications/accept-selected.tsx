// Above the applications list: accept the applications picked in it, each in its own
// transaction (accept_many); what the server refuses is listed with its reason.
import { useEffect, useState } from 'react';
import { RESOURCE, isSilentFailure } from '../../../core/index.js';
import { acceptApplications, type AcceptedMany } from '../../../core/modules/applications.js';
import { Button } from '../../../widgets/kit/index.js';
import { Notice } from '../../../widgets/feature-kit/layout.js';
import { describeFailure } from '../../../widgets/feature-kit/server-message.js';
import { useHost } from '../../context.js';
import { Buttons } from '../collecting/layout.js';
import { APPLICATIONS_TEXTS as T } from './texts.js';

/** The applications picked in the list below (its `associa-selection` events). */
function usePickedApplications(): number[] {
  const [picked, setPicked] = useState<number[]>([]);
  useEffect(() => {
    // "Every match" is no list of applications to accept one by one.
    const onSelection = (event: CustomEvent<{ resource: string; ids: number[]; all: boolean }>) => {
      if (event.detail.resource === RESOURCE.memberApplications) setPicked(event.detail.all ? [] : event.detail.ids);
    };
    document.addEventListener('associa-selection', onSelection);
    return () => document.removeEventListener('associa-selection', onSelection);
  }, []);
  return picked;
}

export function AcceptSelected() {
  const { core } = useHost();
  const picked = usePickedApplications();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AcceptedMany | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function accept() {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await acceptApplications(core.http, picked));
    } catch (e) {
      if (!isSilentFailure(e)) setError(describeFailure(e, T.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-accept-selected>
      <Buttons>
        <Button onClick={() => void accept()} disabled={busy || picked.length === 0} title={picked.length === 0 ? T.acceptSelectedHint : undefined}>
          {T.acceptSelected(picked.length)}
        </Button>
      </Buttons>
      {error && <Notice tone="error">{error}</Notice>}
      {result && result.accepted.length > 0 && <Notice tone="success">{T.acceptedMany(result.accepted.length)}</Notice>}
      {result && result.refused.length > 0 && (
        <Notice tone="warning">
          <ul>
            {result.refused.map((r) => (
              <li key={r.id}>{T.refused(r.id, r.message)}</li>
            ))}
          </ul>
        </Notice>
      )}
    </div>
  );
}
