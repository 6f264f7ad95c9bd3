import { describe, expect, it } from 'vitest';
import { afterDay, parseReportParams } from '../../../src/server/modules/reports/params.js';

const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);

describe('report parameters', () => {
  it('default to today in Portugal and the given number of years up to its year', () => {
    expect(parseReportParams({}, noon('2026-03-10'), 7)).toEqual({ asOf: '2026-03-10', from: 2020, to: 2026 });
    expect(parseReportParams({ asOf: '2024-12-31' }, noon('2026-03-10'), 1)).toEqual({ asOf: '2024-12-31', from: 2024, to: 2024 });
    // Lisbon is on UTC in winter: 23:30 UTC on 31 December is still that day there.
    expect(parseReportParams({}, Date.parse('2025-12-31T23:30:00Z'), 1).asOf).toBe('2025-12-31');
    // In summer Lisbon is an hour ahead: 23:30 UTC is the next day there.
    expect(parseReportParams({}, Date.parse('2025-07-01T23:30:00Z'), 1).asOf).toBe('2025-07-02');
  });

  it('refuse a year range past the year of asOf', () => {
    expect(() => parseReportParams({ asOf: '2024-06-30', to: '2025' }, noon('2026-03-10'), 7)).toThrow(/posterior ao ano da data de referência/);
  });

  it('end a day at Lisbon midnight, in winter and in summer', () => {
    expect(afterDay('2025-01-15')).toBe('2025-01-16T00:00:00.000Z');
    expect(afterDay('2025-07-01')).toBe('2025-07-01T23:00:00.000Z');
  });
});
