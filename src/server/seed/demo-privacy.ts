import { sql } from 'kysely';
import { lisbonDay } from '../../core/days.js';
import { answerDueOn } from '../modules/privacy/public.js';
import type { SeedContext } from './context.js';

const DAY_MS = 86_400_000;

/**
 * The demo's personal-data register (issue 34): two out of three members with an e-mail agreed
 * to the newsletter when they joined (so *Enviar mensagem* has some to leave out), and two
 * data-subject requests, one answered and one waiting.
 */
export async function seedDemoPrivacy(ctx: SeedContext): Promise<void> {
  const { db, stamp, now } = ctx;
  const newsletter = await db.selectFrom('consent_purposes').select(['_id', 'version']).where('key', '=', 'newsletter').executeTakeFirst();
  if (newsletter) {
    await sql`
      INSERT INTO consents (member, purpose, state, granted_at, source, text_version, created_at, updated_at, _version)
      SELECT m._id, ${Number(newsletter._id)}, 'granted', ${stamp}, 'formulario', ${Number(newsletter.version)}, ${stamp}, ${stamp}, 1
      FROM members m WHERE m.email IS NOT NULL AND m._id % 3 <> 0
    `.execute(db);
  }
  const [asker, corrected] = await db.selectFrom('members').select(['_id', 'name', 'email']).where('email', 'is not', null).orderBy('_id').limit(2).execute();
  const today = lisbonDay(now);
  const answeredFrom = lisbonDay(now - 40 * DAY_MS);
  const rows = [
    asker && {
      member: Number(asker._id), requester_name: String(asker.name), requester_contact: asker.email, kind: 'acesso', received_on: answeredFrom, due_on: answerDueOn(answeredFrom),
      status: 'respondido', answered_on: lisbonDay(now - 34 * DAY_MS), answer: 'Enviada por e-mail a exportação dos dados (JSON e CSV) tirada na área de sócio.',
    },
    corrected && {
      member: Number(corrected._id), requester_name: String(corrected.name), requester_contact: corrected.email, kind: 'retificacao', received_on: today, due_on: answerDueOn(today),
      status: 'aberto', answered_on: null, answer: null,
    },
  ];
  for (const row of rows) if (row) await db.insertInto('data_subject_requests').values({ ...row, created_at: stamp, updated_at: stamp, _version: 1 }).execute();
}
