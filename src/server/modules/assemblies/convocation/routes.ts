import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_ROLES } from '../../../../core/contract.js';
import { lisbonDay } from '../../../../core/days.js';
import type { Db, Row } from '../../../db/database.js';
import { coded, notFound } from '../../../errors.js';
import { readIssuer, readLogos } from '../../../pdf/letterhead.js';
import { publishChange } from '../../../resources/events.js';
import { parseId } from '../../../resources/handlers.js';
import { authorize } from '../../../resources/permissions.js';
import { assemblies } from '../assemblies.js';
import { assemblyConvocations } from '../convocations.js';
import { renderNoticeLetters, windowPlacement } from './letters-pdf.js';
import { noticeOf, noticeSubject } from './notice-text.js';
import { dayNumeric } from './notice.js';
import { convocationPlan } from './plan.js';
import { renderProof } from './proof-pdf.js';
import { convocationProof } from './proof.js';
import { CONVOCATION_PREVIEW_DOC, LETTERS_DOC, PROOF_DOC, PROOF_PDF_DOC } from './route-docs.js';
import { noticeSchedule } from './schedule.js';

type WithId = FastifyRequest<{ Params: { id: string } }>;

const LONG_DATE = new Intl.DateTimeFormat('pt-PT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Lisbon' });

async function assemblyOf(db: Db, request: WithId): Promise<Row> {
  authorize(assemblies, request.caller, STAFF_ROLES);
  const row = await db.selectFrom('assemblies').selectAll().where('_id', '=', parseId(request.params.id)).executeTakeFirst();
  if (!row) throw notFound('Assembleia não encontrada.');
  return row;
}

const sendPdf = (reply: FastifyReply, bytes: Buffer, name: string) =>
  reply.type('application/pdf').header('content-disposition', `inline; filename="${name}"`).header('cache-control', 'no-store').send(bytes);

/** The letterhead's parts: the organisation now, its logo, and the day the paper bears. */
async function letterhead(app: FastifyInstance, date: string) {
  const { db } = app.ctx.database;
  const issuer = await readIssuer(db);
  const logos = await readLogos(db, app.ctx.files, [issuer]);
  return { issuer, date, logo: issuer.logo ? (logos.get(issuer.logo) ?? null) : null };
}

/** The convocation's routes: the preview, the letters to print and the proof of convocation. */
export function convocationRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;

  app.get('/assemblies/:id/convocation', { config: { openapi: CONVOCATION_PREVIEW_DOC } }, async (request: WithId) => {
    const assembly = await assemblyOf(db, request);
    const now = ctx.now();
    const schedule = await noticeSchedule(db, assembly, now);
    const draft = assembly.status === 'draft';
    const judged = { ...assembly, cutoff_date: assembly.cutoff_date ? String(assembly.cutoff_date) : schedule.today };
    const { associates, planned } = await convocationPlan(db, judged, now);
    const items = await db.selectFrom('assembly_items').select((eb) => eb.fn.countAll<number | string>().as('count')).where('assembly', '=', Number(assembly._id)).executeTakeFirst();
    // Once convened, the figures are those of the convocations sent, not of today's ledger.
    const sent = draft ? [] : await db.selectFrom('assembly_convocations').select(['channel']).where('assembly', '=', Number(assembly._id)).execute();
    const counted = draft ? planned : sent;
    const emails = counted.filter((row) => row.channel === 'email').length;
    return {
      data: {
        status: String(assembly.status),
        today: schedule.today,
        cutoff_date: judged.cutoff_date,
        last_notice_day: schedule.lastNoticeDay,
        notice_days: schedule.noticeDays,
        late: schedule.late,
        associates,
        voters: counted.length,
        emails,
        letters: counted.length - emails,
        agenda_items: Number(items?.count ?? 0),
        missing_address: draft ? planned.filter((row) => row.missing.length > 0).map(({ member, number, name, missing }) => ({ member, number, name, missing })) : [],
        notice_text: await noticeOf(db, judged),
        subject: noticeSubject(judged),
      },
    };
  });

  app.get('/assemblies/:id/letters.pdf', { config: { openapi: LETTERS_DOC } }, async (request: WithId, reply) => {
    const assembly = await assemblyOf(db, request);
    if (assembly.status === 'draft') throw coded(409, 'conflict', 'A assembleia ainda não foi convocada: as cartas imprimem-se depois de enviar a convocatória.');
    const id = Number(assembly._id);
    const rows = await db.selectFrom('assembly_convocations').selectAll().where('assembly', '=', id).where('channel', '=', 'post').execute();
    if (rows.length === 0) throw notFound('Nesta assembleia ninguém é convocado por carta: todos recebem a convocatória por e-mail.');
    rows.sort((a, b) => (a.number ?? Number.MAX_SAFE_INTEGER) - (b.number ?? Number.MAX_SAFE_INTEGER) || String(a.name).localeCompare(String(b.name), 'pt'));
    const subject = noticeSubject(assembly);
    const body = await noticeOf(db, assembly);
    const letters = rows.map((row) => ({ address: String(row.recipient ?? row.name).split('\n'), subject, body }));
    const dated = LONG_DATE.format(new Date(String(assembly.convened_at ?? new Date(ctx.now()).toISOString())));
    const bytes = await renderNoticeLetters(letters, await letterhead(app, dated), await windowPlacement(db), `Convocatória — ${String(assembly.title)}`);
    // The first printing is the letters' sending date, the proof's "printed batch".
    const stamp = new Date(ctx.now()).toISOString();
    const printed = rows.filter((row) => row.sent_at === null || row.sent_at === undefined).map((row) => Number(row._id));
    if (printed.length > 0) {
      await db.updateTable('assembly_convocations').set({ sent_at: stamp, updated_at: stamp }).where('_id', 'in', printed).where('sent_at', 'is', null).execute();
      for (const row of printed) await publishChange(ctx.bus, assemblyConvocations, { action: 'updated', id: row }, []);
    }
    return sendPdf(reply, bytes, `convocatoria-cartas-${String(assembly.date)}.pdf`);
  });

  app.get('/assemblies/:id/convocation_proof', { config: { openapi: PROOF_DOC } }, async (request: WithId) => {
    const assembly = await assemblyOf(db, request);
    return { data: await convocationProof(db, assembly) };
  });

  app.get('/assemblies/:id/convocation_proof.pdf', { config: { openapi: PROOF_PDF_DOC } }, async (request: WithId, reply) => {
    const assembly = await assemblyOf(db, request);
    const proof = await convocationProof(db, assembly);
    const bytes = await renderProof(proof, await letterhead(app, `Emitida em ${dayNumeric(lisbonDay(ctx.now()))}`));
    return sendPdf(reply, bytes, `prova-de-convocacao-${String(assembly.date)}.pdf`);
  });
}
