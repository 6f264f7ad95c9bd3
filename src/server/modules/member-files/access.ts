import { isStaff, type Caller } from '../../auth/caller.js';
import type { Db } from '../../db/database.js';
import { conflict, forbidden, notFound, unauthorized } from '../../errors.js';
import { isOpen } from '../../../core/application-states.js';
import { verifyUploadToken } from './upload-token.js';
import type { Parent } from './records.js';

/** The header with which the browser that sent an application proves it (POST member_applications answers it). */
export const UPLOAD_TOKEN_HEADER = 'x-upload-token';

/** Who wrote a file: staff by account or key, or the applicant by their application. */
export type Uploader = { kind: 'user' | 'apiKey'; id: number } | { kind: 'applicant'; id: number };

const STAFF_ONLY = 'Só administradores e editores podem alterar fotografias e documentos.';

export const memberMissing = () => notFound('Sócio não encontrado.');
export const applicationMissing = () => notFound('Candidatura não encontrada.');

/** Only an application still under review takes or loses files: an accepted one's are the member's now. */
export function assertOpenApplication(state: unknown): void {
  if (!isOpen(state)) throw conflict('Esta candidatura já foi decidida: os seus ficheiros já não podem ser alterados.');
}

/** Staff may write a member's files; nobody else. */
function memberWriter(caller: Caller): Uploader {
  if (caller.kind === 'anonymous') throw unauthorized();
  if (!isStaff(caller)) throw forbidden(STAFF_ONLY);
  return caller;
}

/** Before the body is read: staff, or someone who shows an upload token (checked against the application once known). */
export function mayTryWrite(caller: Caller, token: string | undefined): void {
  if (isStaff(caller)) return;
  if (caller.kind === 'anonymous' && token === undefined) throw unauthorized();
  if (caller.kind !== 'anonymous') throw forbidden(STAFF_ONLY);
}

/**
 * Who writes the files of `parent`: staff for a member; for an application, staff or the
 * public browser whose token names it and is still valid. The parent must exist (404) and an
 * application must still be under review (409).
 */
export async function writerFor(db: Db, caller: Caller, token: string | undefined, parent: Parent, now: number): Promise<Uploader> {
  if (parent.kind === 'member') {
    const writer = memberWriter(caller);
    if (!(await db.selectFrom('members').select('_id').where('_id', '=', parent.id).executeTakeFirst())) throw memberMissing();
    return writer;
  }
  let writer: Uploader;
  if (isStaff(caller) && caller.kind !== 'anonymous') writer = caller;
  else if (caller.kind === 'anonymous' && (await verifyUploadToken(db, token, parent.id, now))) writer = { kind: 'applicant', id: parent.id };
  else if (caller.kind === 'anonymous' && token !== undefined) throw forbidden('A autorização para enviar ficheiros para esta candidatura não é válida ou expirou. Envie a candidatura de novo.');
  else throw caller.kind === 'anonymous' ? unauthorized() : forbidden(STAFF_ONLY);
  const application = await db.selectFrom('member_applications').select('state').where('_id', '=', parent.id).executeTakeFirst();
  if (!application) throw applicationMissing();
  assertOpenApplication(application.state);
  return writer;
}

/**
 * Who reads the files of `parent`: staff any; a member their own member record's (another
 * member's is as if absent). Applications' are staff's alone.
 */
export async function readerFor(db: Db, caller: Caller, parent: Parent): Promise<Exclude<Caller, { kind: 'anonymous' }>> {
  if (caller.kind === 'anonymous') throw unauthorized();
  const own = parent.kind === 'member' && caller.memberId === parent.id;
  if (!isStaff(caller) && !own) {
    if (parent.kind === 'member') throw memberMissing();
    throw forbidden('Só administradores e editores podem ver as candidaturas.');
  }
  const table = parent.kind === 'member' ? 'members' : 'member_applications';
  if (!(await db.selectFrom(table).select('_id').where('_id', '=', parent.id).executeTakeFirst())) throw parent.kind === 'member' ? memberMissing() : applicationMissing();
  return caller;
}
