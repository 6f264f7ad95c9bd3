import { addDays, lisbonDay } from '../../../../core/days.js';
import type { ServerContext } from '../../../context.js';
import type { Db } from '../../../db/database.js';
import { HttpError } from '../../../errors.js';
import type { JobDefinition, JobRunContext } from '../../../jobs/types.js';
import { enqueueMessage } from '../../../messages/outbox.js';
import type { Resource } from '../../../resources/define.js';
import { readSetting } from '../../../settings/read.js';
import { eraseMember, removeErasedBytes } from './erase.js';
import { announceErasure } from './routes.js';
import { schemaOf } from './target.js';


/** `day` moved by whole years, 29 February becoming 28 in a common year. */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${y + years}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

const shown = (day: string) => day.split('-').reverse().join('/');

export interface RetentionReport {
  warned: number;
  erased: number;
  /** Due but refused (a pending direct-debit collection): tried again on the next run. */
  skipped: number;
}

interface Departed {
  member: number;
  number: number;
  name: string;
  left_on: string;
  erase_on: string;
}

/**
 * The warning: members whose anonymisation falls within the warning period are recorded in
 * retention_warnings (one row per member and departure, so each is warned once) and the
 * administrators receive one e-mail listing them, in the same transaction.
 */
async function warn(db: Db, today: string, years: number, warningDays: number, now: number): Promise<number> {
  // left_on + years <= today + warningDays  ⇔  left_on <= (today + warningDays) − years.
  const latestLeft = addYears(addDays(today, warningDays), -years);
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('members as m')
      .innerJoin('member_states as s', 's._id', 'm.state')
      .select(['m._id', 'm.number', 'm.name', 'm.left_on'])
      .where('s.marksEnd', '=', 1)
      .where('m.erased_at', 'is', null)
      .where('m.left_on', 'is not', null)
      .where('m.left_on', '<=', latestLeft)
      .orderBy('m.number')
      .execute();
    // Whoever is warned late (the job was off, the period just shortened) still has the whole warning period.
    const earliest = addDays(today, warningDays);
    const warned: Departed[] = [];
    for (const row of due) {
      const leftOn = String(row.left_on);
      const dueDay = addYears(leftOn, years);
      const departed = { member: Number(row._id), number: Number(row.number), name: String(row.name), left_on: leftOn, erase_on: dueDay < earliest ? earliest : dueDay };
      // Unique (member, left_on): a retried run, or a second instance, warns nobody twice.
      const inserted = await trx
        .insertInto('retention_warnings')
        .values({ member: departed.member, left_on: leftOn, warned_on: today, erase_on: departed.erase_on })
        .onConflict((oc) => oc.columns(['member', 'left_on']).doNothing())
        .returning('member')
        .executeTakeFirst();
      if (inserted) warned.push(departed);
    }
    if (warned.length === 0) return 0;
    const admins = await trx.selectFrom('users').select(['_id', 'email']).where('role', '=', 'admin').where('active', '=', 1).where('email', 'is not', null).execute();
    const lines = warned.map((d) => `- n.º ${d.number} ${d.name}: saiu em ${shown(d.left_on)}, dados anonimizados a partir de ${shown(d.erase_on)}`);
    for (const admin of admins) {
      await enqueueMessage(trx, now, {
        recipient: String(admin.email),
        subject: `Dados pessoais de ${warned.length} ${warned.length === 1 ? 'antigo sócio' : 'antigos sócios'} a anonimizar`,
        body:
          `Passado o prazo de conservação dos dados de quem saiu (${years} ${years === 1 ? 'ano' : 'anos'}), os dados pessoais destes antigos sócios vão ser anonimizados:\n\n` +
          `${lines.join('\n')}\n\n` +
          'Os recibos e os donativos ficam, pelo prazo fiscal. Para manter um destes registos (por exemplo, um regresso), mude o seu estado antes dessa data; ' +
          'o prazo muda-se em Configuração › Privacidade.',
        dedupeKey: `privacy.retention:${today}:${admin._id}`,
      });
    }
    return warned.length;
  });
}

type Progress = JobRunContext['progress'];

/** Departed members warned at least `warningDays` ago whose day has come, each erased in its own transaction. */
async function anonymise(ctx: ServerContext, resources: readonly Resource[], today: string, warningDays: number, progress?: Progress): Promise<{ erased: number; skipped: number }> {
  const { db, engine } = ctx.database;
  const due = await db
    .selectFrom('retention_warnings as w')
    .innerJoin('members as m', (join) => join.onRef('m._id', '=', 'w.member').onRef('m.left_on', '=', 'w.left_on'))
    .select('w.member')
    .where('m.erased_at', 'is', null)
    .where('w.erase_on', '<=', today)
    .where('w.warned_on', '<=', addDays(today, -warningDays))
    .orderBy('w.member')
    .execute();
  const schema = schemaOf(resources);
  let erased = 0;
  let skipped = 0;
  // Warning done is the first step; then one per member due, each erasure committed before its report.
  await progress?.(1, due.length + 1);
  for (const { member } of due) {
    try {
      const outcome = await db.transaction().execute((trx) =>
        eraseMember(trx, { memberId: member, actor: { kind: 'system', name: 'Prazo de conservação dos dados' }, address: null, reason: 'retencao', request: null, now: ctx.now(), schema, engine }),
      );
      await removeErasedBytes(ctx.files, outcome.removeAfterCommit);
      erased += 1;
    } catch (error) {
      // Refused (returned to an active state, a collection pending): nothing changed; the next run looks again.
      if (error instanceof HttpError && (error.statusCode === 409 || error.statusCode === 404)) skipped += 1;
      else throw error;
    }
    await progress?.(1 + erased + skipped, due.length + 1);
  }
  if (erased > 0) await announceErasure(ctx.bus, resources, 0);
  return { erased, skipped };
}

/** Every resource of the server's modules (the job has no app): loaded when it runs, the module list importing this file. */
async function serverResources(): Promise<readonly Resource[]> {
  const { appModules } = await import('../../index.js');
  return appModules.flatMap((m) => m.resources);
}

/** Runs the retention rule once at `ctx.now()`: warn, then anonymise. Idempotent: a second run the same day changes nothing. */
export async function runRetention(ctx: ServerContext, resources?: readonly Resource[], progress?: Progress): Promise<RetentionReport> {
  const { db } = ctx.database;
  const years = await readSetting(db, 'privacyRetentionYears');
  if (years <= 0) return { warned: 0, erased: 0, skipped: 0 };
  const warningDays = await readSetting(db, 'privacyRetentionWarningDays');
  const today = lisbonDay(ctx.now());
  const warned = await warn(db, today, years, warningDays, ctx.now());
  const { erased, skipped } = await anonymise(ctx, resources ?? (await serverResources()), today, warningDays, progress);
  return { warned, erased, skipped };
}

/**
 * Every night: departed members' personal data past the retention period (privacyRetentionYears
 * after members.left_on) is anonymised, the administrators warned privacyRetentionWarningDays
 * before by e-mail. Counts only in its result.
 */
export const retentionJob: JobDefinition = {
  name: 'privacy.retention',
  label: 'Conservação dos dados de quem saiu',
  schedule: '20 4 * * *',
  async run({ ctx, progress }) {
    return runRetention(ctx, undefined, progress);
  },
};
