import { useState, type FormEvent } from 'react';
import { isSilentFailure } from '../../core/index.js';
import { Button, Field, Input } from '../kit/index.js';
import { Actions, Notice } from '../feature-kit/layout.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { cleanCode } from './api.js';
import { CodeField } from './code-field.js';
import { TWO_FACTOR_TEXTS as T } from './texts.js';

export type Proof = { password: string } | { code: string };

interface ProofFormProps {
  /** Whether the current password is accepted too (turning off), or only a code (new recovery codes). */
  withPassword: boolean;
  submitLabel: string;
  danger?: boolean;
  submit(proof: Proof): Promise<void>;
  onCancel(): void;
}

/** Proves it is the owner: the current password or a code of the app. */
export function ProofForm({ withPassword, submitLabel, danger, submit, onCancel }: ProofFormProps) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    let proof: Proof;
    if (withPassword && password) proof = { password };
    else {
      const clean = cleanCode(code);
      if (!clean) {
        setError(code.trim() ? T.codeInvalid : withPassword ? T.proofRequired : T.codeRequired);
        return;
      }
      proof = { code: clean };
    }
    setFailure(null);
    setBusy(true);
    try {
      await submit(proof);
    } catch (e) {
      if (!isSilentFailure(e)) setFailure(describeFailure(e));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  const edited = () => {
    setError(null);
    setFailure(null);
  };

  return (
    <form onSubmit={send} noValidate>
      {failure && (
        <Notice tone="error">
          <p>{failure}</p>
        </Notice>
      )}
      {withPassword && (
        <Field label={T.password}>
          {(control) => (
            <Input
              {...control}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                edited();
              }}
            />
          )}
        </Field>
      )}
      <CodeField
        value={code}
        error={error}
        onChange={(value) => {
          setCode(value);
          edited();
        }}
      />
      <Actions>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy} aria-busy={busy || undefined}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {T.cancel}
        </Button>
      </Actions>
    </form>
  );
}
