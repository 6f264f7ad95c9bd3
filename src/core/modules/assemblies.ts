// General assemblies, as the back office asks for them: the agenda, the convocation's preview and
// sending, the proof that it was sent. The routes are the server's (issue 33's design).
import { LIST_ALL } from '../contract.js';
import type { Core } from '../core.js';
import type { QuerySpec } from '../queries.js';

export const ASSEMBLY_RESOURCES = {
  assemblies: 'assemblies',
  items: 'assembly_items',
  convocations: 'assembly_convocations',
  attendance: 'assembly_attendance',
} as const;

const { assemblies: ASSEMBLIES, items: ITEMS, convocations: CONVOCATIONS } = ASSEMBLY_RESOURCES;

export type AssemblyStatus = 'draft' | 'convened' | 'in_session' | 'closed';
export type AssemblyKind = 'ordinaria' | 'extraordinaria';
export type ItemMajority = 'ordinary' | 'statutes' | 'dissolution' | 'election' | 'custom';
export type CustomBase = 'present' | 'all' | 'cast';
export type VoteStatus = 'pending' | 'open' | 'closed';
export type ConvocationChannel = 'email' | 'post';

/** The fields of an assembly these pages read. */
export interface AssemblyRecord {
  _id: number;
  _version?: number;
  kind: AssemblyKind | null;
  title: string | null;
  date: string | null;
  time: string | null;
  place?: string | null;
  online_link?: string | null;
  status: AssemblyStatus | null;
  convened_at?: string | null;
  last_notice_day?: string | null;
  cutoff_date?: string | null;
  opened_at?: string | null;
  closed_at?: string | null;
  minutes_final_at?: string | null;
}

/** An agenda item as the server keeps it. */
export interface AgendaItem {
  _id: number;
  _version?: number;
  assembly: number;
  position: number;
  title: string;
  description: string | null;
  majority: ItemMajority | null;
  custom_num: number | null;
  custom_den: number | null;
  custom_base: CustomBase | null;
  secret: boolean | null;
  vote_status?: VoteStatus | null;
  votes_for?: number | null;
  votes_against?: number | null;
  abstentions?: number | null;
  voters?: number | null;
  result?: 'approved' | 'rejected' | null;
  result_text?: string | null;
  deliberation?: string | null;
}

/** What an agenda item is written with (create and update). */
export interface AgendaItemInput {
  title: string;
  description: string | null;
  majority: ItemMajority;
  custom_num: number | null;
  custom_den: number | null;
  custom_base: CustomBase | null;
  secret: boolean;
}

/** GET assemblies/{id}/convocation: what sending the notice now would do. */
export interface ConvocationPreview {
  /** The last day the notice may be sent ('YYYY-MM-DD'). */
  last_notice_day: string;
  /** The minimum notice in days (the statutes' setting, never below the law's). */
  notice_days?: number | null;
  /** Today is past the last day: sending would be refused. */
  late?: boolean;
  /** Associates with a vote, who receive it (once sent: those it was sent to). */
  voters: number;
  emails: number;
  letters: number;
  /** Every associate on the cut-off date, with a vote or not. */
  associates?: number;
  agenda_items?: number;
  /** Those a letter is for whose address lacks a part (named by the server: 'morada', 'código postal'...). */
  missing_address?: { member: number; number: number | null; name: string; missing: string[] }[];
  notice_text: string;
}

export type DeliveryState = 'pending' | 'sending' | 'sent' | 'failed' | 'printed';

/** One associate's convocation, as the proof lists it. */
export interface ProofRow {
  number: number | null;
  name: string;
  channel: ConvocationChannel;
  recipient: string | null;
  sent_at: string | null;
  delivery: DeliveryState | null;
  delivery_at?: string | null;
  /** The outbox's last error, for an e-mail that failed. */
  last_error?: string | null;
}

/** GET assemblies/{id}/convocation_proof. */
export interface ConvocationProof {
  /** The assembly as convened, with the name of whoever sent the convocation. */
  assembly?: (Partial<AssemblyRecord> & { convened_by?: string | null }) | null;
  rows: ProofRow[];
  /** The letters' print: when their PDF was made, and how many it held; null before. */
  printed: { at: string; letters?: number | null } | null;
  totals?: Partial<Record<'rows' | 'emails' | 'letters' | 'sent' | 'failed' | 'pending', number>> | null;
}

const idPart = (id: string | number) => encodeURIComponent(String(id));

/** The agenda of one assembly, in its order. */
export function agendaQuery(assemblyId: string | number): QuerySpec {
  return { path: ITEMS, params: { _page: 1, _limit: LIST_ALL, _assembly: String(assemblyId), _sort: 'position' }, resources: [ITEMS] };
}

/** The convocation's preview: the notice is filled from the assembly and its agenda, so both make it stale. */
export function convocationQuery(assemblyId: string | number): QuerySpec {
  return { path: `${ASSEMBLIES}/${idPart(assemblyId)}/convocation`, resources: [ASSEMBLIES, ITEMS, 'settings'] };
}

/** The proof of convocation: stale when a convocation or its message changes (delivery states). */
export function proofQuery(assemblyId: string | number): QuerySpec {
  return { path: `${ASSEMBLIES}/${idPart(assemblyId)}/convocation_proof`, resources: [ASSEMBLIES, CONVOCATIONS, 'messages'] };
}

/** Sends the convocation (POST assemblies/{id}/convene); rejects with the server's refusal. */
export function conveneAssembly(core: Pick<Core, 'queries'>, assemblyId: string | number): Promise<AssemblyRecord> {
  return core.queries.action<AssemblyRecord>(`${ASSEMBLIES}/${idPart(assemblyId)}/convene`, {}, { invalidates: [ASSEMBLIES, ITEMS, CONVOCATIONS] });
}

export function createAgendaItem(core: Pick<Core, 'queries'>, assemblyId: string | number, position: number, input: AgendaItemInput): Promise<AgendaItem> {
  return core.queries.action<AgendaItem>(ITEMS, { ...input, assembly: Number(assemblyId), position }, { invalidates: [ITEMS] });
}

export function updateAgendaItem(core: Pick<Core, 'queries'>, itemId: number, changes: Partial<AgendaItemInput> & { position?: number }): Promise<AgendaItem> {
  return core.queries.action<AgendaItem>(`${ITEMS}/${itemId}`, changes, { method: 'PATCH', invalidates: [ITEMS] });
}

/** The highest position an item may take (the server's bound). */
const LAST_POSITION = 999;

/** A position no item of the agenda holds: after the last, or the first gap when the last is taken. */
function freePosition(taken: readonly number[]): number {
  const used = new Set(taken);
  const after = Math.max(0, ...taken) + 1;
  if (after <= LAST_POSITION) return after;
  for (let position = 1; position <= LAST_POSITION; position++) if (!used.has(position)) return position;
  throw new Error('No free agenda position');
}

/**
 * Two items trade positions. A position is unique within an assembly, so the first waits on a
 * free one while the second takes its place; a refusal half-way puts the first back.
 */
export async function swapAgendaItems(core: Pick<Core, 'queries'>, first: Pick<AgendaItem, '_id' | 'position'>, second: Pick<AgendaItem, '_id' | 'position'>, taken: readonly number[]): Promise<void> {
  await updateAgendaItem(core, first._id, { position: freePosition(taken) });
  try {
    await updateAgendaItem(core, second._id, { position: first.position });
  } catch (error) {
    await updateAgendaItem(core, first._id, { position: first.position }).catch(() => undefined);
    throw error;
  }
  await updateAgendaItem(core, first._id, { position: second.position });
}

export function deleteAgendaItem(core: Pick<Core, 'queries'>, itemId: number): Promise<unknown> {
  return core.queries.action(`${ITEMS}/${itemId}`, undefined, { method: 'DELETE', invalidates: [ITEMS] });
}

/** The addresses of the assembly's PDFs (fetched with the session's token). */
export const assemblyPdf = {
  letters: (core: Pick<Core, 'api'>, assemblyId: string | number) => `${core.api}/${ASSEMBLIES}/${idPart(assemblyId)}/letters.pdf`,
  proof: (core: Pick<Core, 'api'>, assemblyId: string | number) => `${core.api}/${ASSEMBLIES}/${idPart(assemblyId)}/convocation_proof.pdf`,
};
