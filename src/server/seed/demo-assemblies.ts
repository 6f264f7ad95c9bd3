import { sql } from 'kysely';
import { addDays, lisbonDay, lisbonInstant, lisbonYear } from '../../core/days.js';
import type { Database, Db, Row } from '../db/database.js';
import { composeNotice, noticeSubject, convocationKey, convocationPlan, type PlannedConvocation, draftMinutesText, finalizeMinutes, decide, lastNoticeDay, legalNoticeDays, votersOf, type Majority } from '../modules/assemblies/public.js';
import { readSettings } from '../settings/read.js';
import type { SeedContext } from './context.js';
import { insertInBatches } from './batches.js';
import { DEMO_ISSUER } from './demo-treasury.js';
import { seededRandom, type SeededRandom } from './random.js';
import { upsertSetting } from './settings.js';

const DAY_MS = 86_400_000;
/** What voting rights are read from: analysed before the first convocation (PostgreSQL). */
const LEDGER_TABLES = ['members', 'member_states', 'fee_categories', 'unsettled_payments', 'payment_allocations', 'payments'] as const;
const MINUTE_MS = 60_000;
// Its own generator: the assemblies' draws do not move the people later modules draw from faker.
const DEMO_SEED = 20_261_129;
const CHAIR = 'Maria Helena Quintela';
// Written to follow "em" in the notice and the minutes ("reuniu em Viseu, na sede…").
const PLACE = 'Viseu, na sede da associação (Rua da Liberdade, 45)';
const TIME = '15:00';
/** Of the associates with a vote, about this share come: far from the first call's half, as in most associations. */
const TURNOUT = 0.08;
/** Associates in arrears come too, now and then: counted as present, without a vote. */
const TURNOUT_WITHOUT_VOTE = 0.04;
/** Of the e-mails, about this share bounced: the proof of convocation shows a failed delivery or two. */
const BOUNCED = 0.004;

interface ItemPlan {
  title: string;
  majority: Majority;
  description?: string;
  secret?: boolean;
  deliberation?: string;
  /** Shares of the counted associates voting for and against; the rest of those voting abstain. */
  votes?: { for: number; against: number };
}

const iso = (ms: number): string => new Date(ms).toISOString();
const weekday = (day: string): number => new Date(`${day}T12:00:00Z`).getUTCDay();

/** The first Saturday on or after `day`: assemblies of the demo meet on Saturday afternoons. */
const saturdayFrom = (day: string): string => addDays(day, (6 - weekday(day) + 7) % 7);

/** The last Saturday of March of `year`: when the accounts of the year before are approved (CC art. 173.º). */
const lastSaturdayOfMarch = (year: number): string => {
  const last = `${year}-03-31`;
  return addDays(last, -((weekday(last) + 1) % 7));
};

/**
 * The demo's general assemblies, with the module on: last year's ordinary assembly held and
 * closed (its convocation, attendance, three items voted, one statute change failing at three
 * quarters, and its final minutes numbered, stored as a PDF with its hash and published to the
 * members), and the next one convened a few weeks ahead with its three items, whose notice the
 * associates see on their home. The e-mails are written as the outbox had sent them, so the
 * demo's sender has nothing of theirs to send. The assemblies module's seed: runs after the
 * members, their dues and payments (voting rights follow the ledger) and the cards.
 */
export async function seedDemoAssemblies(ctx: SeedContext): Promise<void> {
  const { db, stamp } = ctx;
  // The issuer's NIF and seat head the minutes' PDF (the treasury's seed writes the same values later).
  const settings = { hasAssemblies: 'true', assemblyChairName: CHAIR, assemblyPublishMinutes: 'true', ...DEMO_ISSUER };
  for (const [name, value] of Object.entries(settings)) await upsertSetting(db, name, value, stamp);
  // PostgreSQL plans the ledger's arrears query (votersOf) from table statistics, and the first
  // start's transaction has just filled these tables: without them the plan ran for minutes.
  if (ctx.config.databaseUrl) await sql`ANALYZE ${sql.join(LEDGER_TABLES.map((name) => sql.table(name)))}`.execute(db);
  const random = seededRandom(DEMO_SEED);
  // The demo's editor convenes and keeps the door; the admin if a test's modules seeded no editor.
  const user = await db.selectFrom('users').select('_id').where('username', 'in', ['editor', 'admin']).orderBy('username', 'desc').executeTakeFirstOrThrow();
  const by = Number(user._id);
  await seedHeldAssembly(ctx, random, by);
  await seedNextAssembly(ctx, random, by);
}

/** The assembly as staff create it (a draft) with its agenda, before anything is sent. */
async function createAssembly(db: Db, values: { title: string; date: string; kind: string }, items: readonly ItemPlan[], createdAt: number): Promise<Row> {
  const at = iso(createdAt);
  const { assemblySecondCallMinutes } = await readSettings(db, ['assemblySecondCallMinutes']);
  const assembly = await db
    .insertInto('assemblies')
    .values({ ...values, time: TIME, place: PLACE, second_call_minutes: assemblySecondCallMinutes, status: 'draft', created_at: at, updated_at: at, _version: 1 })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('assembly_items')
    .values(
      items.map((item, index) => ({
        assembly: Number(assembly._id),
        position: index + 1,
        title: item.title,
        description: item.description ?? null,
        majority: item.majority,
        secret: item.secret ? 1 : 0,
        vote_status: 'pending',
        created_at: at,
        updated_at: at,
        _version: 1,
      })),
    )
    .execute();
  return assembly;
}

/**
 * The convocation as the convene action writes it on `convenedAt` (cut-off date that day): the
 * notice from the template, a convocation per associate with a vote, e-mails in the outbox (here
 * already delivered, a few bounced) and letters printed the next day for anyone without one.
 */
async function convene(ctx: SeedContext, assembly: Row, convenedAt: number, by: number, random: SeededRandom): Promise<Row> {
  const { db } = ctx;
  const id = Number(assembly._id);
  const at = iso(convenedAt);
  const cutoff = lisbonDay(convenedAt);
  const withCutoff = { ...assembly, cutoff_date: cutoff };
  const notice = await composeNotice(db, withCutoff);
  const subject = noticeSubject(withCutoff);
  const { planned } = await convocationPlan(db, withCutoff, convenedAt);
  const emails = planned.filter((row) => row.channel === 'email');
  const messageOf = new Map<string, number>();
  for (let start = 0; start < emails.length; start += 500) {
    const rows = emails.slice(start, start + 500).map((row) => {
      const bounced = random.chance(BOUNCED);
      // The sender's retries end about two hours later; a delivery takes a few seconds per message.
      const done = iso(convenedAt + (bounced ? 125 * MINUTE_MS : random.int(5, 600) * 1000));
      return {
        recipient: row.recipient,
        subject,
        body: notice,
        status: bounced ? ('failed' as const) : ('sent' as const),
        attempts: bounced ? 8 : 1,
        last_error: bounced ? `550 5.1.1 <${row.recipient}>: Recipient address rejected: User unknown in virtual mailbox table` : null,
        sent_at: bounced ? null : done,
        next_attempt_at: null,
        dedupe_key: convocationKey(id, row.member),
        created_at: at,
        updated_at: done,
        _version: 1,
      };
    });
    const inserted = await db.insertInto('messages').values(rows).returning(['_id', 'dedupe_key']).execute();
    for (const row of inserted) messageOf.set(String(row.dedupe_key), Number(row._id));
  }
  const printed = iso(convenedAt + DAY_MS);
  await insertInBatches(
    db,
    'assembly_convocations',
    planned.map((row: PlannedConvocation) => ({
      assembly: id,
      member: row.member,
      channel: row.channel,
      message: row.channel === 'email' ? (messageOf.get(convocationKey(id, row.member)) ?? null) : null,
      sent_at: row.channel === 'email' ? at : printed,
      recipient: row.recipient,
      name: row.name,
      number: row.number,
      created_at: at,
      updated_at: at,
      _version: 1,
    })),
  );
  const { orgType, assemblyNoticeDays } = await readSettings(db, ['orgType', 'assemblyNoticeDays']);
  const noticeDays = Math.max(assemblyNoticeDays, legalNoticeDays(orgType === 'cooperative' ? 'cooperative' : 'association'));
  return db
    .updateTable('assemblies')
    .set({
      status: 'convened',
      convened_at: at,
      convened_by: by,
      last_notice_day: lastNoticeDay(String(assembly.date), noticeDays),
      cutoff_date: cutoff,
      notice_text: notice,
      updated_at: at,
      _version: 2,
    })
    .where('_id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Last year's ordinary assembly, held on the last Saturday of March: convened three weeks
 * before, about one associate in twelve signed in by name at the door (the first call fell short
 * of half, so it met on the second), three items voted by hand count with each item's majority
 * (decide), and the minutes drafted from the record and made final: number 1 of that year's book.
 */
async function seedHeldAssembly(ctx: SeedContext, random: SeededRandom, by: number): Promise<void> {
  const { db } = ctx;
  const year = lisbonYear(ctx.now) - 1;
  const date = lastSaturdayOfMarch(year);
  const start = lisbonInstant(date, TIME);
  const items: ItemPlan[] = [
    {
      title: `Apreciação e votação do relatório de atividades e contas de ${year - 1}`,
      majority: 'ordinary',
      deliberation: `A Direção apresentou o relatório de atividades e as contas de ${year - 1}, com o parecer favorável do Conselho Fiscal; prestados os esclarecimentos pedidos, o relatório e as contas foram postos à votação.`,
      votes: { for: 0.9, against: 0.03 },
    },
    {
      title: `Eleição dos órgãos sociais para o biénio ${year}–${year + 1}`,
      majority: 'election',
      secret: true,
      deliberation: 'Apresentou-se uma única lista, a Lista A, à Mesa da Assembleia Geral, à Direção e ao Conselho Fiscal. A eleição decorreu por escrutínio secreto.',
      votes: { for: 0.85, against: 0.05 },
    },
    {
      title: 'Alteração do artigo 8.º dos estatutos (joia de admissão)',
      majority: 'statutes',
      description: 'Proposta da Direção: a joia de admissão passa a ser fixada todos os anos pela assembleia geral, com o orçamento.',
      deliberation: 'A Direção propôs que a joia de admissão passasse a ser fixada todos os anos pela assembleia geral. Após debate, a proposta foi posta à votação.',
      votes: { for: 0.62, against: 0.27 },
    },
  ];
  const created = await createAssembly(db, { title: `Assembleia geral ordinária de ${year}`, date, kind: 'ordinaria' }, items, start - 30 * DAY_MS);
  const assembly = await convene(ctx, created, lisbonInstant(addDays(date, -21), '10:00'), by, random);
  const id = Number(assembly._id);

  // The door: who came and when, in the order they signed.
  const everyone = await votersOf(db, assembly, ctx.now);
  const came = everyone.filter((voter) => random.chance(voter.has_vote ? TURNOUT : TURNOUT_WITHOUT_VOTE));
  const arrivals = came.map((voter) => ({ voter, at: start - 25 * MINUTE_MS + random.int(0, 55 * 60) * 1000 })).sort((a, b) => a.at - b.at);
  await insertInBatches(
    db,
    'assembly_attendance',
    arrivals.map(({ voter, at }, index) => ({
      assembly: id,
      member: voter.member,
      position: index + 1,
      at: iso(at),
      via: 'name',
      card_code: null,
      represented_by: null,
      has_vote: voter.has_vote ? 1 : 0,
      recorded_by: by,
      created_at: iso(at),
      updated_at: iso(at),
      _version: 1,
    })),
  );

  // The votes, counted by hand, and each item's majority applied as close_vote applies it.
  const counted = came.filter((voter) => voter.has_vote).length;
  const { orgType, assemblyAbstentions } = await readSettings(db, ['orgType', 'assemblyAbstentions']);
  const rows = await db.selectFrom('assembly_items').selectAll().where('assembly', '=', id).orderBy('position').execute();
  for (const [index, row] of rows.entries()) {
    const plan = items[index]!;
    const share = plan.votes!;
    const voting = counted - random.int(0, 2);
    const votesFor = Math.round(voting * share.for);
    const against = Math.round(voting * share.against);
    const abstentions = voting - votesFor - against;
    const decision = decide({
      orgType: orgType === 'cooperative' ? 'cooperative' : 'association',
      majority: plan.majority,
      votesFor,
      against,
      abstentions,
      present: counted,
      associates: everyone.length,
      abstentionRule: assemblyAbstentions === 'cast' ? 'cast' : 'present',
    });
    const at = iso(start + (50 + 25 * index) * MINUTE_MS);
    await db
      .updateTable('assembly_items')
      .set({
        vote_status: 'closed',
        votes_for: votesFor,
        votes_against: against,
        abstentions,
        voters: voting,
        result: decision.approved ? 'approved' : 'rejected',
        result_text: decision.text.slice(0, 500),
        deliberation: plan.deliberation ?? null,
        updated_at: at,
        _version: 3,
      })
      .where('_id', '=', Number(row._id))
      .execute();
  }

  // Opened at the second call, closed after the third item; the minutes drafted, read and approved.
  const closedAt = start + 2 * 60 * MINUTE_MS;
  const session = await db
    .updateTable('assemblies')
    .set({ status: 'in_session', opened_at: iso(start + 30 * MINUTE_MS), closed_at: iso(closedAt), updated_at: iso(closedAt), _version: 3 })
    .where('_id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const minutes = await db
    .updateTable('assemblies')
    .set({ minutes_text: await draftMinutesText(db, session), _version: 4 })
    .where('_id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // finalizeMinutes reads only the engine (for the year's book lock, taken on the first start's transaction).
  const database: Database = { db, engine: ctx.config.databaseUrl ? 'postgres' : 'sqlite', pool: undefined, schema: ctx.config.pgSchema, close: async () => {} };
  const finalAt = closedAt + 15 * MINUTE_MS;
  await finalizeMinutes(db, { database, files: ctx.files, now: () => finalAt }, minutes, { kind: 'user', id: by });
}

/** The plan's year: an assembly in the second half of the year plans the next one, in the first half its own. */
const planYear = (date: string): number => Number(date.slice(0, 4)) + (Number(date.slice(5, 7)) > 6 ? 1 : 0);

/**
 * The next ordinary assembly, on the first Saturday at least three weeks from the demo's today,
 * convened two days ago: the accounts, the plan and budget, and a statute change (3/4 of those
 * present). Associates see its notice and agenda on their home; staff can open its session.
 */
async function seedNextAssembly(ctx: SeedContext, random: SeededRandom, by: number): Promise<void> {
  const { db, now } = ctx;
  const date = saturdayFrom(lisbonDay(now + 21 * DAY_MS));
  const year = Number(date.slice(0, 4));
  const items: ItemPlan[] = [
    { title: `Apreciação e votação do relatório de atividades e contas de ${year - 1}`, majority: 'ordinary' },
    { title: `Apreciação e votação do plano de atividades e orçamento para ${planYear(date)}`, majority: 'ordinary' },
    {
      title: 'Alteração dos estatutos: artigos 8.º (joia de admissão) e 15.º (convocatória por correio eletrónico)',
      majority: 'statutes',
      description: 'A proposta de alteração está disponível na sede e foi enviada com a convocatória a quem a pediu.',
    },
  ];
  const created = await createAssembly(db, { title: `Assembleia geral ordinária de ${year}`, date, kind: 'ordinaria' }, items, now - 9 * DAY_MS);
  await convene(ctx, created, now - 2 * DAY_MS, by, random);
}
