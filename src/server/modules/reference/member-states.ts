import type { Db } from '../../db/database.js';
import { defineResource } from '../../resources/define.js';

export const memberStates = defineResource({
  name: 'member_states',
  label: 'Estados de sócio',
  labelSingular: 'Estado de sócio',
  defaultSort: '_id',
  access: { list: ['anyone'], read: ['anyone'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  fields: [
    {
      name: 'name', type: 'string', label: 'Nome', validation: { required: true, maxLength: 100, unique: true },
      sortable: true, filterable: true, searchable: true,
    },
    // An ending state (deceased, left, excluded): the member no longer counts as active.
    { name: 'marksEnd', type: 'boolean', label: 'Marca o fim da inscrição', sortable: true, filterable: true, defaultValue: () => 0 },
  ],
});

/** Whether the state `state` names ends a membership (Desistente, Falecido…); no state ends none. */
export async function endsMembership(db: Db, state: unknown): Promise<boolean> {
  if (state === null || state === undefined) return false;
  const row = await db.selectFrom('member_states').select('marksEnd').where('_id', '=', Number(state)).executeTakeFirst();
  return Boolean(row && Number(row.marksEnd));
}

/** The first state that does not end a membership, in the states' own order: where a new member starts. */
export async function firstActiveState(db: Db): Promise<number | null> {
  const row = await db.selectFrom('member_states').select('_id').where('marksEnd', '=', 0).orderBy('_id').limit(1).executeTakeFirst();
  return row ? Number(row._id) : null;
}
