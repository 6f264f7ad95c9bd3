// "Pedir pagamento" on a member's statement: staff tick open debts and get a Multibanco
// reference for them, or send an MB WAY push to the member's mobile (POST /api/payment_requests),
// by the methods the association takes (GET /api/payment_options); the request's state follows live.
import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ApiError, type ValidationErrorResponse } from '../../../core/index.js';
import type { UnsettledPayment } from '../../../core/records.js';
import { Button, EmptyState, ErrorState, Field, Input, Loading, space, token, useQuery, useRecord, visuallyHidden } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatDay } from '../../shared/format.js';
import { LEDGER_RESOURCES } from '../../../core/modules/payments.js';
import { formatMoney } from '../../shared/money.js';
import { useExplainerResource } from '../../shared/use-explainer.js';
import { Buttons, SmallForm } from '../layout.js';
import { COLLECTING_TEXTS as T } from '../texts.js';

const REQUESTS = 'payment_requests';

type Method = 'multibanco' | 'mbway';

/** A payment request as the server answers it (the generated record types do not cover payment_requests yet). */
interface Request {
  _id: number;
  method: Method;
  entity: string | null;
  reference: string | null;
  phone: string | null;
  amount: number;
  state: string;
  expires_at: string | null;
}

const Methods = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  margin: 0 0 ${space(2)};
  padding: 0;
  border: 0;
  legend {
    ${visuallyHidden}
  }
`;

const Debts = styled.fieldset`
  margin: 0 0 ${space(2)};
  padding: ${space(1)} ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  legend {
    font-weight: 600;
  }
  label {
    display: flex;
    gap: ${space(1)};
    align-items: center;
    min-height: 2.2rem;
    cursor: pointer;
  }
  span[data-amount] {
    margin-left: auto;
    font-variant-numeric: tabular-nums;
  }
`;

const Reference = styled.dl`
  display: grid;
  grid-template-columns: max-content auto;
  gap: ${space(0.5)} ${space(2)};
  margin: ${space(1)} 0 0;
  dd {
    margin: 0;
    font-size: 1.1rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

/** '123456789' as '123 456 789', the way the ATM shows it. */
const grouped = (reference: string) => reference.replace(/(\d{3})(?=\d)/g, '$1 ');

export interface RequestPaymentProps {
  /** The member whose open debts are offered. */
  memberId?: string;
}

export function RequestPayment({ memberId }: RequestPaymentProps) {
  const core = useCore();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Request | null>(null);
  const [pending, setPending] = useState(false);
  const [method, setMethod] = useState<Method | null>(null);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  // Only where the server offers payment requests (the collecting module) to this caller.
  const served = Boolean(useExplainerResource(core, REQUESTS).entry);
  const debtsView = useQuery<UnsettledPayment[]>(
    core.queries,
    open && memberId ? { path: 'unsettled_payments', params: { _page: 1, _limit: -1, _member: memberId, _sort: 'due_date' }, resources: [...LEDGER_RESOURCES] } : null,
  );
  const optionsView = useQuery<{ methods: Method[] }>(core.queries, open ? { path: 'payment_options', resources: ['settings'] } : null);
  const methods = optionsView.data?.methods ?? [];
  const chosenMethod = method && methods.includes(method) ? method : (methods[0] ?? null);
  // A pushed MB WAY request is followed live (its changes reach staff over realtime): accepted, "Pago".
  const followed = useRecord<Request>(core.queries, REQUESTS, created?._id);
  const shown = followed.record ?? created;
  const debts = (Array.isArray(debtsView.data) ? debtsView.data : []).filter((debt) => debt.status === 'open' || debt.status === 'partial');
  const total = debts.filter((debt) => chosen.has(debt._id)).reduce((sum, debt) => sum + Number(debt.open_amount), 0);

  function start() {
    setCreated(null);
    setError(null);
    setChosen(new Set());
    setPhoneError(null);
    setOpen(true);
  }

  function toggle(id: number, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.size === 0) {
      setError(T.chooseDebts);
      return;
    }
    setPhoneError(null);
    if (!chosenMethod) return;
    setPending(true);
    setError(null);
    try {
      const body = { member: Number(memberId), debts: [...chosen], method: chosenMethod, ...(chosenMethod === 'mbway' ? { phone } : {}) };
      const request = await core.queries.action<Request>(REQUESTS, body, { invalidates: [REQUESTS] });
      setCreated(request);
      setOpen(false);
    } catch (e) {
      const errors = e instanceof ApiError && e.status === 422 ? (e.data as Partial<ValidationErrorResponse> | null)?.errors : undefined;
      const { phone: wrongPhone, ...others } = errors ?? {};
      if (wrongPhone) setPhoneError(wrongPhone);
      setError(errors ? Object.values(others).join(' ') || null : describeFailure(e, T.requestFailed));
    } finally {
      setPending(false);
    }
  }

  if (!served || !memberId) return null;
  let body = null;
  if (open && (debtsView.status === 'failed' || optionsView.status === 'failed')) body = <ErrorState message={T.loadFailed} onRetry={debtsView.refresh} />;
  else if (open && (debtsView.status !== 'loaded' || optionsView.status !== 'loaded')) body = <Loading />;
  else if (open && methods.length === 0) body = <EmptyState message={T.noMethods} />;
  else if (open && debts.length === 0) body = <EmptyState message={T.noOpenDebts} />;
  else if (open)
    body = (
      <SmallForm aria-label={T.requestPayment} onSubmit={(e) => void submit(e)} noValidate>
        <p>{T.requestHint}</p>
        <Debts aria-describedby={error ? errorId : undefined}>
          <legend>{T.openDebts}</legend>
          {debts.map((debt) => (
            <label key={debt._id}>
              <input type="checkbox" checked={chosen.has(debt._id)} onChange={(e) => toggle(debt._id, e.target.checked)} />
              <span>
                {debt.description} ({formatDay(debt.due_date)})
              </span>
              <span data-amount>{formatMoney(Number(debt.open_amount))}</span>
            </label>
          ))}
        </Debts>
        <p aria-live="polite" data-selected-total>
          {T.selectedTotal(total)}
        </p>
        {methods.length > 1 && (
          <Methods>
            <legend>{T.method}</legend>
            {methods.map((m) => (
              <label key={m}>
                <input type="radio" name="request-method" value={m} checked={chosenMethod === m} onChange={() => setMethod(m)} /> {T.methods[m]}
              </label>
            ))}
          </Methods>
        )}
        {chosenMethod === 'mbway' && (
          <Field label={T.phone} hint={T.phoneHint} error={phoneError} required>
            {(control) => <Input {...control} type="tel" inputMode="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />}
          </Field>
        )}
        {error && (
          <Notice tone="error">
            <p id={errorId}>{error}</p>
          </Notice>
        )}
        <Buttons>
          <Button type="submit" disabled={pending}>
            {chosenMethod === 'mbway' ? T.sendMbway : T.createReference}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          >
            {T.cancel}
          </Button>
        </Buttons>
      </SmallForm>
    );

  return (
    <div data-request-payment>
      {!open && (
        <Buttons>
          <Button ref={opener} variant="secondary" onClick={start}>
            {created ? T.newRequest : T.requestPayment}
          </Button>
        </Buttons>
      )}
      {body}
      {shown && shown.method === 'mbway' && (
        <Notice tone={shown.state === 'paid' ? 'success' : shown.state === 'pending' ? 'info' : 'warning'}>
          <p>{T.mbwaySent(shown.phone ? grouped(shown.phone) : '')}</p>
          <Reference data-reference>
            <dt>{T.amount}</dt>
            <dd data-amount>{formatMoney(shown.amount)}</dd>
            <dt>{T.state}</dt>
            <dd data-state={shown.state}>{T.requestStates[shown.state as keyof typeof T.requestStates] ?? shown.state}</dd>
          </Reference>
        </Notice>
      )}
      {shown && shown.method !== 'mbway' && (
        <Notice tone="success">
          <p>{T.referenceReady}</p>
          <Reference data-reference>
            <dt>{T.entity}</dt>
            <dd data-entity>{shown.entity}</dd>
            <dt>{T.reference}</dt>
            <dd data-ref>{shown.reference ? grouped(shown.reference) : ''}</dd>
            <dt>{T.amount}</dt>
            <dd data-amount>{formatMoney(shown.amount)}</dd>
            {shown.expires_at && (
              <>
                <dt>{T.expires}</dt>
                <dd>{formatDay(shown.expires_at.slice(0, 10))}</dd>
              </>
            )}
          </Reference>
        </Notice>
      )}
    </div>
  );
}
