import { isStaff, type AuthenticatedCaller, type Caller } from '../auth/caller.js';
import { forbidden, unauthorized } from '../errors.js';

/**
 * Who may upload files and read them: staff (administrators and editors, by account or API
 * key). A member's own photos and documents need a record that ties the file to them, which
 * files do not have until a record's field takes them.
 */
export function fileStaff(caller: Caller): AuthenticatedCaller {
  if (caller.kind === 'anonymous') throw unauthorized();
  if (!isStaff(caller)) throw forbidden('Só administradores e editores podem enviar e ler ficheiros.');
  return caller;
}

/**
 * Who may read a file through a short-lived address: whoever it was issued to. The address is
 * the permission: staff get one for any file (GET /files/{id}/url), a member only from a route
 * that checked the file is theirs (their own membership card).
 */
export function fileReader(caller: Caller): AuthenticatedCaller {
  if (caller.kind === 'anonymous') throw unauthorized();
  return caller;
}
