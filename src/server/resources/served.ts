import type { Grant, Operation, Resource } from './define.js';

/**
 * A route exists only for what somebody may do: an operation no grant allows has no route, so
 * it answers the plain 404 of an unknown address instead of a 403 to everyone, and the
 * OpenAPI document, built from the routes, never lists it.
 */
export const isGranted = (grants: readonly Grant[]): boolean => grants.length > 0;

export const serves = (resource: Resource, operation: Operation): boolean => isGranted(resource.access[operation]);

/** `POST {res}/validate` checks a create (no `_id`) or an update (with one): served while either is. */
export const servesValidate = (resource: Resource): boolean => serves(resource, 'create') || serves(resource, 'update');
