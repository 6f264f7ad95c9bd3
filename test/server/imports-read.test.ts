import { describe, expect, it } from 'vitest';
import { decodeText, readSpreadsheet } from '../../src/server/modules/imports/read-file.js';
import { cellValue } from '../../src/server/modules/imports/cells.js';
import { targetFields } from '../../src/server/modules/imports/fields.js';
import { resourceByName } from './support/app-registry.js';
import { fixture } from './imports-support.js';

const fields = new Map(targetFields(resourceByName('members')!, { resourceByName }).map((f) => [f.key, f]));
const value = (key: string, text: string) => cellValue(fields.get(key)!, [text], new Map());

describe('reading a spreadsheet', () => {
  it('reads Windows-1252 as Excel saves it, the euro sign and curly quotes included, and UTF-8 with or without BOM alike', () => {
    // "Quota € – “Sócio”" in Windows-1252: Node's own decoder turns 0x80-0x9F into control characters.
    const cp1252 = Buffer.from([0x51, 0x75, 0x6f, 0x74, 0x61, 0x20, 0x80, 0x20, 0x96, 0x20, 0x93, 0x53, 0xf3, 0x63, 0x69, 0x6f, 0x94]);
    expect(decodeText(cp1252)).toBe('Quota € – “Sócio”');
    const text = 'Nome;Localidade\r\nJoão;Évora\r\n';
    expect(decodeText(Buffer.from(text, 'utf8'))).toBe(text);
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toBe(text);
  });

  it('finds the separator from the header, keeps quoted separators and line breaks, and numbers rows by their line', async () => {
    const sheet = await readSpreadsheet(Buffer.from('Nome,Morada,Notas\n"Silva, Ana","Rua A, 1","duas\nlinhas"\n\nRui,Rua B,\n', 'utf8'));
    expect(sheet.header).toEqual(['Nome', 'Morada', 'Notas']);
    expect(sheet.rows).toEqual([
      { line: 3, cells: ['Silva, Ana', 'Rua A, 1', 'duas\nlinhas'] },
      { line: 5, cells: ['Rui', 'Rua B', ''] },
    ]);
  });

  it('reads the XLSX fixture: dates as days, numbers as their digits', async () => {
    const sheet = await readSpreadsheet(fixture('socios-excel.xlsx'));
    const [first] = sheet.rows;
    const cell = (header: string) => first!.cells[sheet.header.indexOf(header)];
    expect([cell('N.º de sócio'), cell('NIF'), cell('Telemóvel'), cell('Data de nascimento'), cell('Valor da quota (€)')]).toEqual(['101', '213456788', '912345678', '1985-03-14', '12.5']);
  });
});

describe('a cell as the form would take it', () => {
  it.each([
    ['postal_code', '1000 123', '1000-123'],
    ['postal_code', '1000123', '1000-123'],
    ['nif', 'PT 213 456 788', '213456788'],
    ['phone', '00351 912 345 678', '+351912345678'],
    ['phone', '351912345678', '+351912345678'],
    ['birth_date', '5/3/1985', '1985-03-05'],
    ['birth_date', '1985-03-05', '1985-03-05'],
    ['dues_exempt', 'Sim', true],
    ['dues_exempt', 'não', false],
    ['number', '1.234', 1234],
    ['name', '  Ana   Sofia ', 'Ana Sofia'],
  ])('%s: «%s» is %j', (key, text, expected) => {
    expect(value(key, text)).toEqual({ ok: true, value: expected });
  });

  it('refuses what is no date, no number or neither Sim nor Não, in pt-PT', () => {
    expect(value('birth_date', '31/02/1990')).toEqual({ ok: false, message: 'A data «31/02/1990» não é válida: use dd/mm/aaaa ou aaaa-mm-dd.' });
    expect(value('number', 'cento e um')).toEqual({ ok: false, message: '«cento e um» não é um número inteiro.' });
    expect(value('dues_exempt', 'Talvez')).toEqual({ ok: false, message: '«Talvez» não é Sim nem Não.' });
  });
});
