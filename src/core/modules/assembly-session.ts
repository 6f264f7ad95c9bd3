// A general assembly's session as the chair's table runs it: attendance at the door (a card
// scanned, a name chosen, a representation), the live quorum, the votes of the agenda items.
// The shapes are the server's (src/server/modules/assemblies/); reads go through the core's
// queries so a change announced over realtime ('assembly_attendance changed', 'assembly_items
// changed', 'assemblies changed') reads them again, in this browser and in any other.
import type { QuerySpec } from '../queries.js';
import type { Core } from '../core.js';

export const ASSEMBLY_RESOURCES = {
  assemblies: 'assemblies',
  items: 'assembly_items',
  attendance: 'assembly_attendance',
  ballots: 'assembly_ballots',
} as const;

const A = ASSEMBLY_RESOURCES;

export type AssemblyStatus = 'draft' | 'convened' | 'in_session' | 'closed';

/** The fields of an assembly the session shows. */
export interface AssemblyHead {
  _id: number;
  kind: 'ordinaria' | 'extraordinaria';
  title: string;
  date: string;
  time: string;
  place: string | null;
  online_link: string | null;
  status: AssemblyStatus;
  second_call_minutes: number | null;
  opened_at: string | null;
}

/** GET assemblies/{id}/quorum: the counts at this moment and the quorum of the call in force. */
export interface AssemblyCounts {
  /** Every associate on the cut-off date (with voting rights or not). */
  associates: number;
  /** Associates with voting rights. */
  eligible: number;
  /** Present in person. */
  present: number;
  /** Represented by someone present. */
  represented: number;
  /** Present and represented with voting rights: what the quorum counts. */
  counted: number;
  call: 'first' | 'second';
  /** When the second call begins (ISO datetime). */
  secondCallAt: string | null;
  quorum: { met: boolean; required: number; missing: number; text: string };
}

export type AttendanceVia = 'card' | 'name' | 'proxy';

/** One associate present or represented (assembly_attendance). */
export interface AttendanceRow {
  _id: number;
  assembly: number;
  member: number;
  position: number;
  at: string;
  via: AttendanceVia;
  card_code: string | null;
  represented_by: number | null;
  has_vote: boolean;
  /** The check-in's answer names the associates; the list does not (read from the members). */
  name?: string | null;
  number?: number | null;
  represented_by_name?: string | null;
}

/**
 * What POST assemblies/{id}/check_in answers: the associate's row, `repeated` when they were
 * already there (the row as it was, unchanged), and the counts after it.
 */
export interface CheckedIn extends AttendanceRow {
  repeated?: boolean;
  counts?: AssemblyCounts;
}

export type VoteStatus = 'pending' | 'open' | 'closed';

/** An agenda item with its vote (assembly_items). */
export interface AgendaItem {
  _id: number;
  assembly: number;
  position: number;
  title: string;
  majority: 'ordinary' | 'statutes' | 'dissolution' | 'election' | 'custom';
  secret: boolean;
  vote_status: VoteStatus;
  votes_for: number | null;
  votes_against: number | null;
  abstentions: number | null;
  voters: number | null;
  result: 'approved' | 'rejected' | null;
  result_text: string | null;
}

export type BallotChoice = 'for' | 'against' | 'abstain';

/** What POST assembly_items/{id}/cast answers: the ballots of the card read (a representative's too) and the totals so far. */
export interface CastAnswer {
  ballots: { member: number; cast_by: number; choice: BallotChoice }[];
  totals: VoteCounts & { voters: number };
}

/** A check-in: a card read, a member chosen by name, or one represented by another present. */
export type CheckIn = { input: string } | { member: number } | { member: number; represented_by: number };

export interface VoteCounts {
  votes_for: number;
  votes_against: number;
  abstentions: number;
}

const path = (resource: string, id: number | string, action?: string) => `${resource}/${encodeURIComponent(String(id))}${action ? `/${action}` : ''}`;

/** Everything the quorum depends on: a change of any reads it again. */
const QUORUM_SOURCES = [A.attendance, A.assemblies, A.items] as const;

export const quorumQuery = (assembly: number | string): QuerySpec => ({ path: path(A.assemblies, assembly, 'quorum'), resources: QUORUM_SOURCES });

/** Everyone present or represented, newest first. */
export const attendanceQuery = (assembly: number | string): QuerySpec => ({
  path: path(A.assemblies, assembly, A.attendance),
  params: { _page: 1, _limit: -1, _sort: '-position' },
  resources: [A.attendance],
});

/** The agenda in order, with each item's vote. */
export const agendaQuery = (assembly: number | string): QuerySpec => ({
  path: path(A.assemblies, assembly, A.items),
  params: { _page: 1, _limit: -1, _sort: 'position' },
  resources: [A.items],
});

/** Writes that change who is there: the list and the quorum (which follows attendance) are read again after them. */
const AFTER_ATTENDANCE = [A.attendance] as const;
const AFTER_VOTE = [A.items, A.ballots] as const;

export const openSession = (core: Core, assembly: number): Promise<AssemblyHead> =>
  core.queries.action<AssemblyHead>(path(A.assemblies, assembly, 'open_session'), {}, { invalidates: [A.assemblies, A.attendance] });

/** The counts a write answered, shown at once by every panel on the page (the reading that follows confirms them). */
function showCounts(core: Core, assembly: number, counts: AssemblyCounts | undefined) {
  if (counts && typeof counts === 'object') core.queries.replace(quorumQuery(assembly), counts);
}

export async function checkIn(core: Core, assembly: number, body: CheckIn): Promise<CheckedIn> {
  const answer = await core.queries.action<CheckedIn>(path(A.assemblies, assembly, 'check_in'), body, { invalidates: AFTER_ATTENDANCE });
  showCounts(core, assembly, answer?.counts);
  return answer;
}

export async function checkOut(core: Core, assembly: number, member: number): Promise<{ counts?: AssemblyCounts }> {
  const answer = await core.queries.action<{ counts?: AssemblyCounts }>(path(A.assemblies, assembly, 'check_out'), { member }, { invalidates: AFTER_ATTENDANCE });
  showCounts(core, assembly, answer?.counts);
  return answer;
}

export const openVote = (core: Core, item: number): Promise<AgendaItem> => core.queries.action<AgendaItem>(path(A.items, item, 'open_vote'), {}, { invalidates: AFTER_VOTE });

export const recordVotes = (core: Core, item: number, counts: VoteCounts): Promise<AgendaItem> =>
  core.queries.action<AgendaItem>(path(A.items, item, 'record_votes'), counts, { invalidates: AFTER_VOTE });

export const castBallot = (core: Core, item: number, input: string, choice: BallotChoice): Promise<CastAnswer> =>
  core.queries.action<CastAnswer>(path(A.items, item, 'cast'), { input, choice }, { invalidates: AFTER_VOTE });

export const closeVote = (core: Core, item: number): Promise<AgendaItem> => core.queries.action<AgendaItem>(path(A.items, item, 'close_vote'), {}, { invalidates: AFTER_VOTE });

/** The sign-in sheet's address: by name or by number. */
export const attendanceSheetUrl = (core: Core, assembly: number, order: 'name' | 'number'): string =>
  `${core.api}/${path(A.assemblies, assembly, 'attendance_sheet.pdf')}?order=${order}`;
