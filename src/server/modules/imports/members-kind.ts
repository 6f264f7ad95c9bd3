import type { FastifyInstance } from 'fastify';
import type { ImportRowError } from '../../../core/contract.js';
import type { Db, Row } from '../../db/database.js';
import type { HookContext, Resource } from '../../resources/define.js';
import { resourceHandlers } from '../../resources/handlers.js';
import { KnownRecords } from '../../resources/known-records.js';
import { validateWrite } from '../../resources/validate.js';
import { CONFIRM_DUPLICATE, type MemberDuplicate } from '../members/public.js';
import { targetFields } from './fields.js';
import { MEMBER_HEADER_NAMES } from './header-names.js';
import { PAID_UP_TO, PAID_UP_TO_HEADERS, paidUpToField, withPaidUpTo } from './history/paid-up-to.js';
import type { ImportKindDefinition, ImportRun, Judged, ParsedRow, RowHandler } from './kind.js';
import { chunkMatches, type ChunkMatches } from './member-matches.js';

const MEMBERS = 'members';

/** What a judged member row will write. */
interface MemberPlan {
  mode: 'create' | 'patch';
  id?: number;
  body: Record<string, unknown>;
  /** Fields an update changes. */
  changed: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const sortedIds = (ids: unknown) => (Array.isArray(ids) ? ids.map(Number).sort((a, b) => a - b) : []);

const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/** The duplicate guard's finding as a row error, in the guard's words: which field makes the row look like another member, and who. */
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

/** Adds the rule's errors to the row's own, a field already refused keeping its first reason. */
const merge = (errors: ImportRowError[], more: readonly ImportRowError[]) => errors.push(...more.filter((e) => !errors.some((known) => known.field === e.field)));

function memberHandler(run: ImportRun, resource: Resource): RowHandler<MemberPlan> {
  const { app, actor, batchId } = run;
  const writes = resourceHandlers(app, resource);
  const discard: HookContext['afterCommit'] = () => undefined;
  const hookFor = (trx: Db): HookContext => ({ ctx: app.ctx, tokens: app.tokens, caller: actor.caller, db: trx, address: actor.address, afterCommit: discard });
  const audit = { action: 'import', changes: { import_batch: [null, batchId] as [unknown, unknown] } };
  let chunk: ChunkMatches = { match: new Map(), duplicates: new Map(), numberHolders: [] };
  // The chunk's references and member numbers, read once for all its rows (known-records.ts).
  let known = new KnownRecords();

  return {
    keysOf(row: ParsedRow) {
      const keys: { field: string; label: string; value: string }[] = [];
      const { nif, number, email, name, birth_date: birth } = row.body;
      if (text(nif)) keys.push({ field: 'nif', label: 'O mesmo NIF', value: String(nif) });
      if (typeof number === 'number') keys.push({ field: 'number', label: 'O mesmo número de sócio', value: String(number) });
      if (text(email)) keys.push({ field: 'email', label: 'O mesmo e-mail', value: String(email).toLowerCase() });
      // The duplicate guard's third rule, inside the file: one person, two rows.
      if (text(name) && text(birth)) keys.push({ field: 'name', label: 'O mesmo nome e data de nascimento', value: `${String(name).toLowerCase()}\u0000${String(birth)}` });
      return keys;
    },

    async prepareChunk(trx, rows) {
      chunk = await chunkMatches(trx, resource, rows);
      known = new KnownRecords();
      known.learnHolders(MEMBERS, 'number', chunk.numberHolders);
    },

    async judge(trx, row): Promise<Judged<MemberPlan>> {
      const hook = hookFor(trx);
      const match = chunk.match.get(row);
      const lookAlikes = chunk.duplicates.get(row);
      const errors = [...row.errors];
      if (match) {
        const { existing } = match;
        const member = { id: match.id, number: Number(existing.number), name: String(existing.name) };
        const prepared = await validateWrite(hook, resource, row.body, 'patch', existing, app.registry, known);
        merge(errors, fieldErrors(prepared.errors));
        const changed = [
          ...Object.keys(prepared.values).filter((name) => !resource.field(name)?.writeOnly && !same(prepared.values[name], existing[name])),
          ...Object.keys(prepared.links).filter((name) => !same(sortedIds(prepared.links[name]), sortedIds(existing[name]))),
        ];
        if (errors.length === 0 && changed.length > 0 && lookAlikes) errors.push(duplicateError(lookAlikes, { ...existing, ...row.body }));
        const base = { line: row.line, member, matchedBy: match.by };
        if (errors.length > 0) return { result: { ...base, outcome: 'error', errors } };
        if (changed.length === 0) return { result: { ...base, outcome: 'unchanged', errors: [] } };
        const body = Object.fromEntries(changed.map((name) => [name, row.body[name]]));
        return { result: { ...base, outcome: 'update', changes: changed, errors: [] }, plan: { mode: 'patch', id: match.id, body, changed } };
      }
      // A commit leaves a new member's rules to the create itself (the same check, run once): a refusal there is the row's.
      if (run.purpose === 'check') merge(errors, fieldErrors((await validateWrite(hook, resource, row.body, 'create', undefined, app.registry, known)).errors));
      if (errors.length === 0 && lookAlikes) errors.push(duplicateError(lookAlikes, row.body));
      if (errors.length > 0) return { result: { line: row.line, outcome: 'error', errors } };
      return { result: { line: row.line, outcome: 'create', errors: [] }, plan: { mode: 'create', body: row.body, changed: [] } };
    },

    async write(trx, { plan }, afterCommit) {
      if (!plan) return [];
      // The guard ran in judge, with the import's own words: the write need not ask again.
      const body = { ...plan.body, [CONFIRM_DUPLICATE]: true };
      const { saved, before } = await writes.writeRow(actor, trx, { mode: plan.mode, id: plan.id, body, granted: 'all', audit, lookups: known.forWrites() }, afterCommit);
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
