import { sql } from 'kysely';
import { STAFF_ROLES } from '../../../../core/contract.js';
import { lisbonDay } from '../../../../core/days.js';
import { coded, HttpError } from '../../../errors.js';
import { announceMessage, enqueueMessage } from '../../../messages/outbox.js';
import { defineAction } from '../../../resources/actions.js';
import { publishChange } from '../../../resources/events.js';
import { toRecord } from '../../../resources/records.js';
import { assemblies } from '../assemblies.js';
import { assemblyConvocations } from '../convocations.js';
import { noticeOf, noticeSubject } from './notice-text.js';
import { dayNumeric } from './notice.js';
import { convocationPlan, missingAddressProblem } from './plan.js';
import { lateMessage, noticeSchedule } from './schedule.js';

/** The outbox's key for one associate's notice of one assembly: never queued twice. */
export const convocationKey = (assembly: number, member: number): string => `assembly:${assembly}:${member}`;

/**
 * POST /assemblies/{id}/convene: sends the notice. Only a draft with an agenda, and no later than
 * the last valid day (the assembly's date minus the notice the statutes ask, never less than the
 * law's); the cut-off date, if empty, becomes today. In one transaction: the notice's text (the
 * template's, unless staff wrote one), a convocation per associate with a vote on the cut-off
 * date, the e-mails queued in the outbox (the rest by letter, GET /assemblies/{id}/letters.pdf)
 * and the assembly convened. Answers the assembly and the counts.
 */
export const conveneAction = defineAction({
  resource: 'assemblies',
  name: 'convene',
  label: 'Enviar a convocatória',
  on: 'record',
  access: STAFF_ROLES,
  async run({ db, ctx, caller, record, afterCommit }) {
    if (!record) return undefined;
    const id = Number(record._id);
    if (record.status !== 'draft') {
      const when = record.convened_at ? ` em ${dayNumeric(lisbonDay(Date.parse(String(record.convened_at))))}` : '';
      throw coded(409, 'conflict', `Esta assembleia já foi convocada${when}: a convocatória não se envia duas vezes.`);
    }
    const items = await db.selectFrom('assembly_items').select((eb) => eb.fn.countAll<number | string>().as('count')).where('assembly', '=', id).executeTakeFirst();
    if (Number(items?.count ?? 0) === 0) throw new HttpError(422, 'A ordem de trabalhos está vazia: acrescente pelo menos um ponto antes de enviar a convocatória.');
    const now = ctx.now();
    const schedule = await noticeSchedule(db, record, now);
    if (schedule.late) throw new HttpError(422, lateMessage(schedule));

    const cutoff = record.cutoff_date ? String(record.cutoff_date) : schedule.today;
    const assembly = { ...record, cutoff_date: cutoff };
    const { planned } = await convocationPlan(db, assembly, now);
    if (planned.length === 0) throw new HttpError(422, 'Nenhum associado tem direito de voto na data de referência: não há a quem enviar a convocatória.');
    const lacking = missingAddressProblem(planned);
    if (lacking) throw new HttpError(422, lacking);

    const notice = await noticeOf(db, assembly);
    const subject = noticeSubject(assembly);
    const stamp = new Date(now).toISOString();
    const queued: number[] = [];
    const written: number[] = [];
    for (const row of planned) {
      const message =
        row.channel === 'email' ? await enqueueMessage(db, now, { recipient: row.recipient, subject, body: notice, dedupeKey: convocationKey(id, row.member) }) : null;
      if (message !== null) queued.push(message);
      // Unique per assembly and associate: a convocation is written once whatever happens.
      const inserted = await db
        .insertInto('assembly_convocations')
        .values({
          assembly: id,
          member: row.member,
          channel: row.channel,
          message,
          // A letter counts as sent when it is printed (letters.pdf); an e-mail when it is queued.
          sent_at: row.channel === 'email' ? stamp : null,
          recipient: row.recipient,
          name: row.name,
          number: row.number,
          created_at: stamp,
          updated_at: stamp,
          _version: 1,
        })
        .onConflict((conflict) => conflict.columns(['assembly', 'member']).doNothing())
        .returning('_id')
        .executeTakeFirst();
      if (inserted) written.push(Number(inserted._id));
    }
    await db
      .updateTable('assemblies')
      .set({
        status: 'convened',
        convened_at: stamp,
        convened_by: caller.kind === 'user' ? caller.id : null,
        last_notice_day: schedule.lastNoticeDay,
        cutoff_date: cutoff,
        notice_text: notice,
        updated_at: stamp,
        _version: sql`_version + 1`,
      })
      .where('_id', '=', id)
      .execute();

    afterCommit(async () => {
      for (const message of queued) await announceMessage(ctx.bus, message, 'created');
      for (const row of written) await publishChange(ctx.bus, assemblyConvocations, { action: 'created', id: row }, []);
    });
    const after = await db.selectFrom('assemblies').selectAll().where('_id', '=', id).executeTakeFirstOrThrow();
    const emails = planned.filter((row) => row.channel === 'email').length;
    return {
      ...toRecord(assemblies, after, caller),
      convocation: { voters: planned.length, emails, letters: planned.length - emails, last_notice_day: schedule.lastNoticeDay },
    };
  },
});
