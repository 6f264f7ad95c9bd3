import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECORD_TYPES_FILE, recordTypesSource } from '../../scripts/record-types.mjs';

describe('record types for the browser', () => {
  // The browser's copy of the inferred record types must follow the definitions, or widgets
  // compile against fields the server no longer sends.
  it('src/core/records.ts matches the definitions (run `node scripts/record-types.mjs` after changing one)', () => {
    expect(readFileSync(RECORD_TYPES_FILE, 'utf8')).toBe(recordTypesSource());
  }, 60_000);
});
