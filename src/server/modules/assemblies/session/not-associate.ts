import type { Db } from '../../../db/database.js';

const dmy = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Why a member is not among the assembly's associates (votersOf leaves them out), in pt-PT. */
export async function whyNotAssociate(db: Db, member: number, cutoff: string): Promise<string> {
  const row = await db
    .selectFrom('members')
    .leftJoin('member_states', 'member_states._id', 'members.state')
    .select(['members.name', 'members.admission_date', 'member_states.name as state', 'member_states.marksEnd'])
    .where('members._id', '=', member)
    .executeTakeFirst();
  if (!row) return 'Sócio não encontrado.';
  if (row.marksEnd) return `${row.name} não é associado: o seu estado é «${row.state}».`;
  if (row.admission_date && String(row.admission_date) > cutoff) return `${row.name} não era associado na data de referência (${dmy(cutoff)}): foi admitido em ${dmy(String(row.admission_date))}.`;
  return `${row.name} não consta dos associados desta assembleia.`;
}
