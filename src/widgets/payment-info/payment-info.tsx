import { useCallback, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button, ErrorState, Field, Input, Loading, space, token } from '../kit/index.js';
import { Notice } from '../feature-kit/layout.js';
import { describeFailure, statusOf } from '../feature-kit/server-message.js';
import { useCore } from '../feature-kit/use-core.js';
import { formatMoney } from '../shared/money.js';
import { readPaymentInfo, readRequest, requestPayment, type InfoRequest, type PaymentInfo as Info, type PaymentMethod } from './api.js';
import { PAYMENT_INFO_TEXTS as T } from './texts.js';

export interface PaymentInfoProps {
  /** The payment link's token (the last part of /informacaoDePagamento/{token}). */
  token?: string;
}

/** How often a pending request's state is read again, so "Pago" shows soon after the payment lands. */
const POLL_MS = 3000;

const Title = styled.h2`
  margin: 0 0 ${space(0.5)};
  font-size: 1.3em;
`;
const Sub = styled.h3`
  margin: ${space(2)} 0 ${space(1)};
  font-size: 1.1em;
`;
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: ${space(0.75)};
    border-bottom: 1px solid ${token('color-border')};
  }
  td[data-amount],
  th[data-amount] {
    text-align: right;
    white-space: nowrap;
  }
`;
const Methods = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 ${space(2)};
  display: flex;
  gap: ${space(2)};
  flex-wrap: wrap;
`;
const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr max-content;
  gap: ${space(1)} ${space(2)};
  align-items: center;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
`;

const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const DATE_TIME = new Intl.DateTimeFormat('pt-PT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Lisbon' });
const groupReference = (reference: string) => reference.replace(/(\d{3})(?=\d)/g, '$1 ');
const euros = (cents: number) => formatMoney(cents);

function CopyButton({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      aria-label={T.copy(what)}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? T.copied : T.copyButton}
    </Button>
  );
}

function RequestDetails({ request, onNew }: { request: InfoRequest; onNew(): void }) {
  const rows: [string, string, string][] = [];
  if (request.method === 'multibanco' && request.entity && request.reference) {
    rows.push([T.entity, request.entity, request.entity]);
    rows.push([T.reference, groupReference(request.reference), request.reference]);
  }
  rows.push([T.amount, euros(request.amount), (request.amount / 100).toFixed(2).replace('.', ',')]);
  return (
    <section aria-live="polite" data-request={request.id}>
      <Sub>{T.requestTitle}</Sub>
      <Details>
        {rows.map(([label, shown, copied]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd data-field={label}>{shown}</dd>
            <dd>
              <CopyButton value={copied} what={label} />
            </dd>
          </div>
        ))}
        <dt>{T.expiry}</dt>
        <dd data-field={T.expiry}>{DATE_TIME.format(new Date(request.expires_at))}</dd>
        <dd />
        <dt>{T.state}</dt>
        <dd data-field={T.state} data-state={request.state}>
          {T.states[request.state]}
        </dd>
        <dd />
      </Details>
      {request.state === 'paid' && <Notice tone="success">{T.paidThanks}</Notice>}
      {request.state === 'pending' && request.method === 'mbway' && <Notice tone="info">{T.mbwayPending}</Notice>}
      {(request.state === 'expired' || request.state === 'failed') && (
        <Notice tone="warning">
          {T.expiredHint}{' '}
          <Button variant="secondary" onClick={onNew}>
            {T.newRequest}
          </Button>
        </Notice>
      )}
    </section>
  );
}

type Load = { state: 'loading' } | { state: 'invalid' } | { state: 'failed'; message: string } | { state: 'loaded'; info: Info };

/** The payment-information page of one payment link: what is owed, what to pay, how, and whether it is paid. */
export function PaymentInfo({ token: linkToken }: PaymentInfoProps) {
  const core = useCore();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [request, setRequest] = useState<InfoRequest | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!linkToken) return;
    let live = true;
    setLoad({ state: 'loading' });
    readPaymentInfo(core, linkToken).then(
      (info) => {
        if (!live) return;
        setLoad({ state: 'loaded', info });
        // Everything ticked by default; the first method the association takes.
        setSelected(new Set(info.debts.map((debt) => debt.id)));
        setMethod(info.methods[0] ?? null);
        setRequest(info.request && info.request.state !== 'expired' ? info.request : null);
      },
      (e: unknown) => {
        if (!live) return;
        const status = statusOf(e);
        setLoad(status === 404 || status === 410 ? { state: 'invalid' } : { state: 'failed', message: describeFailure(e, T.loadFailed) });
      },
    );
    return () => {
      live = false;
    };
  }, [core, linkToken, attempt]);

  // A pending request is read again every few seconds until it is paid, expired or failed.
  const pendingId = request?.state === 'pending' ? request.id : null;
  useEffect(() => {
    if (pendingId === null || !linkToken) return;
    const timer = setInterval(() => {
      readRequest(core, linkToken, pendingId).then(
        (fresh) => setRequest((current) => (current?.id === fresh.id ? fresh : current)),
        () => undefined,
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [core, linkToken, pendingId]);

  const info = load.state === 'loaded' ? load.info : null;
  const total = useMemo(() => (info ? info.debts.filter((d) => selected.has(d.id)).reduce((sum, d) => sum + d.open_amount, 0) : 0), [info, selected]);

  const submit = useCallback(async () => {
    if (!linkToken || !method) return;
    setError(null);
    setPhoneError(null);
    if (selected.size === 0) {
      setError(T.chooseSome);
      return;
    }
    const digits = phone.replace(/[\s-]/g, '').replace(/^(\+351|00351)/, '');
    if (method === 'mbway' && !/^9[1236]\d{7}$/.test(digits)) {
      setPhoneError(T.phoneInvalid);
      return;
    }
    setSending(true);
    try {
      const debts = info!.debts.filter((d) => selected.has(d.id)).map((d) => d.id);
      setRequest(await requestPayment(core, linkToken, { debts, method, ...(method === 'mbway' ? { phone: digits } : {}) }));
    } catch (e) {
      if (statusOf(e) === 404) setLoad({ state: 'invalid' });
      const errors = (e as { cause?: { data?: { errors?: Record<string, string> } } }).cause?.data?.errors;
      if (errors?.phone) setPhoneError(errors.phone);
      setError(errors?.debts ?? errors?.method ?? describeFailure(e));
    } finally {
      setSending(false);
    }
  }, [core, linkToken, method, phone, selected, info]);

  if (!linkToken) return <Notice tone="error">{T.noToken}</Notice>;
  if (load.state === 'loading') return <Loading />;
  if (load.state === 'invalid')
    return (
      <section>
        <Title>{T.invalidTitle}</Title>
        <Notice tone="error">{T.invalid}</Notice>
      </section>
    );
  if (load.state === 'failed') return <ErrorState message={load.message} onRetry={() => setAttempt((n) => n + 1)} />;
  const data = load.info;

  return (
    <section>
      <p data-association>{data.association}</p>
      <Title>{T.greeting(data.first_name)}</Title>
      {request ? (
        <RequestDetails
          request={request}
          onNew={() => {
            setRequest(null);
            setAttempt((n) => n + 1);
          }}
        />
      ) : data.debts.length === 0 ? (
        <Notice tone="success">{T.nothingOwed}</Notice>
      ) : (
        <>
          <p>{T.lead}</p>
          <Sub>{T.debtsTitle}</Sub>
          <Table>
            <thead>
              <tr>
                <th>{T.columns.select}</th>
                <th>{T.columns.description}</th>
                <th>{T.columns.dueDate}</th>
                <th data-amount>{T.columns.open}</th>
              </tr>
            </thead>
            <tbody>
              {data.debts.map((debt) => (
                <tr key={debt.id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={T.selectOne(debt.description)}
                      checked={selected.has(debt.id)}
                      onChange={() =>
                        setSelected((current) => {
                          const next = new Set(current);
                          if (next.has(debt.id)) next.delete(debt.id);
                          else next.add(debt.id);
                          return next;
                        })
                      }
                    />
                  </td>
                  <td>{debt.description}</td>
                  <td>{day(debt.due_date)}</td>
                  <td data-amount>{euros(debt.open_amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={3}>{T.selectedTotal}</th>
                <td data-amount data-total>
                  {euros(total)}
                </td>
              </tr>
            </tfoot>
          </Table>
          <Sub>{T.methodTitle}</Sub>
          {data.methods.length === 0 ? (
            <Notice tone="warning">{T.noMethods}</Notice>
          ) : (
            <>
              <Methods>
                <legend className="visually-hidden">{T.methodTitle}</legend>
                {data.methods.map((m) => (
                  <label key={m}>
                    <input type="radio" name="method" value={m} checked={method === m} onChange={() => setMethod(m)} /> {T.methods[m]}
                  </label>
                ))}
              </Methods>
              {method === 'mbway' && (
                <Field label={T.phone} hint={T.phoneHint} error={phoneError} required>
                  {(control) => <Input {...control} type="tel" inputMode="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />}
                </Field>
              )}
              {error && <Notice tone="error">{error}</Notice>}
              <Button disabled={sending} onClick={() => void submit()}>
                {sending ? T.submitting : T.submit[method ?? 'multibanco']}
              </Button>
            </>
          )}
        </>
      )}
    </section>
  );
}
