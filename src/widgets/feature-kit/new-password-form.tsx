import { useState, type FormEvent, type ReactNode } from 'react';
import { isSilentFailure } from '../../core/index.js';
import { Button } from '../kit/index.js';
import { Actions, Notice } from './layout.js';
import { checkPasswordPair, PasswordFields, type PasswordErrors, type PasswordPair } from './password-fields.js';
import { describeFailure } from './server-message.js';
import { FEATURE_TEXTS } from './texts.js';

const EMPTY: PasswordPair = { password: '', confirmation: '' };

export interface NewPasswordFormProps {
  /** Saves the password; a rejection is shown as the server's message. */
  save(password: string): Promise<void>;
  /** After a successful save. */
  onSaved(): void;
  /** The submit button's words. */
  submitLabel: string;
  /** More actions beside the submit button (a link back, a "skip"); told whether a save is running. */
  extraActions?: (busy: boolean) => ReactNode;
  /** Called whenever the user types, e.g. to hide an earlier success notice. */
  onEdit?(): void;
  /** Fields before the new password (the current password); told whether a save is running. */
  before?: (busy: boolean) => ReactNode;
}

/**
 * A new password typed twice, checked against the server's rule before sending, with the
 * server's refusal shown above the fields: the recover page and a user's password page.
 */
export function NewPasswordForm({ save, onSaved, submitLabel, extraActions, onEdit, before }: NewPasswordFormProps) {
  const [pair, setPair] = useState<PasswordPair>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = checkPasswordPair(pair);
    setErrors(found);
    if (found.password || found.confirmation) return;
    setFailure(null);
    setBusy(true);
    try {
      await save(pair.password);
      setPair(EMPTY);
      onSaved();
    } catch (e) {
      if (!isSilentFailure(e)) setFailure(describeFailure(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {failure && (
        <Notice tone="error">
          <p>{failure}</p>
        </Notice>
      )}
      <form onSubmit={submit} noValidate>
        {before?.(busy)}
        <PasswordFields
          value={pair}
          errors={errors}
          disabled={busy}
          onChange={(next) => {
            setPair(next);
            setErrors({});
            onEdit?.();
          }}
        />
        <Actions>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? FEATURE_TEXTS.saving : submitLabel}
          </Button>
          {extraActions?.(busy)}
        </Actions>
      </form>
    </>
  );
}
