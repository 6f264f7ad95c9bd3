import { useState } from 'react';
import styled from 'styled-components';
import { Button, space } from '../kit/index.js';
import { Notice } from '../feature-kit/layout.js';
import { formatMoney } from '../shared/money.js';
import type { InfoRequest } from './api.js';
import { PAYMENT_INFO_TEXTS as T } from './texts.js';

export const Sub = styled.h3`
  margin: ${space(2)} 0 ${space(1)};
  font-size: 1.1em;
`;
const Details = styled.dl`
  display: grid;
  /* Each *Copiar* beside its value, not pushed to the far edge of a wide page. */
  grid-template-columns: max-content minmax(0, max-content) max-content;
  justify-content: start;
  gap: ${space(1)} ${space(2)};
  align-items: center;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
`;

const DATE_TIME = new Intl.DateTimeFormat('pt-PT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Lisbon' });
const groupReference = (reference: string) => reference.replace(/(\d{3})(?=\d)/g, '$1 ');
/** The amount as a payer types it into a bank's or an ATM's form: `12,50`. */
const typedAmount = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

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

/** One line to copy: its label, the value as shown, and the value as copied (no grouping spaces). */
export type CopyRow = readonly [label: string, shown: string, copied: string];

/** Label, value and *Copiar* per line (without it once there is nothing left to type), then lines never copied (state, validity). */
export function CopyRows({ rows, plain = [], copyable = true }: { rows: readonly CopyRow[]; plain?: readonly { label: string; value: string; state?: string }[]; copyable?: boolean }) {
  return (
    <Details>
      {rows.map(([label, shown, copied]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd data-field={label}>{shown}</dd>
          <dd>{copyable && <CopyButton value={copied} what={label} />}</dd>
        </div>
      ))}
      {plain.map(({ label, value, state }) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd data-field={label} data-state={state}>
            {value}
          </dd>
          <dd />
        </div>
      ))}
    </Details>
  );
}

/** The amount line every way to pay shows, copyable as typed. */
export const amountRow = (cents: number): CopyRow => [T.amount, formatMoney(cents), typedAmount(cents)];

/** A payment request as the payer needs it: what to pay with (entity and reference, or the MB WAY push), its validity and its state, live. */
export function RequestDetails({ request, onNew }: { request: InfoRequest; onNew(): void }) {
  const rows: CopyRow[] = [];
  if (request.method === 'multibanco' && request.entity && request.reference) {
    rows.push([T.entity, request.entity, request.entity]);
    rows.push([T.reference, groupReference(request.reference), request.reference]);
  }
  rows.push(amountRow(request.amount));
  return (
    <section aria-live="polite" data-request={request.id} data-method={request.method}>
      <Sub>{request.method === 'mbway' ? T.mbwayTitle : T.requestTitle}</Sub>
      <CopyRows
        rows={rows}
        // Only a Multibanco reference still to pay is typed anywhere: an MB WAY push carries its amount.
        copyable={request.method === 'multibanco' && request.state === 'pending'}
        plain={[
          { label: T.expiry, value: DATE_TIME.format(new Date(request.expires_at)) },
          { label: T.state, value: T.states[request.state], state: request.state },
        ]}
      />
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
