import type { FastifyInstance } from 'fastify';
import type { ImportMatchKey, ImportRowError } from '../../../core/contract.js';
import { sql } from 'kysely';
import type { Db, Row } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import type { HookContext, Resource } from '../../resources/define.js';
import { resourceHandlers } from '../../resources/handlers.js';
import { readRow } from '../../resources/records.js';
import { validateWrite } from '../../resources/validate.js';
import { CONFIRM_DUPLICATE, guardDuplicates, type MemberDuplicate } from '../members/duplicate-members.js';
import { targetFields } from './fields.js';
import { MEMBER_HEADER_NAMES } from './header-names.js';
import { PAID_UP_TO, PAID_UP_TO_HEADERS, paidUpToField, withPaidUpTo } from './history/paid-up-to.js';
import type { ImportKindDefinition, ImportRun, Judged, ParsedRow, RowHandler } from './kind.js';

const MEMBERS = 'members';

/** What a judged member row will write. */
interface MemberPlan {
  mode: 'create' | 'patch';
  id?: number;
  body: Record<string, unknown>;
  existing?: Row;
  /** Fields an update changes. */
  changed: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const sortedIds = (ids: unknown) => (Array.isArray(ids) ? ids.map(Number).sort((a, b) => a - b) : []);

const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/** The member a row names, by NIF, then number, then e-mail (whatever its case). */
async function findMember(db: Db, body: Record<string, unknown>): Promise<{ id: number; by: ImportMatchKey } | null> {
  const nif = text(body.nif);
  if (nif) {
    const row = await db.selectFrom('members').select('_id').where('nif', '=', nif).orderBy('_id').executeTakeFirst();
    if (row) return { id: Number(row._id), by: 'nif' };
  }
  const number = typeof body.number === 'number' ? body.number : null;
  if (number !== null) {
    const row = await db.selectFrom('members').select('_id').where('number', '=', number).executeTakeFirst();
    if (row) return { id: Number(row._id), by: 'number' };
  }
  const email = text(body.email)?.toLowerCase();
  if (email) {
    const row = await db.selectFrom('members').select('_id').where(sql<string>`lower(email)`, '=', email).orderBy('_id').executeTakeFirst();
    if (row) return { id: Number(row._id), by: 'email' };
  }
  return null;
}

/** The duplicate guard's refusal as a row error: which field makes the row look like another member, and who. */
function duplicateError(duplicates: readonly MemberDuplicate[], values: Row): ImportRowError {
  const first = duplicates[0]!;
  const who = `do sócio n.º ${first.number}, ${first.name}`;
  switch (first.reason) {
    case 'nif':
      return { field: 'nif', message: `O NIF ${String(values.nif)} já é ${who}.` };
    case 'email':
      return { field: 'email', message: `O e-mail ${String(values.email)} já é ${who}.` };
    case 'name_birth':
      return { field: 'name', message: `Já existe um sócio com o mesmo nome e data de nascimento: n.º ${first.number}, ${first.name}.` };
  }
}

const fieldErrors = (errors: Record<string, string>): ImportRowError[] => Object.entries(errors).map(([field, message]) => ({ field, message }));

/** Runs the duplicate guard (same-person.ts's rules) on a copy; its 409 becomes a row error. */
async function duplicateOf(db: Db, values: Row, existing: Row | undefined): Promise<ImportRowError | null> {
  try {
    await guardDuplicates(db, { ...values }, existing);
    return null;
  } catch (error) {
    if (error instanceof HttpError && error.code === 'probable_duplicate') {
      return duplicateError((error.details?.duplicates ?? []) as MemberDuplicate[], existing ? { ...existing, ...values } : values);
    }
    throw error;
  }
}

function memberHandler(run: ImportRun, resource: Resource): RowHandler<MemberPlan> {
  const { app, actor, batchId } = run;
  const writes = resourceHandlers(app, resource);
  const hookFor = (trx: Db, afterCommit: HookContext['afterCommit']): HookContext => ({ ctx: app.ctx, tokens: app.tokens, caller: actor.caller, db: trx, address: actor.address, afterCommit });
  const discard: HookContext['afterCommit'] = () => undefined;
  const audit = { action: 'import', changes: { import_batch: [null, batchId] as [unknown, unknown] } };

  return {
    keysOf(row: ParsedRow) {
      const keys: { field: string; label: string; value: string }[] = [];
      if (text(row.body.nif)) keys.push({ field: 'nif', label: 'O mesmo NIF', value: String(row.body.nif) });
      if (typeof row.body.number === 'number') keys.push({ field: 'number', label: 'O mesmo número de sócio', value: String(row.body.number) });
      if (text(row.body.email)) keys.push({ field: 'email', label: 'O mesmo e-mail', value: String(row.body.email).toLowerCase() });
      return keys;
    },

    async judge(trx, row): Promise<Judged<MemberPlan>> {
      const hook = hookFor(trx, discard);
      const match = await findMember(trx, row.body);
      const errors = [...row.errors];
      if (match) {
        const existing = (await readRow(trx, resource, match.id))!;
        const member = { id: match.id, number: Number(existing.number), name: String(existing.name) };
        const prepared = await validateWrite(hook, resource, row.body, 'patch', existing, app.registry);
        errors.push(...fieldErrors(prepared.errors).filter((e) => !errors.some((known) => known.field === e.field)));
        const changed = [
          ...Object.keys(prepared.values).filter((name) => !resource.field(name)?.writeOnly && !same(prepared.values[name], existing[name])),
          ...Object.keys(prepared.links).filter((name) => !same(sortedIds(prepared.links[name]), sortedIds(existing[name]))),
        ];
        if (errors.length === 0 && changed.length > 0) {
          const duplicate = await duplicateOf(trx, Object.fromEntries(changed.map((name) => [name, prepared.values[name]])), existing);
          if (duplicate) errors.push(duplicate);
        }
        const base = { line: row.line, member, matchedBy: match.by };
        if (errors.length > 0) return { result: { ...base, outcome: 'error', errors } };
        if (changed.length === 0) return { result: { ...base, outcome: 'unchanged', errors: [] } };
        const body = Object.fromEntries(changed.map((name) => [name, row.body[name]]));
        return { result: { ...base, outcome: 'update', changes: changed, errors: [] }, plan: { mode: 'patch', id: match.id, body, existing, changed } };
      }
      const prepared = await validateWrite(hook, resource, row.body, 'create', undefined, app.registry);
      errors.push(...fieldErrors(prepared.errors).filter((e) => !errors.some((known) => known.field === e.field)));
      if (errors.length === 0) {
        const duplicate = await duplicateOf(trx, prepared.values, undefined);
        if (duplicate) errors.push(duplicate);
      }
      if (errors.length > 0) return { result: { line: row.line, outcome: 'error', errors } };
      return { result: { line: row.line, outcome: 'create', errors: [] }, plan: { mode: 'create', body: row.body, changed: [] } };
    },

    async write(trx, { plan }, afterCommit) {
      if (!plan) return [];
      // The guard ran in judge, with the import's own words: the write need not ask again.
      const body = { ...plan.body, [CONFIRM_DUPLICATE]: true };
      const { saved, before } = await writes.writeRow(actor, trx, { mode: plan.mode, id: plan.id, body, granted: 'all', audit }, afterCommit);
      if (before && saved === before) return [];
      const recordId = Number(saved._id);
      return [{ resource: MEMBERS, recordId, action: before ? 'updated' : 'created', before: before ? { ...before, _changed: plan.changed } : null }];
    },
  };
}

/** Members: one row per member, created or updated (matched by NIF, number or e-mail) through the members' own write path. */
export const membersImport: ImportKindDefinition = {
  kind: 'members',
  label: 'Sócios',
  // "Quotas pagas até" is no member field: the history import writes the ledger it says (history/paid-up-to.ts).
  fields: (app: FastifyInstance) => [...targetFields(app.registry.resourceByName(MEMBERS)!, app.registry), paidUpToField()],
  headerNames: { ...MEMBER_HEADER_NAMES, [PAID_UP_TO]: PAID_UP_TO_HEADERS },
  async handler(run) {
    return withPaidUpTo(run, memberHandler(run, run.app.registry.resourceByName(MEMBERS)!));
  },
};
