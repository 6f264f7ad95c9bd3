import type { Caller } from '../../../auth/caller.js';
import type { Db, Row } from '../../../db/database.js';
import { conflict, notFound } from '../../../errors.js';
import { toRecord } from '../../../resources/records.js';
import { assemblyAttendance } from '../attendance.js';

const NOT_IN_SESSION: Record<string, string> = {
  draft: 'A assembleia ainda não foi convocada: a sessão só se abre depois da convocatória.',
  convened: 'A sessão da assembleia ainda não foi aberta.',
  closed: 'A assembleia já foi encerrada.',
};

/** Refuses (409) any session work on an assembly that is not in session, saying where it stands. */
export function mustBeInSession(assembly: Row): void {
  if (assembly.status !== 'in_session') throw conflict(NOT_IN_SESSION[String(assembly.status)] ?? 'A assembleia não está em curso.');
}

/** The assembly an item belongs to, read inside the transaction (locked on PostgreSQL, so its session's writes go one at a time). */
export async function assemblyOf(db: Db, item: Row, lock: boolean): Promise<Row> {
  let query = db.selectFrom('assemblies').selectAll().where('_id', '=', Number(item.assembly));
  if (lock) query = query.forUpdate();
  const assembly = await query.executeTakeFirst();
  if (!assembly) throw notFound('Assembleia não encontrada.');
  return assembly;
}

/** Those counted at the assembly with a vote (present or represented): the "present" a majority is taken of. */
export async function countedWithVote(db: Db, assembly: number): Promise<number> {
  const row = await db
    .selectFrom('assembly_attendance')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('assembly', '=', assembly)
    .where('has_vote', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** An attendance row as the session's answers give it: with the associate's and the representative's name and number. */
export async function attendanceEntry(db: Db, row: Row, caller: Caller): Promise<Record<string, unknown>> {
  const ids = [Number(row.member), ...(row.represented_by === null || row.represented_by === undefined ? [] : [Number(row.represented_by)])];
  const people = await db.selectFrom('members').select(['_id', 'name', 'number']).where('_id', 'in', ids).execute();
  const byId = new Map(people.map((p) => [Number(p._id), p]));
  const member = byId.get(Number(row.member));
  const representative = row.represented_by === null || row.represented_by === undefined ? undefined : byId.get(Number(row.represented_by));
  return {
    ...toRecord(assemblyAttendance, row, caller),
    name: member?.name ?? '',
    number: member?.number ?? null,
    represented_by_name: representative?.name ?? null,
  };
}

export const stamp = (now: number): string => new Date(now).toISOString();

/** Who recorded a row: the signed-in user (an API key is no user). */
export const userOf = (caller: Caller): number | null => (caller.kind === 'user' ? caller.id : null);
