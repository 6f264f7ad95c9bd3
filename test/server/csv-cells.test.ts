import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/core/csv.js';
import { FIELD_KINDS } from '../../src/server/fields/index.js';
import { cellText, cellWriter, csvText, type ReferenceLabels } from '../../src/server/resources/csv-cells.js';
import { defineResource, type Field } from '../../src/server/resources/define.js';

// The export's cell writers (csv-cells.ts), chosen once per column with shortcuts for the usual
// kinds, give exactly what the rule they replace gave for every cell: csvCell(cellText(field,
// the value the record's JSON gives)), and cellText keeps the rules of the former browser export.

const things = defineResource({
  name: 'things',
  label: 'Coisas',
  labelSingular: 'Coisa',
  access: { list: ['admin'], read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  fields: [
    { name: 'title', type: 'string', label: 'Título' },
    { name: 'body', type: 'text', label: 'Texto' },
    { name: 'email', type: 'email', label: 'E-mail' },
    { name: 'phone', type: 'phone', label: 'Telefone' },
    { name: 'count', type: 'integer', label: 'Contagem' },
    { name: 'ratio', type: 'float32', label: 'Razão' },
    { name: 'amount', type: 'money', label: 'Valor' },
    { name: 'balance', type: 'computed', label: 'Saldo', computed: { sql: 'amount', numeric: true, money: true } },
    { name: 'words', type: 'computed', label: 'Palavras', computed: { sql: "'a'" } },
    { name: 'active', type: 'boolean', label: 'Ativo' },
    { name: 'day', type: 'date', label: 'Dia' },
    { name: 'moment', type: 'datetime', label: 'Momento' },
    { name: 'owner', type: 'reference', ref: 'people', label: 'Dono' },
    { name: 'tags', type: 'references', ref: 'tags', label: 'Etiquetas', through: { table: 'thing_tags', self: 'thing_id', other: 'tag_id' } },
    {
      name: 'kind',
      type: 'enum',
      label: 'Tipo',
      options: [
        { value: 'a', label: 'Primeiro' },
        { value: 'b', label: 'Com; separador' },
        { value: 'a', label: 'Repetido' },
        { value: 'c', label: '=fórmula' },
      ],
    },
    { name: 'secret', type: 'password', label: 'Segredo' },
  ],
});

/** Text that csvCell changes or leaves, in every way: formulas, numbers, quotes, separators, breaks, accents. */
const TEXTS = [
  '', 'a', 'Não', 'Sim', 'Zé', 'Silva; "Zé"', 'linha 1\nlinha 2', 'fim\r', '\tcomeço', '\rcomeço', '"', ';', 'a"b',
  '=SOMA(A1)', '@x', '+351 912 345 678', '+33612345678', '-5', '-0,05', '+x', '-x', '-1e+21', '1e+21', '+', '-', '- 5',
  '12,50', '(1)', 'ção;', '  espaços  ', 'x\n', '=', '@',
];

const LABELS: ReferenceLabels = new Map([
  [1, 'Ana'],
  [2, 'Silva; "Zé"'],
  [3, '=perigo'],
  [4, '-5'],
]);

/** Values as a database row may hold them, of every shape: empty, text, numbers, numbers as text (PostgreSQL's bigint), ids. */
const STORED: unknown[] = [
  null, undefined, '', 0, 1, 2, 3, 4, 99, -7, 2450, -5, 99_999_999, 0.1, 1.5, -2.25, 1e21, Number.MAX_SAFE_INTEGER + 2, '2450', '1', '0', 'true', 'a', 'b', 'c', 'z',
  '+351912345678', '+351212345678', '+351221234567', '+351231234567', '+35191234567', '+3519123456789', '+351 12345678', '912345678',
  '1985-03-07', '1985-03-07T10:00:00Z', '1985-3-7', '19850307', 'x985-03-07', '2026-11-28T10:00:00.000Z', '2026-03-29T01:30:00Z', '1960-06-01T12:00:00Z', 'não é data',
  [], [1, 3], [2, 99], ...TEXTS,
];

/** The value a record's JSON gives for a stored one (toRecord), which the rule starts from. */
const apiValue = (field: Field, stored: unknown): unknown => (stored === null || stored === undefined ? null : FIELD_KINDS[field.type].output(stored, field));

describe('the CSV cell writers', () => {
  it('csvText is csvCell, for text of every kind', () => {
    const samples = [...TEXTS, ...TEXTS.flatMap((a) => TEXTS.slice(0, 12).map((b) => a + b))];
    for (const text of samples) expect(csvText(text), JSON.stringify(text)).toBe(csvCell(text));
  });

  it('write each column as csvCell(cellText(field, the JSON value)), for every kind of field and of value, repeatedly', () => {
    const fields = things.fields.filter((f) => !['_version'].includes(f.name));
    for (const field of fields) {
      const write = cellWriter(field);
      // Twice: the second time from what a column keeps (quoted texts, minutes).
      for (let round = 0; round < 2; round += 1) {
        for (const stored of STORED) {
          // A linked field holds its ids, as withLinks lists them; any other a column's value.
          if (field.type === 'references' && !(Array.isArray(stored) || stored === null)) continue;
          expect(write(stored, LABELS), `${field.name} ${JSON.stringify(stored)}`).toBe(csvCell(cellText(field, apiValue(field, stored), LABELS)));
        }
      }
    }
  });

  it('keep the rules of the cells: days, moments in Lisbon, money, options, names, phones, quoting', () => {
    const write = (name: string, stored: unknown) => cellWriter(things.field(name)!)(stored, LABELS);
    expect(write('day', '1985-03-07')).toBe('07/03/1985');
    expect(write('day', '1985-03-07T10:00:00Z')).toBe('07/03/1985');
    expect(write('day', '1985-3-7')).toBe('1985-3-7');
    expect(write('amount', 2450)).toBe('24,50');
    expect(write('amount', '-5')).toBe('-0,05');
    expect(write('balance', '99999999')).toBe('999999,99');
    expect(write('ratio', 1.5)).toBe('1,5');
    expect(write('active', 1)).toBe('Sim');
    expect(write('active', 0)).toBe('Não');
    expect(write('kind', 'a')).toBe('Primeiro');
    expect(write('kind', 'b')).toBe('"Com; separador"');
    expect(write('kind', 'c')).toBe("'=fórmula");
    expect(write('kind', 'z')).toBe('z');
    expect(write('owner', 2)).toBe('"Silva; ""Zé"""');
    expect(write('owner', 3)).toBe("'=perigo");
    expect(write('owner', 99)).toBe('#99');
    expect(write('tags', [1, 2, 99])).toBe('"Ana, Silva; ""Zé"", #99"');
    expect(write('phone', '+351212345678')).toBe('21 234 5678');
    expect(write('phone', '+351912345678')).toBe('912 345 678');
    expect(write('secret', 'x')).toBe('');
    expect(write('title', '=1+1')).toBe("'=1+1");
    expect(write('count', -7)).toBe('-7');
  });

  it('write moments as the organisation reads them in Lisbon, summer and winter time, before 1970 and after', () => {
    const lisbon = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Lisbon' });
    const write = cellWriter(things.field('moment')!);
    // Every 7 minutes and 13 seconds around the change to summer time and back (2026), and far back.
    const starts = [Date.UTC(2026, 2, 28, 20), Date.UTC(2026, 9, 24, 20), Date.UTC(1966, 3, 1), Date.UTC(1911, 11, 31, 20), Date.UTC(1970, 0, 1) - 3_600_000];
    for (const start of starts) {
      for (let ms = start; ms < start + 10 * 3_600_000; ms += 433_000) {
        const iso = new Date(ms).toISOString();
        const expected = lisbon.format(new Date(ms));
        // Twice: the second from the minutes kept.
        expect(write(iso, undefined), iso).toBe(csvText(expected));
        expect(write(iso, undefined), iso).toBe(csvText(expected));
      }
    }
    // Before 1912 Lisbon kept its mean time (-0:36:45): two moments of one UTC minute can be two
    // minutes there, so such moments are never taken from the minutes kept.
    for (const start of [Date.UTC(1911, 5, 1, 12, 0, 10), Date.UTC(2026, 5, 1, 12, 0, 10)]) {
      for (const ms of [start, start + 40_000, start + 60_000, start + 100_000]) {
        expect(write(new Date(ms).toISOString(), undefined)).toBe(csvText(lisbon.format(new Date(ms))));
      }
    }
    expect(lisbon.format(new Date(Date.UTC(1911, 5, 1, 12, 0, 10)))).not.toBe(lisbon.format(new Date(Date.UTC(1911, 5, 1, 12, 0, 50))));
  });
});
