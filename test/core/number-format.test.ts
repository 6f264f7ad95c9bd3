import { describe, expect, it } from 'vitest';
import { formatCents, formatCount } from '../../src/core/number-format.js';
import { formatMoney } from '../../src/widgets/shared/money.js';
import { formatValue } from '../../src/widgets/shared/format.js';
import { formatEuros } from '../../src/server/messages/format.js';
import { euros as pdfEuros } from '../../src/server/modules/treasury/pdf/render.js';
import { formatFull, formatShort } from '../../src/widgets/reports/charts/format.js';

// One grouping rule everywhere (docs/decisions/0044-money-grouping.md): thousands grouped from
// four digits on, so a four-digit and a five-digit amount in one row read alike.
const NBSP = '\u00a0';
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('money as people read it', () => {
  it('groups four-digit amounts like five-digit ones', () => {
    expect(formatCents(883404)).toBe(`8${NBSP}834,04${NBSP}€`);
    expect(formatCents(2552450)).toBe(`25${NBSP}524,50${NBSP}€`);
    expect(formatCents(123456789)).toBe(`1${NBSP}234${NBSP}567,89${NBSP}€`);
    expect(formatCents(99999)).toBe(`999,99${NBSP}€`);
  });

  it('writes zero, cents and negative amounts in full, exactly', () => {
    expect(formatCents(0)).toBe(`0,00${NBSP}€`);
    expect(formatCents(10)).toBe(`0,10${NBSP}€`);
    expect(formatCents(-50)).toBe(`-0,50${NBSP}€`);
    expect(formatCents(-123456)).toBe(`-1${NBSP}234,56${NBSP}€`);
    // Past a double's exact cents: the digits as stored, not rounded through a float.
    expect(plain(formatCents(900719925474099))).toBe('9 007 199 254 740,99 €');
  });

  it('is the one rule of the lists, messages, PDFs and charts', () => {
    for (const cents of [0, 883404, 2552450]) {
      const expected = formatCents(cents);
      expect(formatMoney(cents)).toBe(expected);
      expect(formatValue({ name: 'amount', type: 'money', label: 'Valor' } as Parameters<typeof formatValue>[0], cents)).toBe(expected);
      expect(formatEuros(cents)).toBe(expected);
      expect(formatFull('money', cents)).toBe(expected);
      // The PDF's standard fonts have no no-break space: plain spaces, same layout.
      expect(pdfEuros(cents)).toBe(plain(expected));
    }
    expect(plain(formatShort('money', 95000))).toBe('950 €');
  });

  it('groups counts by the same rule', () => {
    expect(formatCount(1200)).toBe(`1${NBSP}200`);
    expect(formatCount(61040)).toBe(`61${NBSP}040`);
    expect(formatFull('count', 6104)).toBe(`6${NBSP}104`);
  });
});
