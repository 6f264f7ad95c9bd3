import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { ExplainerField, ExplainerResource, ExplainerResponse } from './contract.js';
import type { Http } from './http.js';

export interface Explainer {
  resources: ReadonlySignal<Record<string, ExplainerResource>>;
  loaded: ReadonlySignal<boolean>;
  fields(resource: string): ExplainerField[];
  /** The record with float32 and integer fields converted, ready to send. */
  prepare<T extends Record<string, unknown>>(resource: string, record: T): T;
  load(): Promise<void>;
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
    async load() {
      const res = await http.get<ExplainerResponse>('explainer');
      resources.value = res.data?.data ?? {};
      loaded.value = true;
    },
  };
}
