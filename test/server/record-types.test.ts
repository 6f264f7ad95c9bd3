import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECORD_TYPES_FILE, recordTypesSource, typeName } from '../../scripts/record-types.mjs';
import { resources } from './support/app-registry.js';

describe('record types for the browser', () => {
  // The browser's copy of the inferred record types must follow the definitions, or widgets
  // compile against fields the server no longer sends.
  it('src/core/records.ts matches the definitions (run `node scripts/record-types.mjs` after changing one)', () => {
    expect(readFileSync(RECORD_TYPES_FILE, 'utf8')).toBe(recordTypesSource());
  }, 60_000);

  it('has a record type for every resource the server serves, named after it', () => {
    const copy = readFileSync(RECORD_TYPES_FILE, 'utf8');
    const listed = [...copy.slice(copy.indexOf('export interface RecordsByResource')).matchAll(/^ {2}(\w+): (\w+);$/gm)].map((m) => [m[1], m[2]]);
    expect(listed.map(([name]) => name).sort()).toEqual([...new Set(resources.map((r) => r.name))].sort());
    for (const [name, type] of listed) {
      expect(type).toBe(typeName(name!));
      expect(copy).toContain(`export type ${type} = {`);
    }
  });

  it('names a record type after its resource, in the singular', () => {
    expect(['members', 'sepa_mandates', 'direct_debit_batches', 'countries', 'document_statuses', 'audit_log', 'settings'].map(typeName)).toEqual([
      'Member', 'SepaMandate', 'DirectDebitBatch', 'Country', 'DocumentStatus', 'AuditLog', 'Setting',
    ]);
  });
});
