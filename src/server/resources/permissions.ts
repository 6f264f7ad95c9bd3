import type { Role } from '../../core/contract.js';
import type { Caller } from '../auth/caller.js';
import { forbidden, unauthorized } from '../errors.js';
import type { Field, Grant, Operation, Resource } from './define.js';

/** How a caller may perform an operation: on any record, only on their own, or not at all. */
export type Permission = 'all' | 'own' | 'none';

export function permission(resource: Resource, caller: Caller, operation: Operation): Permission {
  return permissionOf(resource, caller, resource.access[operation]);
}

/** How `grants` (an operation's or an action's) apply to this caller on `resource`. */
export function permissionOf(resource: Resource, caller: Caller, grants: readonly Grant[]): Permission {
  if (caller.kind === 'anonymous') return 'none';
  if (grants.includes('anyone') || grants.includes(caller.role)) return 'all';
  // API keys have no record of their own: 'own' applies to people.
  if (grants.includes('own') && caller.kind === 'user' && resource.owner?.(caller) != null) return 'own';
  return 'none';
}

/**
 * Throws 401/403 unless the caller may perform the operation (on record `id` when given).
 * Returns the permission so list queries can narrow to the caller's own record.
 */
export function authorize(resource: Resource, caller: Caller, operation: Operation | readonly Grant[], id?: number): Permission {
  if (caller.kind === 'anonymous') throw unauthorized();
  const granted = permissionOf(resource, caller, typeof operation === 'string' ? resource.access[operation] : operation);
  if (granted === 'none') throw forbidden();
  if (granted === 'own' && id !== undefined && resource.owner?.(caller) !== id) {
    throw forbidden('Só pode aceder ao seu próprio registo.');
  }
  return granted;
}

/** May this caller set or change this field? */
export function canWriteField(field: Field, caller: Caller): boolean {
  if (field.readOnly) return false;
  if (!field.writableBy) return true;
  return caller.kind !== 'anonymous' && field.writableBy.includes(caller.role);
}

/** May this caller receive this field? (Who may read the record is decided by the resource's access.) */
export function canReadField(field: Field, caller: Caller): boolean {
  if (field.writeOnly) return false;
  if (!field.readableBy) return true;
  return caller.kind !== 'anonymous' && field.readableBy.includes(caller.role);
}

/** Roles that may read a resource's records (for event audiences). */
export function readerRoles(resource: Resource): Role[] | 'anyone' {
  const grants = resource.access.read;
  if (grants.includes('anyone')) return 'anyone';
  return grants.filter((g): g is Role => g !== 'own' && g !== 'anyone');
}
