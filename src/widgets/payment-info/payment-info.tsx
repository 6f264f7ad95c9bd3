import { useCallback, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { ErrorState, Loading, space, token } from '../kit/index.js';
import { Notice } from '../feature-kit/layout.js';
import { describeFailure, statusOf } from '../feature-kit/server-message.js';
import { useCore } from '../feature-kit/use-core.js';
import { formatMoney } from '../shared/money.js';
import { readPaymentInfo, readRequest, requestPayment, type InfoRequest, type PaymentInfo as Info, type PaymentMethod } from './api.js';
import { PaymentChoices } from './payment-choices.js';
import { RequestDetails, Sub } from './request-details.js';
import { ScopeChooser, scopesOf, type Scope } from './scopes.js';
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

const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const euros = (cents: number) => formatMoney(cents);

type Load = { state: 'loading' } | { state: 'invalid' } | { state: 'failed'; message: string } | { state: 'loaded'; info: Info };

/** The ways to pay the lead names: the methods the association takes, and the transfer when it has an IBAN. */
const waysOf = (info: Info) => [...info.methods.map((m) => T.ways[m]), ...(info.transfer ? [T.ways.transfer] : [])];

/** The payment-information page of one payment link: what is owed, what to pay, how, and whether it is paid. */
export function PaymentInfo({ token: linkToken }: PaymentInfoProps) {
  const core = useCore();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [request, setRequest] = useState<InfoRequest | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The member's own debts or a household's they pay for: one at a time (scopes.ts).
  const [scopeKey, setScopeKey] = useState<string | null>(null);

  useEffect(() => {
    if (!linkToken) return;
    let live = true;
    setLoad({ state: 'loading' });
    readPaymentInfo(core, linkToken).then(
      (info) => {
        if (!live) return;
        setLoad({ state: 'loaded', info });
        // The first scope, everything in it ticked by default.
        const first = scopesOf(info)[0];
        setScopeKey(first?.key ?? null);
        setSelected(new Set((first?.debts ?? []).map((debt) => debt.id)));
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

  // No session here, so no realtime: a pending request is read again every few seconds until it is paid, expired or failed.
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
  const scopes = useMemo(() => (info ? scopesOf(info) : []), [info]);
  const scope: Scope | undefined = scopes.find((s) => s.key === scopeKey) ?? scopes[0];
  const total = useMemo(() => (scope ? scope.debts.filter((d) => selected.has(d.id)).reduce((sum, d) => sum + d.open_amount, 0) : 0), [scope, selected]);

  const ask = useCallback(
    async (choice: { method: PaymentMethod; phone?: string }) => {
      if (!linkToken || !scope) return;
      const debts = scope.debts.filter((d) => selected.has(d.id)).map((d) => d.id);
      try {
        setRequest(await requestPayment(core, linkToken, { debts, ...choice, ...(scope.household === null ? {} : { household: scope.household }) }));
      } catch (e) {
        if (statusOf(e) === 404) setLoad({ state: 'invalid' });
        throw e;
      }
    },
    [core, linkToken, selected, scope],
  );

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
      ) : !scope ? (
        <Notice tone="success">{T.nothingOwed}</Notice>
      ) : (
        <>
          <p>{T.lead(waysOf(data))}</p>
          <ScopeChooser
            scopes={scopes}
            current={scope}
            onChange={(next) => {
              setScopeKey(next.key);
              setSelected(new Set(next.debts.map((debt) => debt.id)));
            }}
          />
          <Sub>{scope.household === null ? T.debtsTitle : scope.label}</Sub>
          {scope.household !== null && <p>{T.householdLead}</p>}
          <Table data-scope={scope.key}>
            <thead>
              <tr>
                <th>{T.columns.select}</th>
                {scope.household !== null && <th>{T.columns.member}</th>}
                <th>{T.columns.description}</th>
                <th>{T.columns.dueDate}</th>
                <th data-amount>{T.columns.open}</th>
              </tr>
            </thead>
            <tbody>
              {scope.debts.map((debt) => (
                <tr key={debt.id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={debt.member ? T.selectOf(debt.description, debt.member.name) : T.selectOne(debt.description)}
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
                  {debt.member && <td>{T.memberOf(debt.member.name, debt.member.number)}</td>}
                  <td>{debt.description}</td>
                  <td>{day(debt.due_date)}</td>
                  <td data-amount>{euros(debt.open_amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={scope.household === null ? 3 : 4}>{T.selectedTotal}</th>
                <td data-amount data-total>
                  {euros(total)}
                </td>
              </tr>
            </tfoot>
          </Table>
          {/* A household's payment by transfer would read as the member's own in the statement's import: references only. */}
          <PaymentChoices
            key={scope.key}
            methods={data.methods}
            transfer={scope.household === null ? data.transfer : null}
            amount={total}
            blocked={selected.size === 0 ? T.chooseSome : null}
            onRequest={ask}
          />
        </>
      )}
    </section>
  );
}
