import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../../errors.js';
import { parseId } from '../../../resources/handlers.js';
import { authorize } from '../../../resources/permissions.js';
import { readSetting } from '../../../settings/read.js';
import { assemblies, ASSEMBLY_KINDS } from '../assemblies.js';
import { votersOf } from '../voting-rights.js';
import { ATTENDANCE_SHEET_DOC } from './docs.js';
import { renderAttendanceSheet, type SheetLine } from './sheet-pdf.js';

const dmy = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const byName = (a: SheetLine, b: SheetLine) => a.name.localeCompare(b.name, 'pt');
const byNumber = (a: SheetLine, b: SheetLine) => (a.number ?? Number.MAX_SAFE_INTEGER) - (b.number ?? Number.MAX_SAFE_INTEGER) || byName(a, b);

/** `GET /assemblies/{id}/attendance_sheet.pdf?order=name|number`: the sign-in sheet to print for the door. */
export function attendanceSheetRoute(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;
  app.get<{ Params: { id: string }; Querystring: { order?: string } }>('/assemblies/:id/attendance_sheet.pdf', { config: { openapi: ATTENDANCE_SHEET_DOC } }, async (request, reply) => {
    authorize(assemblies, request.caller, 'read');
    const id = parseId(request.params.id);
    const order = request.query.order ?? 'name';
    if (order !== 'name' && order !== 'number') throw badRequest("Ordem desconhecida: use order=name (por nome) ou order=number (por número).");
    const assembly = await db.selectFrom('assemblies').selectAll().where('_id', '=', id).executeTakeFirst();
    if (!assembly) throw notFound('Assembleia não encontrada.');
    const now = ctx.now();
    const voters = await votersOf(db, assembly, now);
    const proxies = await db
      .selectFrom('assembly_attendance')
      .innerJoin('members', 'members._id', 'assembly_attendance.represented_by')
      .select(['assembly_attendance.member', 'members.name'])
      .where('assembly_attendance.assembly', '=', id)
      .where('assembly_attendance.via', '=', 'proxy')
      .execute();
    const representative = new Map(proxies.map((p) => [Number(p.member), String(p.name)]));
    const lines = voters.map((voter) => ({ vote: Boolean(voter.has_vote), line: { number: voter.number ?? null, name: voter.name, representedBy: representative.get(Number(voter.member)) ?? null } }));
    const sort = order === 'name' ? byName : byNumber;
    const kind = ASSEMBLY_KINDS.find((k) => k.value === assembly.kind)?.label.toLowerCase() ?? '';
    const bytes = await renderAttendanceSheet({
      organisation: await readSetting(db, 'name'),
      title: String(assembly.title),
      heading: `Assembleia geral ${kind} de ${dmy(String(assembly.date))}, às ${assembly.time}`,
      place: String(assembly.place || assembly.online_link || ''),
      withVote: lines.filter((l) => l.vote).map((l) => l.line).sort(sort),
      withoutVote: lines.filter((l) => !l.vote).map((l) => l.line).sort(sort),
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="lista-de-presencas-${id}.pdf"`)
      .header('cache-control', 'no-store')
      .send(bytes);
  });
}
