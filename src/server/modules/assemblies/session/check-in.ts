import { sql } from 'kysely';
import { STAFF_ROLES } from '../../../../core/contract.js';
import type { Db, Row } from '../../../db/database.js';
import { conflict } from '../../../errors.js';
import { defineAction } from '../../../resources/actions.js';
import { publishChange } from '../../../resources/events.js';
import { readSettings } from '../../../settings/read.js';
import { assemblyAttendance } from '../attendance.js';
import { assemblyCounts } from '../voting-rights.js';
import { associateOf } from './associates.js';
import { identify, refused, type Identified } from './who.js';
import { attendanceEntry, mustBeInSession, stamp, userOf } from './state.js';

const nameOf = async (db: Db, member: number): Promise<string> =>
  String((await db.selectFrom('members').select('name').where('_id', '=', member).executeTakeFirst())?.name ?? `n.º ${member}`);

async function attendanceOf(db: Db, assembly: number, member: number): Promise<Row | undefined> {
  return db.selectFrom('assembly_attendance').selectAll().where('assembly', '=', assembly).where('member', '=', member).executeTakeFirst();
}

/** A representation's checks: allowed by the statutes, within the number one may carry, by someone present in person, of someone who may vote. */
async function checkRepresentation(db: Db, assembly: number, who: Identified, representative: number, hasVote: boolean, reason: string | null): Promise<void> {
  const settings = await readSettings(db, ['assemblyProxies', 'assemblyProxyMax']);
  if (!settings.assemblyProxies) {
    throw refused('represented_by', 'Os estatutos não admitem representação: cada associado vota pessoalmente (ative-a em Configuração › Assembleias se os estatutos a permitirem).');
  }
  if (representative === who.member) throw refused('represented_by', 'Um associado não se pode representar a si próprio.');
  const name = await nameOf(db, who.member);
  if (!hasVote) throw refused('member', `${name} não tem direito de voto${reason ? ` (${reason})` : ''}: não pode ter representante.`);
  const present = await attendanceOf(db, assembly, representative);
  const representativeName = await nameOf(db, representative);
  if (!present || present.via === 'proxy') throw refused('represented_by', `${representativeName} não está presente: registe primeiro a sua entrada.`);
  const carried = await db
    .selectFrom('assembly_attendance')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('assembly', '=', assembly)
    .where('represented_by', '=', representative)
    .where('member', '!=', who.member)
    .executeTakeFirst();
  const count = Number(carried?.n ?? 0);
  if (count >= settings.assemblyProxyMax) {
    const limit = settings.assemblyProxyMax === 1 ? '1 associado' : `${settings.assemblyProxyMax} associados`;
    throw refused('represented_by', `${representativeName} já representa ${count === 1 ? '1 associado' : `${count} associados`}: cada associado pode representar no máximo ${limit}.`);
  }
}

/**
 * POST /assemblies/{id}/check_in {input} | {member} | {member, represented_by}: an associate
 * present (card read, or found by name) or represented by one present. Each associate is counted
 * once: reading them again (any card of theirs) answers the earlier row with `repeated: true`;
 * one represented who then comes in person is converted to present in person (their own
 * presence ends the representation). Answers the row, whether it repeats, and the counts.
 */
export const checkInAction = defineAction({
  resource: 'assemblies',
  name: 'check_in',
  label: 'Registar presença',
  on: 'record',
  access: STAFF_ROLES,
  fields: [
    { name: 'input', type: 'string', label: 'Código lido', validation: { maxLength: 500 } },
    { name: 'member', type: 'reference', ref: 'members', label: 'Associado' },
    { name: 'represented_by', type: 'reference', ref: 'members', label: 'Representado por' },
  ],
  async run({ db, ctx, caller, input, record, address, afterCommit }) {
    if (!record) return undefined;
    mustBeInSession(record);
    const assembly = Number(record._id);
    const now = ctx.now();
    const who = await identify(db, input, address, now);
    const associate = await associateOf(db, record, now, who.member, who.code ? 'input' : 'member');
    const representative = input.represented_by === null || input.represented_by === undefined ? null : Number(input.represented_by);
    const earlier = await attendanceOf(db, assembly, who.member);
    const answer = async (row: Row, repeated: boolean) => ({
      ...(await attendanceEntry(db, row, caller)),
      repeated,
      counts: await assemblyCounts(db, record, now),
    });

    if (representative !== null) {
      await checkRepresentation(db, assembly, who, representative, associate.has_vote, associate.reason);
      if (earlier?.via === 'proxy' && Number(earlier.represented_by) === representative) return answer(earlier, true);
      if (earlier?.via === 'proxy') throw conflict(`${associate.name} já tem como representante ${await nameOf(db, Number(earlier.represented_by))}.`);
      if (earlier) throw conflict(`${associate.name} está presente e vota pessoalmente: não pode ter representante.`);
    } else if (earlier && earlier.via !== 'proxy') {
      return answer(earlier, true);
    }

    const at = stamp(now);
    const values = {
      at,
      via: representative !== null ? 'proxy' : who.code ? 'card' : 'name',
      card_code: who.code,
      represented_by: representative,
      has_vote: associate.has_vote ? 1 : 0,
      recorded_by: userOf(caller),
      updated_at: at,
    };
    let row: Row;
    if (earlier) {
      // Represented, then came in person: the same row, now in person; the representation lapses.
      row = await db
        .updateTable('assembly_attendance')
        .set({ ...values, _version: sql<number>`_version + 1` })
        .where('_id', '=', Number(earlier._id))
        .returningAll()
        .executeTakeFirstOrThrow();
    } else {
      // The assembly's row is locked by the action: positions are given one at a time.
      const last = await db.selectFrom('assembly_attendance').select((eb) => eb.fn.max('position').as('last')).where('assembly', '=', assembly).executeTakeFirst();
      row = await db
        .insertInto('assembly_attendance')
        .values({ ...values, assembly, member: who.member, position: Number(last?.last ?? 0) + 1, created_at: at, _version: 1 })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    afterCommit(() => publishChange(ctx.bus, assemblyAttendance, { action: earlier ? 'updated' : 'created', id: Number(row._id) }, []));
    return answer(row, false);
  },
});
