import { STAFF_ROLES } from '../../../../core/contract.js';
import type { Db } from '../../../db/database.js';
import { conflict } from '../../../errors.js';
import { defineAction } from '../../../resources/actions.js';
import { publishChange } from '../../../resources/events.js';
import { toRecord } from '../../../resources/records.js';
import { assemblyBallots, BALLOT_CHOICES } from '../ballots.js';
import { assemblyItems } from '../items.js';
import { assemblyOf, mustBeInSession, stamp } from './state.js';
import { ballotTotals, mustBeOpen } from './votes.js';
import { identify, refused } from './who.js';

const CHOICE_WORDS: Record<string, string> = Object.fromEntries(BALLOT_CHOICES.map((c) => [c.value, c.label]));

const nameOf = async (db: Db, member: number): Promise<string> =>
  String((await db.selectFrom('members').select('name').where('_id', '=', member).executeTakeFirst())?.name ?? `n.º ${member}`);

/**
 * POST /assembly_items/{id}/cast {input | member, choice}: a vote by card (or name), read into
 * for, against or abstain in turn. The voter must be present in person; their own vote counts if
 * they have one, and so does each associate they represent (one reading, several votes). Each
 * associate votes once per item: a second reading counts only those not yet counted (one
 * represented since), else is refused. Never for a secret vote (totals only, record_votes).
 * Answers the votes written and the item's running totals.
 */
export const castAction = defineAction({
  resource: 'assembly_items',
  name: 'cast',
  label: 'Registar voto',
  on: 'record',
  access: STAFF_ROLES,
  fields: [
    { name: 'input', type: 'string', label: 'Código lido', validation: { maxLength: 500 } },
    { name: 'member', type: 'reference', ref: 'members', label: 'Associado' },
    { name: 'choice', type: 'enum', label: 'Voto', options: BALLOT_CHOICES, validation: { required: true } },
  ],
  async run({ db, ctx, caller, input, record, address, afterCommit }) {
    if (!record) return undefined;
    const assembly = await assemblyOf(db, record, false);
    mustBeInSession(assembly);
    mustBeOpen(record);
    if (record.secret) throw conflict('Votação secreta: não se leem cartões; registe só os totais contados.');
    if (record.votes_for !== null && record.votes_for !== undefined) throw conflict('Os votos deste ponto já foram contados à mão: corrija os totais em vez de ler cartões.');
    const item = Number(record._id);
    const now = ctx.now();
    const who = await identify(db, input, address, now);
    const field = who.code ? 'input' : 'member';
    const name = await nameOf(db, who.member);
    const present = await db.selectFrom('assembly_attendance').selectAll().where('assembly', '=', Number(assembly._id)).where('member', '=', who.member).executeTakeFirst();
    if (!present) throw refused(field, `${name} não tem a presença registada: registe primeiro a entrada.`);
    if (present.via === 'proxy') throw refused(field, `${name} tem como representante ${await nameOf(db, Number(present.represented_by))}: é o representante quem vota.`);
    const represented = await db
      .selectFrom('assembly_attendance')
      .select('member')
      .where('assembly', '=', Number(assembly._id))
      .where('represented_by', '=', who.member)
      .where('has_vote', '=', 1)
      .orderBy('position')
      .execute();
    const entitled = [...(present.has_vote ? [who.member] : []), ...represented.map((r) => Number(r.member))];
    if (entitled.length === 0) throw refused(field, `${name} não tem direito de voto.`);
    const earlier = await db.selectFrom('assembly_ballots').select(['member', 'choice']).where('item', '=', item).where('member', 'in', entitled).orderBy('_id').execute();
    // Those already counted stay as they voted; one represented since (a late arrival) still votes.
    const counted = new Set(earlier.map((ballot) => Number(ballot.member)));
    const voters = entitled.filter((member) => !counted.has(member));
    const first = earlier[0];
    if (voters.length === 0 && first) {
      const whose = Number(first.member) === who.member ? name : await nameOf(db, Number(first.member));
      throw conflict(`${whose} já votou neste ponto (${CHOICE_WORDS[String(first.choice)] ?? first.choice}): cada associado vota uma vez.`);
    }
    const at = stamp(now);
    const rows = await db
      .insertInto('assembly_ballots')
      .values(voters.map((member) => ({ item, member, choice: String(input.choice), cast_by: who.member, at, created_at: at, updated_at: at, _version: 1 })))
      .returningAll()
      .execute();
    const totals = await ballotTotals(db, item);
    afterCommit(async () => {
      for (const row of rows) await publishChange(ctx.bus, assemblyBallots, { action: 'created', id: Number(row._id) }, []);
      // The item's running totals changed for whoever shows them.
      await publishChange(ctx.bus, assemblyItems, { action: 'updated', id: item }, []);
    });
    return {
      ballots: rows.map((row) => toRecord(assemblyBallots, row, caller)),
      voter: { member: who.member, name },
      totals: { votes_for: totals.for, votes_against: totals.against, abstentions: totals.abstain, voters: totals.total },
    };
  },
});
