import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { ExplainerField, ExplainerResource, ExplainerResponse, OperationReach, ResourceOperation } from './contract.js';
import type { Http } from './http.js';

export interface Explainer {
  resources: ReadonlySignal<Record<string, ExplainerResource>>;
  loaded: ReadonlySignal<boolean>;
  fields(resource: string): ExplainerField[];
  /** The record with float32 and integer fields converted, ready to send. */
  prepare<T extends Record<string, unknown>>(resource: string, record: T): T;
  /** How far the caller may perform the operation: 'none' for a resource the explainer does not name. */
  reach(resource: string, operation: ResourceOperation): OperationReach;
  /**
   * May the caller perform the operation (on record `id`, for record operations)? Controls the
   * server would refuse are not offered: with an 'own' reach, only on the caller's own record.
   */
  may(resource: string, operation: ResourceOperation, id?: string | number): boolean;
  load(): Promise<void>;
}

/** The reach of an operation as an explained resource states it; one without `operations` (an older server) leaves the decision to the server. */
function reachIn(explained: ExplainerResource | undefined, operation: ResourceOperation): OperationReach {
  if (!explained) return 'none';
  return explained.operations?.[operation] ?? 'all';
}

/** Whether an operation's reach covers record `id`: the caller's own record when the resource has one, any record they could read otherwise. */
export function mayIn(explained: ExplainerResource | undefined, operation: ResourceOperation, id?: string | number): boolean {
  const reach = reachIn(explained, operation);
  if (reach !== 'own') return reach === 'all';
  if (id === undefined || explained?.ownRecord === undefined) return true;
  return String(explained.ownRecord) === String(id);
}

function convert(field: ExplainerField, value: unknown): unknown {
  // Empty values stay as they are: Number('') would turn "no value" into 0.
  if (value === null || value === undefined || value === '') return value;
  let converted: number;
  // A number as typed: rounding to single precision would send 0.1 as 0.10000000149.
  if (field.type === 'float32') converted = typeof value === 'number' ? value : Number(String(value).trim() || NaN);
  else if (field.type === 'integer') converted = typeof value === 'number' ? Math.trunc(value) : parseInt(String(value), 10);
  else return value;
  // Unconvertible input goes as typed, so the server's validation names the field.
  return Number.isNaN(converted) ? value : converted;
}

/** Converts fields flagged float32 or integer (SPEC 3) before sending. */
export function convertRecord<T extends Record<string, unknown>>(fields: readonly ExplainerField[], record: T): T {
  const out: Record<string, unknown> = { ...record };
  for (const field of fields) {
    if (field.name in out) out[field.name] = convert(field, out[field.name]);
  }
  return out as T;
}

export function createExplainer(http: Http): Explainer {
  const resources = signal<Record<string, ExplainerResource>>({});
  const loaded = signal(false);
  const fields = (resource: string) => resources.value[resource]?.fields ?? [];
  return {
    resources,
    loaded,
    fields,
    prepare: (resource, record) => convertRecord(fields(resource), record),
    reach: (resource, operation) => reachIn(resources.value[resource], operation),
    may: (resource, operation, id) => mayIn(resources.value[resource], operation, id),
    async load() {
      const res = await http.get<ExplainerResponse>('explainer');
      resources.value = res.data?.data ?? {};
      loaded.value = true;
    },
  };
}
