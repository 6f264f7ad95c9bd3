// The application's decision: Aceitar (then a link to the new member), Rejeitar with a reason,
// Desistência. Only while the application is open; the server refuses a second decision (409).
import { useState } from 'react';
import { isSilentFailure } from '../../../core/index.js';
import { acceptApplication, rejectApplication, withdrawApplication } from '../../../core/modules/applications.js';
import { Button, Field, TextArea } from '../../kit/index.js';
import { ConfirmDialog } from '../../feature-kit/confirm-dialog.js';
import { Actions, Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { APPLICATIONS_TEXTS as T } from '../texts.js';

type Asking = 'accept' | 'reject' | 'withdraw' | null;
type Outcome = { kind: 'accepted'; member: number; number: number } | { kind: 'rejected' | 'withdrawn' };

export interface DecisionProps {
  id: string;
  open: boolean;
  /** A member's page, its ':id' left in: the member the accept made opens there. */
  memberPath?: string;
  onDecided(): void;
}

export function Decision({ id, open, memberPath, onDecided }: DecisionProps) {
  const core = useCore();
  const [asking, setAsking] = useState<Asking>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function run(work: () => Promise<Outcome>) {
    setBusy(true);
    setError(null);
    try {
      setOutcome(await work());
      setAsking(null);
      onDecided();
    } catch (e) {
      setAsking(null);
      if (!isSilentFailure(e)) setError(describeFailure(e, T.failed));
    } finally {
      setBusy(false);
    }
  }

  const confirmReject = () => {
    if (reason.trim().length < 3) return setReasonError(T.rejectReasonMissing);
    setReasonError(null);
    void run(async () => {
      await rejectApplication(core.http, id, reason.trim());
      return { kind: 'rejected' };
    });
  };

  return (
    <section aria-label={T.decision} data-decision>
      {outcome?.kind === 'accepted' && (
        <Notice tone="success">
          {T.accepted(outcome.number)}{' '}
          {memberPath && (
            <NavLink path={pathWith(memberPath, { id: outcome.member })} data-new-member>
              {T.openMember}
            </NavLink>
          )}
        </Notice>
      )}
      {outcome && outcome.kind !== 'accepted' && <Notice tone="success">{outcome.kind === 'rejected' ? T.rejected : T.withdrawn}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      {open && !outcome && (
        <Actions>
          <Button onClick={() => setAsking('accept')} disabled={busy}>
            {T.accept}
          </Button>
          <Button variant="danger" onClick={() => setAsking('reject')} disabled={busy}>
            {T.reject}
          </Button>
          <Button variant="secondary" onClick={() => setAsking('withdraw')} disabled={busy}>
            {T.withdraw}
          </Button>
        </Actions>
      )}
      <ConfirmDialog
        open={asking === 'accept'}
        title={T.acceptTitle}
        confirmLabel={T.accept}
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() => void run(async () => ({ kind: 'accepted', ...(await acceptApplication(core.http, id)) }))}
      >
        {T.acceptBody}
      </ConfirmDialog>
      <ConfirmDialog open={asking === 'reject'} title={T.rejectTitle} confirmLabel={T.reject} busy={busy} onCancel={() => setAsking(null)} onConfirm={confirmReject}>
        <Field label={T.rejectReason} hint={T.rejectHint} error={reasonError} required>
          {(control) => <TextArea {...control} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'withdraw'}
        title={T.withdrawTitle}
        confirmLabel={T.withdraw}
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          void run(async () => {
            await withdrawApplication(core.http, id);
            return { kind: 'withdrawn' };
          })
        }
      >
        {T.withdrawBody}
      </ConfirmDialog>
    </section>
  );
}
