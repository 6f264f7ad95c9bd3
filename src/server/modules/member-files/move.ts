import type { Db } from '../../db/database.js';

/**
 * Gives an accepted application's photo and documents to the member made from it, in the
 * accept's transaction (`trx`): the rows and their files change hands, no byte is copied, so
 * a rolled-back accept leaves them with the application. The member is new, so has no photo
 * the application's could clash with. `at` (the injected clock) stamps the rows when given.
 */
export async function moveApplicationFilesToMember(trx: Db, applicationId: number, memberId: number, at?: number): Promise<void> {
  const stamp = at === undefined ? {} : { updated_at: new Date(at).toISOString() };
  await trx.updateTable('member_files').set({ member: memberId, member_application: null, ...stamp }).where('member_application', '=', applicationId).execute();
  await trx
    .updateTable('files')
    .set((eb) => ({ owner_resource: 'members', owner_record: memberId, _version: eb('_version', '+', 1), ...stamp }))
    .where('owner_resource', '=', 'member_applications')
    .where('owner_record', '=', applicationId)
    .execute();
}
