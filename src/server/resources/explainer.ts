import type { FastifyInstance } from 'fastify';
import type { ExplainerField, ExplainerFilter, ExplainerResponse } from '../../core/contract.js';
import type { Caller } from '../auth/caller.js';
import type { Db } from '../db/database.js';
import { unauthorized } from '../errors.js';
import type { DeclaredFilter } from './declared-filters.js';
import type { Field } from './define.js';
import type { Registry } from './registry.js';
import { actionInput } from './action-handler.js';
import { filterHint } from './text-filter.js';
import { explainedType } from '../fields/index.js';
import { switchedOffResources } from '../modules/module-switch.js';
import { canReadField, canWriteField, operationsOf, ownRecordId, permission, permissionOf } from './permissions.js';

/**
 * The value a new record's form starts with: a default that needs no database (a flag that
 * starts on, a fixed choice). One computed from the data (the next member number) is left to
 * the server.
 */
function constantDefault(field: Field): string | number | boolean | undefined {
  if (!field.defaultValue || field.defaultValue.length > 0) return undefined;
  const value = (field.defaultValue as () => unknown)();
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

/** A field as the client sees it; readOnly also covers fields this caller may not change. */
function explainField(field: Field, caller: Caller | undefined): ExplainerField {
  const initial = constantDefault(field);
  return {
    name: field.name,
    type: explainedType(field),
    // A field the server fills in when left empty (the next member number) is not required of the form.
    validation: (field.defaultValue || field.createDefault) && field.validation.required ? { ...field.validation, required: false } : field.validation,
    label: field.label,
    group: field.group,
    inputType: field.inputType,
    ...(field.ref ? { ref: field.ref } : {}),
    ...(field.options ? { options: field.options.map((o) => ({ ...o })) } : {}),
    ...(initial === undefined ? {} : { default: initial }),
    sortable: field.sortable,
    filterable: field.filterable,
    ...(field.filterable && filterHint(field) ? { filterHint: filterHint(field) } : {}),
    searchable: field.searchable,
    readOnly: caller ? !canWriteField(field, caller) : field.readOnly,
  };
}

const explainFilter = (filter: DeclaredFilter): ExplainerFilter => ({
  name: filter.name,
  label: filter.label,
  options: (filter.options ?? []).map((o) => ({ value: o.value, label: o.label })),
  ...(filter.integer ? { integer: { min: filter.integer.min, max: filter.integer.max } } : {}),
});

/** What an anonymous caller may know: the public fields of resources with a public create grant. */
function explainPublic(registry: Registry, caller: Caller, off: ReadonlySet<string>): ExplainerResponse['data'] {
  const data: ExplainerResponse['data'] = {};
  for (const resource of registry.resources) {
    if (off.has(resource.name) || permission(resource, caller, 'create') !== 'public') continue;
    const names = new Set(resource.publicFields ?? []);
    data[resource.name] = { label: resource.label, fields: resource.fields.filter((f) => names.has(f.name)).map((f) => explainField(f, caller)) };
  }
  return data;
}

function explain(registry: Registry, caller: Caller, off: ReadonlySet<string>): ExplainerResponse['data'] {
  if (caller.kind === 'anonymous') return explainPublic(registry, caller, off);
  const data: ExplainerResponse['data'] = {};
  for (const resource of registry.resources) {
    // A module switched off (hasTreasury 'false') has no resources for anyone.
    if (off.has(resource.name)) continue;
    if (permission(resource, caller, 'read') === 'none' && permission(resource, caller, 'list') === 'none') continue;
    const actions = registry
      .actionsOf(resource)
      .filter((action) => permissionOf(resource, caller, action.access) !== 'none')
      .map((action) => ({
        name: action.name,
        label: action.label,
        on: action.on,
        fields: actionInput(resource, action).fields.filter((f) => !f.readOnly).map((f) => explainField(f, caller)),
      }));
    const filters = permission(resource, caller, 'list') === 'none' ? [] : (resource.filters ?? []).map(explainFilter);
    const own = ownRecordId(resource, caller);
    data[resource.name] = {
      label: resource.label,
      fields: resource.fields.filter((f) => f.writeOnly || canReadField(f, caller)).map((f) => explainField(f, caller)),
      // The browser hides what the server would refuse (a create button, 'Apagar', another person's page).
      operations: operationsOf(resource, caller),
      ...(own === null ? {} : { ownRecord: own }),
      ...(actions.length > 0 ? { actions } : {}),
      ...(filters.length > 0 ? { filters } : {}),
    };
  }
  return data;
}

/**
 * Forms of a new record start with the defaults worked out from the data (Portugal, the first
 * active member state), for callers who may create records of the resource.
 */
async function addCreateDefaults(registry: Registry, db: Db, caller: Caller, data: ExplainerResponse['data']): Promise<void> {
  for (const resource of registry.resources) {
    const explained = data[resource.name];
    if (!explained || permission(resource, caller, 'create') === 'none') continue;
    for (const field of resource.fields) {
      const entry = field.createDefault && explained.fields.find((f) => f.name === field.name);
      if (!entry) continue;
      const value = await field.createDefault!(db);
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') entry.default = value;
    }
  }
}

/** GET /api/explainer: the resources this caller may read, field by field. */
export async function explainerRoutes(app: FastifyInstance) {
  // Public (CORS): a public form on an association's website reads its fields' descriptions here.
  app.get('/explainer', { config: { public: true } }, async (request): Promise<ExplainerResponse> => {
    const data = explain(app.registry, request.caller, await switchedOffResources(app.ctx.database.db, app.registry.modules));
    await addCreateDefaults(app.registry, app.ctx.database.db, request.caller, data);
    // Anonymous callers see public forms only; with none declared, the explainer is for signed-in callers.
    if (request.caller.kind === 'anonymous' && Object.keys(data).length === 0) throw unauthorized();
    return { data };
  });
}
