// A destructive command that asks why first (annul a payment, annul a treasury document): a
// button that opens a dialog with a required reason, and the server's refusal shown in it.
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { isSilentFailure } from '../../core/index.js';
import { Button, Field, space, TextArea, token } from '../kit/index.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { Notice } from './layout.js';
import { describeFailure } from './server-message.js';

export interface ReasonActionTexts {
  /** The button's and the confirmation's words, e.g. 'Anular pagamento'. */
  action: string;
  title: string;
  body: string;
  reason: string;
  reasonRequired: string;
}

/** `extra`: more of the dialog below the explanation (what else the command can do, and its choice). */
export function ReasonAction({ texts, run, extra }: { texts: ReasonActionTexts; run(reason: string): Promise<unknown>; extra?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!reason.trim()) {
      setError(texts.reasonRequired);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await run(reason.trim());
      setOpen(false);
    } catch (e) {
      if (!isSilentFailure(e)) setFailure(describeFailure(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {texts.action}
      </Button>
      <ConfirmDialog open={open} title={texts.title} confirmLabel={texts.action} busy={busy} onConfirm={() => void confirm()} onCancel={() => setOpen(false)}>
        <p>{texts.body}</p>
        {extra}
        {failure && (
          <Notice tone="error">
            <p>{failure}</p>
          </Notice>
        )}
        <Field label={texts.reason} error={error} required>
          {(control) => (
            <TextArea
              {...control}
              name="reason"
              maxLength={500}
              value={reason}
              disabled={busy}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
      </ConfirmDialog>
    </>
  );
}

const Choice = styled.label`
  display: flex;
  gap: ${space(1)};
  align-items: flex-start;
  margin: 0 0 ${space(2)};
  color: ${token('color-text')};
  input {
    margin-top: 0.2em;
  }
`;

/** A box in a reason dialog that takes the other half along (a payment's receipt, a receipt's payment), for the same reason. */
export function AlsoAnnul({ name, checked, onChange, children }: { name: string; checked: boolean; onChange(checked: boolean): void; children: ReactNode }) {
  return (
    <Choice>
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{children}</span>
    </Choice>
  );
}
