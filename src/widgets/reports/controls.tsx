import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Field, Input, space, token } from '../kit/index.js';
import { REPORTS_TEXTS as T } from './texts.js';
import type { ReportRequest } from './use-report.js';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0 ${space(2)};
  margin-bottom: ${space(2)};
  padding: ${space(2)} ${space(2)} 0;
  background: ${token('color-surface')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  & > div:not(:last-child) {
    min-width: 10rem;
  }
  @media print {
    display: none;
  }
`;

const Submit = styled.div`
  margin-bottom: ${space(2)};
`;

/** Today in the browser's calendar, as the date field writes it. */
function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The as-of date (today unless changed) and the year range (blank: each report's own). The
 * reports follow when the form is sent, not at each keystroke: a half-typed year is no question.
 */
export function ReportControls({ onApply }: { onApply(request: ReportRequest): void }) {
  const [today] = useState(localToday);
  const [draft, setDraft] = useState<ReportRequest>({ asOf: today, from: '', to: '' });
  const set = (key: keyof ReportRequest) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setDraft((current) => ({ ...current, [key]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Today is the server's default: left out, the address stays the one other views share.
    onApply({ asOf: draft.asOf === today ? '' : draft.asOf, from: draft.from.trim(), to: draft.to.trim() });
  };
  return (
    // noValidate: the server's pt-PT message explains a date or range it refuses; the browser's own bubble would be in its language.
    <Form aria-label={T.controls} onSubmit={submit} noValidate>
      <Field label={T.asOf}>{(control) => <Input {...control} type="date" value={draft.asOf} max={today} onChange={set('asOf')} />}</Field>
      <Field label={T.from} hint={T.yearsHint}>
        {(control) => <Input {...control} type="number" inputMode="numeric" min={1900} step={1} value={draft.from} onChange={set('from')} />}
      </Field>
      <Field label={T.to}>{(control) => <Input {...control} type="number" inputMode="numeric" min={1900} step={1} value={draft.to} onChange={set('to')} />}</Field>
      <Submit>
        <Button type="submit">{T.apply}</Button>
      </Submit>
    </Form>
  );
}
