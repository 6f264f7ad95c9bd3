import { RESOURCE_OPERATIONS, type OperationReach, type ResourceOperation, type Role } from '../../core/contract.js';
import type { Caller } from '../auth/caller.js';
import type { Row } from '../db/database.js';
import { forbidden, unauthorized } from '../errors.js';
import type { Field, Grant, Operation, Resource } from './define.js';

/** A resource's scope condition with the caller's id filled in: `column = value`. */
export interface RowScope {
  column: string;
  value: number;
}

/**
 * How a caller may perform an operation: on every row ('all'), on the rows of their scope,
 * anonymously through the public fields ('public', create only), or not at all.
 */
export type Permission = 'all' | 'none' | 'public' | RowScope;

/** The caller's rows of `resource` (its scope with the caller's member or user id), if any. */
function callerScope(resource: Resource, caller: Caller): RowScope | null {
  const scope = resource.scope;
  // API keys act for the organisation, not a person: they have no rows of their own.
  if (!scope || caller.kind !== 'user') return null;
  const value = scope.equals === 'callerMember' ? caller.memberId : caller.id;
  return value === null || value === undefined ? null : { column: scope.column, value };
}

/** The _id of the one record that is the caller's own (members: their member record). */
export function ownRecordId(resource: Resource, caller: Caller): number | null {
  const scope = callerScope(resource, caller);
  return scope?.column === '_id' ? scope.value : null;
}

export function permission(resource: Resource, caller: Caller, operation: Operation): Permission {
  return permissionOf(resource, caller, resource.access[operation]);
}

/** How `grants` (an operation's or an action's) apply to this caller on `resource`. */
export function permissionOf(resource: Resource, caller: Caller, grants: readonly Grant[]): Permission {
  if (caller.kind === 'anonymous') return grants.includes('public') ? 'public' : 'none';
  if (grants.includes('anyone') || grants.includes(caller.role)) return 'all';
  if (grants.includes('own')) return callerScope(resource, caller) ?? 'none';
  return 'none';
}

/** A permission as the browser needs it: everywhere, on the caller's own records, or nowhere. */
function reachOf(granted: Permission): OperationReach {
  if (granted === 'all') return 'all';
  return typeof granted === 'object' ? 'own' : 'none';
}

/** What the caller may do with each operation of the resource (the explainer's `operations`). */
export function operationsOf(resource: Resource, caller: Caller): Record<ResourceOperation, OperationReach> {
  return Object.fromEntries(RESOURCE_OPERATIONS.map((operation) => [operation, reachOf(permission(resource, caller, operation))])) as Record<ResourceOperation, OperationReach>;
}

/**
 * Throws 401/403 unless the caller may perform the operation (on record `id` when given).
 * Returns the permission so queries narrow to the caller's rows (see `inScope`).
 */
export function authorize(resource: Resource, caller: Caller, operation: Operation | readonly Grant[], id?: number): Permission {
  const granted = permissionOf(resource, caller, typeof operation === 'string' ? resource.access[operation] : operation);
  if (granted === 'none') throw caller.kind === 'anonymous' ? unauthorized() : forbidden();
  // A person's own record is one known id: asking for another is refused outright, as always.
  if (typeof granted === 'object' && granted.column === '_id' && id !== undefined && granted.value !== id) {
    throw forbidden('Só pode aceder ao seu próprio registo.');
  }
  return granted;
}

/** Is this row within the permission's rows? (Rows outside a scope are answered 404, as if absent.) */
export function inScope(granted: Permission, row: Row): boolean {
  return typeof granted !== 'object' || Number(row[granted.column]) === granted.value;
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
  return grants.filter((g): g is Role => g !== 'own' && g !== 'anyone' && g !== 'public');
}
