import { sql } from 'kysely';
import { STAFF_ROLES } from '../../../../core/contract.js';
import { conflict } from '../../../errors.js';
import { defineAction } from '../../../resources/actions.js';
import { stamp } from './state.js';

const CANNOT_OPEN: Record<string, string> = {
  draft: 'A assembleia ainda não foi convocada: só se abre a sessão de uma assembleia convocada.',
  in_session: 'A sessão desta assembleia já está aberta.',
  closed: 'A assembleia já foi encerrada.',
};

/** POST /assemblies/{id}/open_session: the chair opens the session (convened to in session); attendance and votes follow. */
export const openSessionAction = defineAction({
  resource: 'assemblies',
  name: 'open_session',
  label: 'Abrir a sessão',
  on: 'record',
  access: STAFF_ROLES,
  async run({ db, ctx, record }) {
    if (!record) return undefined;
    if (record.status !== 'convened') throw conflict(CANNOT_OPEN[String(record.status)] ?? 'A sessão desta assembleia não pode ser aberta.');
    const at = stamp(ctx.now());
    await db
      .updateTable('assemblies')
      .set({ status: 'in_session', opened_at: at, updated_at: at, _version: sql<number>`_version + 1` })
      .where('_id', '=', Number(record._id))
      .execute();
    return undefined;
  },
});
