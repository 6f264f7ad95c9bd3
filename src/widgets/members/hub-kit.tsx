// What the member's page sections share: their table (amounts on the right, never cut), the
// states a read goes through, the member's record and words, and placing another domain's
// element (its module loaded on first use, not carried in this one).
import { createElement, useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { DEFAULT_API, RESOURCE, type Core } from '../../core/index.js';
import type { Member } from '../../core/records.js';
import { EmptyState, ErrorState, Loading, PHONE, space, token, useApiBase, useRecord, useSignalValue, type QueryView } from '../kit/index.js';
import { DataTable } from '../feature-kit/data-table.js';

/**
 * A section's table: amounts right-aligned in tabular digits and never wrapped. On a phone each
 * row is a card (its cells stacked, each named by its column), so no amount is scrolled away.
 */
export const HubTable = styled(DataTable)`
  & [data-amount] {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  & tfoot th,
  & tfoot td {
    font-weight: 600;
    background: ${token('color-surface')};
    border-top: 1px solid ${token('color-border')};
    border-bottom: none;
  }
  @media ${PHONE} {
    & thead {
      display: none;
    }
    & tr {
      display: block;
      padding: ${space(1)} 0;
      border-bottom: 1px solid ${token('color-border')};
    }
    & th,
    & td {
      display: flex;
      justify-content: space-between;
      gap: ${space(2)};
      padding: ${space(0.5)} ${space(1.5)};
      border: none;
      text-align: left;
    }
    & td[data-label]::before {
      content: attr(data-label);
      color: ${token('color-text-muted')};
      font-weight: 600;
    }
  }
`;

/** Under a table: how many of how many, a link to the rest. */
export const Note = styled.p`
  margin: ${space(1)} 0 0;
  color: ${token('color-text-muted')};
  font-size: 0.9em;
`;

/** Muted words beside a value ("a vencer", "anulado"). */
export const Muted = styled.span`
  color: ${token('color-text-muted')};
`;

/**
 * What a section shows while its data is not there: loading, a failure (with a retry) or, for
 * an empty answer, `empty`; otherwise `children` of the data.
 */
export function Loaded<T>({ view, failed, empty, isEmpty, children }: { view: QueryView<T>; failed: string; empty: string; isEmpty(data: T): boolean; children(data: T): ReactNode }) {
  if (view.status === 'failed' || view.status === 'notFound') return <ErrorState message={failed} onRetry={view.refresh} />;
  if (view.data === undefined) return <Loading />;
  if (isEmpty(view.data)) return <EmptyState message={empty} />;
  return <>{children(view.data)}</>;
}

/** The member's record (the page's other parts read the same one: one request). */
export function useMember(core: Core, memberId: string | undefined): Member | undefined {
  return useRecord<Member>(core.queries, RESOURCE.members, memberId || null).record;
}

/** The terminology's word for one member ("Sócio"). */
export function useSingular(core: Core): string {
  return useSignalValue(core.terminology.terminology)?.memberSingular ?? 'Sócio';
}

/** 'AAAA-MM-DD…' as dd/mm/aaaa. */
export const day = (iso: string | null | undefined): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
};

const dateTime = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Lisbon' });

/** An instant as dd/mm/aaaa, hh:mm in Lisbon. */
export const moment = (iso: string | null | undefined): string => {
  const d = new Date(iso ?? '');
  return Number.isNaN(d.getTime()) ? '' : dateTime.format(d);
};

/**
 * Another domain's element placed inside this one with this one's `api`: `load` imports its
 * module the first time it is shown (defining it twice keeps the first).
 */
export function LazyElement({ tag, load, attrs }: { tag: `associa-${string}`; load: () => Promise<unknown>; attrs: Record<string, string | undefined> }) {
  const api = useApiBase();
  useEffect(() => {
    if (!customElements.get(tag)) void load();
  }, [tag, load]);
  return createElement(tag, { ...attrs, api: api ?? DEFAULT_API });
}

/** A choice's label as the server's explainer names it ('sent' → 'Enviada'); the value itself when unknown. */
export function useOptionLabel(core: Core, resource: string, field: string): (value: string | null | undefined) => string {
  const options = useSignalValue(core.explainer.resources)[resource]?.fields.find((f) => f.name === field)?.options ?? [];
  return (value) => options.find((option) => option.value === value)?.label ?? value ?? '';
}
