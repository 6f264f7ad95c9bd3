import { STAFF_ROLES } from '../../../../core/contract.js';
import { conflict } from '../../../errors.js';
import { defineAction } from '../../../resources/actions.js';
import { publishChange } from '../../../resources/events.js';
import { assemblyAttendance } from '../attendance.js';
import { assemblyCounts } from '../voting-rights.js';
import { attendanceEntry, mustBeInSession } from './state.js';
import { refused } from './who.js';

/**
 * POST /assemblies/{id}/check_out {member}: undoes a mistaken check-in (or representation).
 * Refused while the associate represents others (check those out first: nobody is removed
 * unseen) or once they voted on the item in vote. Answers the removed row and the counts.
 */
export const checkOutAction = defineAction({
  resource: 'assemblies',
  name: 'check_out',
  label: 'Anular presença',
  on: 'record',
  access: STAFF_ROLES,
  fields: [{ name: 'member', type: 'reference', ref: 'members', label: 'Associado', validation: { required: true } }],
  async run({ db, ctx, caller, input, record, afterCommit }) {
    if (!record) return undefined;
    mustBeInSession(record);
    const assembly = Number(record._id);
    const member = Number(input.member);
    const row = await db.selectFrom('assembly_attendance').selectAll().where('assembly', '=', assembly).where('member', '=', member).executeTakeFirst();
    if (!row) throw refused('member', 'Este associado não está registado como presente nesta assembleia.');
    const entry = await attendanceEntry(db, row, caller);
    const represented = await db
      .selectFrom('assembly_attendance')
      .innerJoin('members', 'members._id', 'assembly_attendance.member')
      .select('members.name')
      .where('assembly_attendance.assembly', '=', assembly)
      .where('assembly_attendance.represented_by', '=', member)
      .orderBy('members.name')
      .execute();
    if (represented.length > 0) {
      throw conflict(`${String(entry.name)} representa ${represented.map((r) => r.name).join(', ')}: anule primeiro essa representação.`);
    }
    const voted = await db
      .selectFrom('assembly_ballots')
      .innerJoin('assembly_items', 'assembly_items._id', 'assembly_ballots.item')
      .select('assembly_items.title')
      .where('assembly_items.assembly', '=', assembly)
      .where('assembly_items.vote_status', '=', 'open')
      .where((eb) => eb.or([eb('assembly_ballots.member', '=', member), eb('assembly_ballots.cast_by', '=', member)]))
      .executeTakeFirst();
    if (voted) throw conflict(`${String(entry.name)} já votou no ponto em votação («${voted.title}»): a presença não pode ser anulada antes de a votação encerrar.`);
    await db.deleteFrom('assembly_attendance').where('_id', '=', Number(row._id)).execute();
    afterCommit(() => publishChange(ctx.bus, assemblyAttendance, { action: 'deleted', id: Number(row._id) }, []));
    return { removed: entry, counts: await assemblyCounts(db, record, ctx.now()) };
  },
});
