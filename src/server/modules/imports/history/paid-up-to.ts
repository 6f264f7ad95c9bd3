// The members import's column "Quotas pagas até": a member brought in with "2024" gets the ledger
// that says so (plan.ts's paid-up-to: every quota from the admission up to that year raised and
// paid by a historical payment). It wraps the members' row handler: the member is judged and
// written as ever, then their ledger is planned and written in the same row's transaction, and
// its rows join the batch's changes (undone with the member).
import type { FieldType } from '../../../../core/contract.js';
import { lisbonDay } from '../../../../core/days.js';
import { invalidRecord } from '../../../errors.js';
import type { Field } from '../../../resources/define.js';
import { announceLedger } from '../../dues/public.js';
import type { TargetField } from '../fields.js';
import type { ImportRun, Judged, RecordChange, RowHandler } from '../kind.js';
import { applyHistory } from './apply.js';
import { historyPlanner } from './plan.js';

export const PAID_UP_TO = 'paid_up_to';

const FIELD: Field = {
  name: PAID_UP_TO,
  type: 'integer' satisfies FieldType,
  label: 'Quotas pagas até',
  group: 'Inscrição',
  inputType: 'number',
  validation: {},
  sortable: false,
  filterable: false,
  searchable: false,
  readOnly: false,
  writeOnly: false,
};

/** The field a members file may fill with the year the member's quotas are paid up to. */
export const paidUpToField = (): TargetField => ({ key: PAID_UP_TO, label: FIELD.label, required: false, hint: 'O ano até ao qual as quotas estão pagas, por exemplo 2024', joins: false, field: FIELD });

/** Other header names of the column. */
export const PAID_UP_TO_HEADERS: readonly string[] = ['Pagas até', 'Quotas pagas', 'Quota paga até', 'Último ano pago', 'Paid up to'];

interface Wrapped<P> {
  inner: Judged<P>;
  year: number | null;
}

/** The members' handler with the column "Quotas pagas até" planned and written after each member. */
export async function withPaidUpTo<P>(run: ImportRun, inner: RowHandler<P>): Promise<RowHandler<Wrapped<P>>> {
  const { app, actor } = run;
  const planner = await historyPlanner(app.ctx.database.db, app.ctx.now());
  const thisYear = Number(lisbonDay(app.ctx.now()).slice(0, 4));
  return {
    // Everything else is the members' own (their keys, their reading of a chunk's members).
    ...inner,
    async judge(trx, row) {
      // Taken out of the row itself: the members' handler knows its rows by identity.
      const given = row.body[PAID_UP_TO];
      delete row.body[PAID_UP_TO];
      const body = row.body;
      const judged = await inner.judge(trx, row);
      const result = { ...judged.result, errors: [...judged.result.errors] };
      const wrapped = (year: number | null) => ({ result, plan: { inner: judged, year } });
      if (given === undefined || result.outcome === 'error' || result.outcome === 'duplicate') return wrapped(null);
      const year = Number(given);
      const admission = typeof body.admission_date === 'string' ? body.admission_date : null;
      if (year < 1900 || year > thisYear) result.errors.push({ field: PAID_UP_TO, message: `O ano ${year} não é válido: as quotas pagas vão até ${thisYear}, no máximo.` });
      else if (admission && year < Number(admission.slice(0, 4))) result.errors.push({ field: PAID_UP_TO, message: `O sócio foi admitido em ${admission.slice(0, 4)}, depois de ${year}.` });
      else if (result.member) {
        // A member already here: their ledger as it stands says what is still to raise and pay.
        const planned = await planner.paidUpTo(trx, result.member.id, year, row.line);
        result.errors.push(...planned.errors.map((e) => ({ field: PAID_UP_TO, message: e.message })));
        if (planned.outcome === 'create') {
          result.actions = planned.actions;
          if (result.outcome === 'unchanged') Object.assign(result, { outcome: 'update', changes: [...(result.changes ?? []), PAID_UP_TO] });
        }
      }
      if (result.errors.length > 0) return { result: { ...result, outcome: 'error' } };
      return wrapped(year);
    },
    async write(trx, { result, plan }, afterCommit) {
      if (!plan) return [];
      const changes: RecordChange[] = plan.inner.plan === undefined ? [] : await inner.write(trx, plan.inner, afterCommit);
      if (plan.year === null) return changes;
      const member = changes.find((c) => c.resource === 'members')?.recordId ?? result.member?.id;
      if (member === undefined) return changes;
      const planned = await planner.paidUpTo(trx, member, plan.year, result.line);
      // A refusal found only now (no schedule for the admission year of a new member) refuses the row, member and all.
      if (planned.errors.length > 0) throw invalidRecord({ [PAID_UP_TO]: planned.errors.map((e) => e.message).join(' ') });
      if (planned.outcome !== 'create') return changes;
      await applyHistory(trx, app.ctx, [planned], { receipts: 'none', by: actor.caller.kind === 'user' ? actor.caller.id : null }, async (change) => void changes.push(change));
      announceLedger({ afterCommit, ctx: app.ctx }, [member], [{ resource: 'member_balances', id: member }]);
      return changes;
    },
  };
}
