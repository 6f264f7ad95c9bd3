// Above the applications list: accept the applications picked in it, each in its own
// transaction (accept_many); what the server refuses is listed with its reason.
import { useEffect, useState } from 'react';
import { isSilentFailure, RESOURCE } from '../../../core/index.js';
import { acceptApplications, type AcceptedMany } from '../../../core/modules/applications.js';
import { Button } from '../../kit/index.js';
import { Actions, Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { APPLICATIONS_TEXTS as T } from '../texts.js';

interface Selection {
  resource: string;
  ids: number[];
  all: boolean;
}

/** The applications picked in a list of the page (its `associa-selection` events, which cross shadow roots). */
function usePickedApplications(): number[] {
  const [picked, setPicked] = useState<number[]>([]);
  useEffect(() => {
    // "Every match" is no list of applications to accept one by one.
    const onSelection = (event: Event) => {
      const detail = (event as CustomEvent<Selection>).detail;
      if (detail?.resource === RESOURCE.memberApplications) setPicked(detail.all ? [] : detail.ids);
    };
    document.addEventListener('associa-selection', onSelection);
    return () => document.removeEventListener('associa-selection', onSelection);
  }, []);
  return picked;
}

export function AcceptSelected() {
  const core = useCore();
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
      // The list, its badge and the members: what was accepted changed them all.
      core.queries.invalidate(RESOURCE.memberApplications);
    } catch (e) {
      if (!isSilentFailure(e)) setError(describeFailure(e, T.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-accept-selected>
      <Actions>
        <Button onClick={() => void accept()} disabled={busy || picked.length === 0} title={picked.length === 0 ? T.acceptSelectedHint : undefined}>
          {T.acceptSelected(picked.length)}
        </Button>
      </Actions>
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
