// "Recibo avulso" on /tesouraria/novo: a quota or joining-fee receipt for money received outside
// the payments ledger, to a member (found with the payments' member picker) or to a payer named
// with their NIF; the server numbers it in its series. Once issued, its number and a link to it.
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ApiError, RESOURCE, type Member, type ValidationErrorResponse } from '../../../core/index.js';
import { Button, Field, Input, Select, useSignalValue } from '../../kit/index.js';
import { Buttons, SmallForm } from '../../feature-kit/groups.js';
import { Notice } from '../../feature-kit/layout.js';
import { MemberPicker } from '../../feature-kit/member-picker.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { parseEuros } from '../../shared/money.js';
import { DOCS } from '../api.js';
import { TREASURY_TEXTS as T } from '../texts.js';
import { emptyLine, ManualLines, type LineDraft } from './manual-lines.js';

/** The document types a manual receipt may have (the server's MANUAL_TYPES); their labels come from the explainer. */
const MANUAL_TYPES = ['quota', 'joining_fee'] as const;
const LISBON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' });

/** Wide enough for a line's description and amount side by side. */
const Form = styled(SmallForm)`
  max-width: 48rem;
`;

interface Issued {
  _id: number;
  number: string;
}

const fieldErrors = (e: unknown): Record<string, string> =>
  e instanceof ApiError && e.status === 422 ? ((e.data as Partial<ValidationErrorResponse> | null)?.errors ?? {}) : {};

/** The lines as the server takes them, or the fields whose amount is no amount in euros. */
function linesOut(lines: readonly LineDraft[]): { lines: { description: string; amount: number }[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const out = lines.map((line, index) => {
    const amount = parseEuros(line.euros);
    if (amount === undefined || amount <= 0) errors[`lines.${index}.amount`] = T.lineAmountInvalid;
    return { description: line.description, amount: amount ?? 0 };
  });
  return { lines: out, errors };
}

/** A manual receipt's form; once issued, its number and a link to `docPath` (its ':id' filled in). */
export function ManualReceipt({ docPath }: { docPath?: string }) {
  const core = useCore();
  const types = useSignalValue(core.explainer.resources)[DOCS]?.fields.find((f) => f.name === 'type')?.options ?? [];
  const [type, setType] = useState<string>(MANUAL_TYPES[0]);
  const [byMember, setByMember] = useState(true);
  const [member, setMember] = useState<Member | null>(null);
  const [payer, setPayer] = useState({ name: '', nif: '', address: '' });
  const [issueDate, setIssueDate] = useState(() => LISBON_DAY.format(core.clock.now()));
  const [lines, setLines] = useState<LineDraft[]>(() => [emptyLine()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [issued, setIssued] = useState<Issued | null>(null);
  const [pending, setPending] = useState(false);
  const memberWord = useSignalValue(core.terminology.terminology)?.memberSingular ?? T.defaultSingular;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setIssued(null);
    const out = linesOut(lines);
    if (byMember && !member) out.errors.member = T.memberRequired(memberWord);
    setErrors(out.errors);
    if (Object.keys(out.errors).length > 0) {
      setFailure(T.manualCheck);
      return;
    }
    const who = byMember ? { member: member?._id } : { payer_name: payer.name, payer_nif: payer.nif, payer_address: payer.address };
    setPending(true);
    try {
      const doc = await core.queries.action<Issued>(`${DOCS}/manual`, { type, issue_date: issueDate, ...who, lines: out.lines }, { invalidates: [RESOURCE.treasuryDocs] });
      setIssued(doc);
      setLines([emptyLine()]);
      setErrors({});
    } catch (e) {
      const found = fieldErrors(e);
      setErrors(found);
      setFailure(found.lines ?? (Object.keys(found).length > 0 ? T.manualCheck : describeFailure(e, T.manualFailed)));
    } finally {
      setPending(false);
    }
  }

  return (
    <Form aria-label={T.manualForm} onSubmit={(e) => void submit(e)} noValidate data-manual-receipt>
      <h2>{T.manualForm}</h2>
      <p>{T.manualFormHint}</p>
      <Field label={T.manualType} error={errors.type} required>
        {(control) => (
          <Select {...control} value={type} onChange={(e) => setType(e.target.value)}>
            {MANUAL_TYPES.map((value) => (
              <option key={value} value={value}>
                {types.find((option) => option.value === value)?.label ?? value}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <fieldset>
        <legend>{T.payerKind}</legend>
        <Buttons>
          {[true, false].map((value) => (
            <label key={String(value)}>
              <input type="radio" name="manual-payer-kind" checked={byMember === value} onChange={() => setByMember(value)} /> {value ? T.payerMember(memberWord) : T.payerOther}
            </label>
          ))}
        </Buttons>
        {byMember ? (
          member ? (
            <Buttons>
              <p data-chosen-member={member._id}>{T.chosen(memberWord, String(member.number), member.name)}</p>
              <Button variant="secondary" onClick={() => setMember(null)}>
                {T.changeMember}
              </Button>
            </Buttons>
          ) : (
            <>
              <MemberPicker singular={memberWord} onPick={setMember} />
              {errors.member && (
                <Notice tone="error">
                  <p>{errors.member}</p>
                </Notice>
              )}
            </>
          )
        ) : (
          <>
            <Field label={T.payerName} error={errors.payer_name} required>
              {(control) => <Input {...control} maxLength={200} value={payer.name} onChange={(e) => setPayer({ ...payer, name: e.target.value })} />}
            </Field>
            <Field label={T.payerNif} error={errors.payer_nif} required>
              {(control) => <Input {...control} inputMode="numeric" maxLength={9} value={payer.nif} onChange={(e) => setPayer({ ...payer, nif: e.target.value })} />}
            </Field>
            <Field label={T.payerAddress} error={errors.payer_address}>
              {(control) => <Input {...control} maxLength={300} value={payer.address} onChange={(e) => setPayer({ ...payer, address: e.target.value })} />}
            </Field>
          </>
        )}
      </fieldset>
      <Field label={T.issueDate} error={errors.issue_date} required>
        {(control) => <Input {...control} type="date" value={issueDate} onChange={(e) => setIssueDate(e.target.value)} />}
      </Field>
      <ManualLines lines={lines} errors={errors} onChange={setLines} />
      {failure && (
        <Notice tone="error">
          <p>{failure}</p>
        </Notice>
      )}
      {issued && (
        <Notice tone="success">
          <p data-issued-number>{T.manualIssued(issued.number)}</p>
          {docPath && (
            <p>
              <NavLink path={pathWith(docPath, { id: issued._id })}>{T.manualOpen}</NavLink>
            </p>
          )}
        </Notice>
      )}
      <Buttons>
        <Button type="submit" disabled={pending}>
          {T.manualIssue}
        </Button>
      </Buttons>
    </Form>
  );
}
