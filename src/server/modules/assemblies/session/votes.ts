import { sql } from 'kysely';
import { STAFF_ROLES } from '../../../../core/contract.js';
import type { Db, Row } from '../../../db/database.js';
import { conflict } from '../../../errors.js';
import { defineAction } from '../../../resources/actions.js';
import { readSettings } from '../../../settings/read.js';
import { CUSTOM_BASES, MAJORITIES } from '../items.js';
import { decide } from '../rules.js';
import { assemblyCounts } from '../voting-rights.js';
import { assemblyOf, countedWithVote, mustBeInSession, stamp } from './state.js';
import { refused } from './who.js';

const NOT_OPEN: Record<string, string> = {
  pending: 'A votação deste ponto ainda não foi aberta.',
  closed: 'Este ponto já foi votado: a votação está encerrada.',
};

/** Refuses (409) vote work on an item whose vote is not open. */
export function mustBeOpen(item: Row): void {
  if (item.vote_status !== 'open') throw conflict(NOT_OPEN[String(item.vote_status)] ?? 'A votação deste ponto não está aberta.');
}

/** The item's assembly, which must be in session (locked on PostgreSQL: one vote opens at a time). */
async function sessionOf(db: Db, item: Row, lock: boolean): Promise<Row> {
  const assembly = await assemblyOf(db, item, lock);
  mustBeInSession(assembly);
  return assembly;
}

/** The votes read from cards for an item, by choice. */
export async function ballotTotals(db: Db, item: number): Promise<{ for: number; against: number; abstain: number; total: number }> {
  const rows = await db.selectFrom('assembly_ballots').select(['choice', (eb) => eb.fn.countAll<number>().as('n')]).where('item', '=', item).groupBy('choice').execute();
  const of = (choice: string) => Number(rows.find((r) => r.choice === choice)?.n ?? 0);
  const totals = { for: of('for'), against: of('against'), abstain: of('abstain') };
  return { ...totals, total: totals.for + totals.against + totals.abstain };
}

/** POST /assembly_items/{id}/open_vote: the chair opens the item's vote; one item of an assembly is in vote at a time. */
export const openVoteAction = defineAction({
  resource: 'assembly_items',
  name: 'open_vote',
  label: 'Abrir a votação',
  on: 'record',
  access: STAFF_ROLES,
  async run({ db, ctx, record }) {
    if (!record) return undefined;
    await sessionOf(db, record, ctx.database.engine === 'postgres');
    if (record.vote_status === 'open') throw conflict('A votação deste ponto já está aberta.');
    if (record.vote_status === 'closed') throw conflict('Este ponto já foi votado.');
    const other = await db
      .selectFrom('assembly_items')
      .select(['position', 'title'])
      .where('assembly', '=', Number(record.assembly))
      .where('vote_status', '=', 'open')
      .executeTakeFirst();
    if (other) throw conflict(`O ponto ${other.position} («${other.title}») ainda está em votação: encerre essa votação primeiro.`);
    const at = stamp(ctx.now());
    await db.updateTable('assembly_items').set({ vote_status: 'open', updated_at: at, _version: sql<number>`_version + 1` }).where('_id', '=', Number(record._id)).execute();
    return undefined;
  },
});

const COUNT = { type: 'integer', validation: { required: true, min: 0, max: 1_000_000 } } as const;

/**
 * POST /assembly_items/{id}/record_votes {votes_for, votes_against, abstentions}: the totals of a
 * count by hand (the only way for a secret vote), typed again to correct. No more votes than
 * associates counted with a vote.
 */
export const recordVotesAction = defineAction({
  resource: 'assembly_items',
  name: 'record_votes',
  label: 'Registar os votos contados',
  on: 'record',
  access: STAFF_ROLES,
  fields: [
    { name: 'votes_for', label: 'A favor', ...COUNT },
    { name: 'votes_against', label: 'Contra', ...COUNT },
    { name: 'abstentions', label: 'Abstenções', ...COUNT },
  ],
  async run({ db, ctx, input, record }) {
    if (!record) return undefined;
    const assembly = await sessionOf(db, record, false);
    mustBeOpen(record);
    const item = Number(record._id);
    if ((await ballotTotals(db, item)).total > 0) throw conflict('Este ponto está a ser votado pela leitura dos cartões: os totais contam-se dos votos lidos.');
    const [votesFor, against, abstentions] = [Number(input.votes_for), Number(input.votes_against), Number(input.abstentions)];
    const present = await countedWithVote(db, Number(assembly._id));
    const total = votesFor + against + abstentions;
    if (total > present) {
      throw refused('votes_for', `Os votos somam ${total}, mais do que os ${present} associados presentes ou representados com direito de voto.`);
    }
    const at = stamp(ctx.now());
    await db
      .updateTable('assembly_items')
      .set({ votes_for: votesFor, votes_against: against, abstentions, voters: total, updated_at: at, _version: sql<number>`_version + 1` })
      .where('_id', '=', item)
      .execute();
    return undefined;
  },
});

/**
 * POST /assembly_items/{id}/close_vote: the result. Totals from the cards read when any were,
 * else the totals typed; the item's majority applied (rules.ts decide) with the present counted
 * with a vote and all the associates; approved or rejected, and why, in words.
 */
export const closeVoteAction = defineAction({
  resource: 'assembly_items',
  name: 'close_vote',
  label: 'Encerrar a votação',
  on: 'record',
  access: STAFF_ROLES,
  async run({ db, ctx, record }) {
    if (!record) return undefined;
    const assembly = await sessionOf(db, record, false);
    mustBeOpen(record);
    const item = Number(record._id);
    const ballots = await ballotTotals(db, item);
    let totals: { for: number; against: number; abstain: number };
    if (ballots.total > 0) totals = ballots;
    else if (record.votes_for !== null && record.votes_for !== undefined) {
      totals = { for: Number(record.votes_for), against: Number(record.votes_against ?? 0), abstain: Number(record.abstentions ?? 0) };
    } else throw conflict('Ainda não há votos: registe os votos contados ou leia os cartões dos votantes antes de encerrar.');
    const now = ctx.now();
    const settings = await readSettings(db, ['orgType', 'assemblyAbstentions']);
    const counts = await assemblyCounts(db, assembly, now);
    const majority = MAJORITIES.find((m) => m.value === record.majority)?.value ?? 'ordinary';
    const base = CUSTOM_BASES.find((b) => b.value === record.custom_base)?.value ?? 'present';
    const decision = decide({
      orgType: settings.orgType === 'cooperative' ? 'cooperative' : 'association',
      majority,
      custom: majority === 'custom' ? { num: Number(record.custom_num), den: Number(record.custom_den), base } : null,
      votesFor: totals.for,
      against: totals.against,
      abstentions: totals.abstain,
      present: await countedWithVote(db, Number(assembly._id)),
      associates: counts.associates,
      abstentionRule: settings.assemblyAbstentions === 'cast' ? 'cast' : 'present',
    });
    const at = stamp(now);
    await db
      .updateTable('assembly_items')
      .set({
        vote_status: 'closed',
        votes_for: totals.for,
        votes_against: totals.against,
        abstentions: totals.abstain,
        voters: totals.for + totals.against + totals.abstain,
        result: decision.approved ? 'approved' : 'rejected',
        result_text: decision.text.slice(0, 500),
        updated_at: at,
        _version: sql<number>`_version + 1`,
      })
      .where('_id', '=', item)
      .execute();
    return undefined;
  },
});
