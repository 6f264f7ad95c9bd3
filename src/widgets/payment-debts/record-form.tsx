import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ApiError, isSilentFailure, type Core } from '../../core/index.js';
import { Button, Field, Input, Select, TextArea, space, token } from '../kit/index.js';
import { Notice } from '../feature-kit/layout.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { centsToInput, parseEuros } from '../shared/money.js';
import { dayOf } from './ledger.js';
import { PAYMENT_DEBTS_TEXTS, PAYMENT_METHOD_LABELS } from './texts.js';
import type { RecordedPayment } from './types.js';
import { LEDGER_RESOURCES } from './use-member-debts.js';

const T = PAYMENT_DEBTS_TEXTS.form;
const E = PAYMENT_DEBTS_TEXTS.errors;

/** The money field's bound on the server: 999 999,99 €. */
const MAX_CENTS = 99_999_999;

const Box = styled.form`
  margin-top: ${space(2)};
  padding: ${space(2)};
  background: ${token('color-surface')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

const Title = styled.h4`
  margin: 0 0 ${space(2)};
  font-size: 1.05em;
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  gap: 0 ${space(2)};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)};
`;

type FieldName = 'date' | 'method' | 'amount' | 'reference' | 'notes';
type Errors = Partial<Record<FieldName, string>>;
const FIELDS: readonly FieldName[] = ['date', 'method', 'amount', 'reference', 'notes'];

/** Who pays: a member for their own debts, or a household's payer for its members' debts (POST payments/record takes either). */
type Payer = { member: number } | { household: number };

interface RecordFormProps {
  core: Core;
  payer: Payer;
  /** The form's heading; absent, "Registar pagamento". */
  title?: string;
  /** The debts chosen in the list; empty: the server settles the oldest first. */
  debtIds: readonly number[];
  /** Their open total in cents: the amount until the user types another. */
  selectedTotal: number;
  onRecorded(answer: RecordedPayment): void;
  onCancel(): void;
}

/** The server's 422 field messages, split into the form's fields and the rest (member, debts). */
function serverErrors(error: unknown): { fields: Errors; other: string[] } | null {
  const cause = error instanceof Error && error.cause instanceof ApiError ? error.cause : error;
  if (!(cause instanceof ApiError) || cause.status !== 422) return null;
  const errors = (cause.data as { errors?: Record<string, unknown> } | null)?.errors;
  if (!errors || typeof errors !== 'object') return null;
  const fields: Errors = {};
  const other: string[] = [];
  for (const [name, message] of Object.entries(errors)) {
    if (typeof message !== 'string') continue;
    if ((FIELDS as readonly string[]).includes(name)) fields[name as FieldName] = message;
    else other.push(message);
  }
  return { fields, other };
}

function checkAmount(text: string): { cents?: number; error?: string } {
  const cents = parseEuros(text);
  if (cents === undefined) return { error: E.amount };
  if (cents <= 0) return { error: E.amountPositive };
  if (cents > MAX_CENTS) return { error: E.amountTooLarge };
  return { cents };
}

/** "Registar pagamento": date (today), method, amount (the selection's total), reference, notes. */
export function RecordForm({ core, payer, title, debtIds, selectedTotal, onRecorded, onCancel }: RecordFormProps) {
  const [date, setDate] = useState(() => dayOf(core.clock.now()));
  const [method, setMethod] = useState('');
  const [amount, setAmount] = useState(() => (selectedTotal > 0 ? centsToInput(selectedTotal) : ''));
  const [amountTyped, setAmountTyped] = useState(false);
  const [reference, setReference] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The amount follows the selection until the user types one of their own.
  useEffect(() => {
    if (!amountTyped) setAmount(selectedTotal > 0 ? centsToInput(selectedTotal) : '');
  }, [selectedTotal, amountTyped]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (!date) found.date = E.date;
    if (!method) found.method = E.method;
    const checked = checkAmount(amount);
    if (checked.error) found.amount = checked.error;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || checked.cents === undefined) return;

    const body: Record<string, unknown> = { ...payer, date, amount: checked.cents, method };
    if (reference.trim()) body.reference = reference.trim();
    if (notes.trim()) body.notes = notes.trim();
    if (debtIds.length > 0) body.debts = [...debtIds];
    setBusy(true);
    try {
      const answer = await core.queries.action<RecordedPayment>('payments/record', body, { invalidates: LEDGER_RESOURCES });
      onRecorded(answer);
    } catch (e) {
      if (isSilentFailure(e)) return;
      const invalid = serverErrors(e);
      if (invalid) {
        setErrors(invalid.fields);
        setFailure(invalid.other.length > 0 ? invalid.other.join(' ') : E.invalid);
      } else setFailure(describeFailure(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box onSubmit={(e) => void submit(e)} noValidate aria-labelledby="record-title">
      <Title id="record-title">{title ?? T.title}</Title>
      {failure && (
        <Notice tone="error">
          <p>{failure}</p>
        </Notice>
      )}
      <Row>
        <Field label={T.date} error={errors.date} required>
          {(control) => <Input {...control} type="date" name="date" value={date} disabled={busy} onChange={(e) => setDate(e.target.value)} />}
        </Field>
        <Field label={T.method} error={errors.method} required>
          {(control) => (
            <Select {...control} name="method" value={method} disabled={busy} onChange={(e) => setMethod(e.target.value)}>
              <option value="">{T.chooseMethod}</option>
              {Object.entries(PAYMENT_METHOD_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={T.amount} hint={debtIds.length === 0 ? T.oldestFirst : undefined} error={errors.amount} required>
          {(control) => (
            <Input
              {...control}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              disabled={busy}
              onChange={(e) => {
                setAmount(e.target.value);
                setAmountTyped(true);
              }}
            />
          )}
        </Field>
        <Field label={T.reference} error={errors.reference}>
          {(control) => <Input {...control} name="reference" maxLength={200} value={reference} disabled={busy} onChange={(e) => setReference(e.target.value)} />}
        </Field>
      </Row>
      <Field label={T.notes} error={errors.notes}>
        {(control) => <TextArea {...control} name="notes" maxLength={2000} value={notes} disabled={busy} onChange={(e) => setNotes(e.target.value)} />}
      </Field>
      <Buttons>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? T.saving : T.save}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {T.cancel}
        </Button>
      </Buttons>
    </Box>
  );
}
