import { isStaff, type AuthenticatedCaller, type Caller } from '../../auth/caller.js';
import { forbidden, unauthorized } from '../../errors.js';

/** Printing, like every stored file, is staff's work (files are read by staff only). */
export function printer(caller: Caller): AuthenticatedCaller {
  if (caller.kind === 'anonymous') throw unauthorized();
  if (!isStaff(caller)) throw forbidden('Só administradores e editores podem imprimir cartões.');
  return caller;
}
