import { useState } from 'react';
import styled from 'styled-components';
import { ApiError } from '../../core/index.js';
import { Button, Field, Input, space, visuallyHidden } from '../kit/index.js';
import { Notice } from '../feature-kit/layout.js';
import { describeFailure } from '../feature-kit/server-message.js';
import type { PaymentMethod, TransferOption } from './api.js';
import { amountRow, CopyRows, Sub } from './request-details.js';
import { PAYMENT_INFO_TEXTS as T } from './texts.js';

const Methods = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 ${space(2)};
  display: flex;
  gap: ${space(2)};
  flex-wrap: wrap;
`;

const Legend = styled.legend`
  ${visuallyHidden}
`;

/** A way to pay: a request to the provider (Multibanco, MB WAY) or a bank transfer the payer makes. */
type Choice = PaymentMethod | 'transfer';

export interface PaymentChoicesProps {
  /** The methods the association takes now (the server's list): no other is mentioned. */
  methods: readonly PaymentMethod[];
  /** The bank transfer, when the association has an IBAN. */
  transfer: TransferOption | null;
  /** What the chosen debts add up to, in cents. */
  amount: number;
  /** Why nothing can be asked yet (nothing chosen), in pt-PT; null when it can. */
  blocked?: string | null;
  /** Asks the server for the request; rejects with its failure (field errors shown by the phone or below). */
  onRequest(choice: { method: PaymentMethod; phone?: string }): Promise<void>;
}

/** The server's field errors of a refused request, whether the error is the API's or wraps it. */
function fieldErrors(error: unknown): Record<string, string> {
  const cause = error instanceof Error && error.cause instanceof ApiError ? error.cause : error;
  const data = cause instanceof ApiError ? (cause.data as { errors?: Record<string, string> } | null) : null;
  return data?.errors ?? {};
}

/** `912 345 678`, `+351912345678` -> `912345678`; anything else as typed (refused below). */
const mobileDigits = (text: string) => text.replace(/[\s.-]/g, '').replace(/^(\+351|00351)/, '');
const groupIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The ways to pay a chosen amount, as the payment link page and the member's dashboard offer
 * them: a Multibanco reference, an MB WAY push to a Portuguese mobile, or a bank transfer to the
 * association's IBAN with the description that names the payer. Only what the server lists.
 */
export function PaymentChoices({ methods, transfer, amount, blocked = null, onRequest }: PaymentChoicesProps) {
  const choices: Choice[] = [...methods, ...(transfer ? (['transfer'] as const) : [])];
  const [choice, setChoice] = useState<Choice | null>(choices[0] ?? null);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  if (choices.length === 0) return <Notice tone="warning">{T.noMethods}</Notice>;

  const submit = async (method: PaymentMethod) => {
    setError(null);
    setPhoneError(null);
    if (blocked) {
      setError(blocked);
      return;
    }
    const digits = mobileDigits(phone);
    if (method === 'mbway' && !/^9[1236]\d{7}$/.test(digits)) {
      setPhoneError(T.phoneInvalid);
      return;
    }
    setSending(true);
    try {
      await onRequest(method === 'mbway' ? { method, phone: digits } : { method });
    } catch (e) {
      const errors = fieldErrors(e);
      if (errors.phone) setPhoneError(errors.phone);
      setError(errors.debts ?? errors.method ?? (errors.phone ? null : describeFailure(e)));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Sub>{T.methodTitle}</Sub>
      <Methods>
        <Legend>{T.methodTitle}</Legend>
        {choices.map((c) => (
          <label key={c}>
            <input type="radio" name="method" value={c} checked={choice === c} onChange={() => setChoice(c)} /> {T.methods[c]}
          </label>
        ))}
      </Methods>
      {choice === 'transfer' && transfer ? (
        <section data-transfer>
          <p>{T.transferLead}</p>
          <CopyRows
            rows={[
              [T.iban, groupIban(transfer.iban), transfer.iban],
              amountRow(amount),
              ...(transfer.description ? ([[T.transferDescription, transfer.description, transfer.description]] as const) : []),
            ]}
          />
          {blocked && <Notice tone="warning">{blocked}</Notice>}
        </section>
      ) : (
        choice &&
        choice !== 'transfer' && (
          <>
            {choice === 'mbway' && (
              <Field label={T.phone} hint={T.phoneHint} error={phoneError} required>
                {(control) => <Input {...control} type="tel" inputMode="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />}
              </Field>
            )}
            {error && <Notice tone="error">{error}</Notice>}
            <Button disabled={sending} onClick={() => void submit(choice)}>
              {sending ? T.submitting : T.submit[choice]}
            </Button>
          </>
        )
      )}
    </>
  );
}
