import countriesEn from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import countriesPt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import type { Db } from '../../db/database.js';
import { loose } from '../../db/database.js';
import { foldText } from '../../db/fold.js';
import { parseCents, parseDay } from '../collecting/public.js';
import type { TargetField } from './fields.js';

/**
 * A cell's text as the value the API takes for its field, normalised as a person would have
 * typed it in the form: dates in dd/mm/aaaa or ISO, "12,50" for money, Sim/Não, phone numbers
 * with 00 or without +, postal codes without the dash, NIFs with spaces or "PT", and
 * references by name (a country also by its code or English name). Whatever the field's own
 * check then refuses (a wrong NIF, a number no phone has) is refused by the same rules as the form.
 */
type CellValue = string | number | boolean | number[];

type CellResult = { ok: true; value: CellValue } | { ok: false; message: string };

const ok = (value: CellValue): CellResult => ({ ok: true, value });
const fail = (message: string): CellResult => ({ ok: false, message });

/** Names (folded) of the records a reference field may name, to their ids. */
export type NameLookup = Map<string, number>;

const YES = new Set(['sim', 's', 'yes', 'y', 'true', 'verdadeiro', 'v', '1', 'x']);
const NO = new Set(['nao', 'n', 'no', 'false', 'falso', 'f', '0']);

type CountryNames = { countries: Record<string, string | string[]> };

/** Every name a country goes by (Portuguese and English, folded) to its ISO code. */
const COUNTRY_CODES: ReadonlyMap<string, string> = (() => {
  const codes = new Map<string, string>();
  for (const names of [countriesPt as CountryNames, countriesEn as CountryNames]) {
    for (const [code, name] of Object.entries(names.countries)) for (const each of [name].flat()) codes.set(foldText(each), code);
  }
  return codes;
})();

/** The records a reference may name, by folded name (and, for countries, code and names in both languages). */
export async function nameLookup(db: Db, field: TargetField): Promise<NameLookup> {
  const table = field.target!.name;
  const lookup: NameLookup = new Map();
  if (table === 'countries') {
    const rows = await db.selectFrom('countries').select(['_id', 'name', 'code']).execute();
    const byCode = new Map(rows.map((r) => [r.code, Number(r._id)]));
    for (const [name, code] of COUNTRY_CODES) if (byCode.has(code)) lookup.set(name, byCode.get(code)!);
    for (const row of rows) {
      lookup.set(foldText(row.code), Number(row._id));
      lookup.set(foldText(row.name), Number(row._id));
    }
    return lookup;
  }
  const rows = await loose(db).selectFrom(table).select(['_id', 'name']).execute();
  for (const row of rows) lookup.set(foldText(String(row.name).trim()), Number(row._id));
  return lookup;
}

function postalCode(text: string): string {
  const match = /^(\d{4})\s*[-‐–—]?\s*(\d{3})$/.exec(text);
  return match ? `${match[1]}-${match[2]}` : text;
}

function phone(text: string): string {
  const compact = text.replace(/[\s().-]/g, '');
  if (/^00\d{6,}$/.test(compact)) return `+${compact.slice(2)}`;
  // A Portuguese number saved as a number loses its "+": 351 and nine digits.
  if (/^351\d{9}$/.test(compact)) return `+${compact}`;
  return text;
}

const nif = (text: string) => text.replace(/^PT/i, '').replace(/[\s.-]/g, '');

/** One field's value from its cells' texts (several when columns join: first and last name). */
export function cellValue(field: TargetField, texts: readonly string[], lookups: ReadonlyMap<string, NameLookup>): CellResult | null {
  const filled = texts.map((t) => t.trim()).filter((t) => t !== '');
  if (filled.length === 0) return null;
  const text = filled.join(field.field.type === 'text' ? '\n' : ' ');
  const { type, validation } = field.field;
  switch (type) {
    case 'string':
      if (validation.checks?.includes('postalCode')) return ok(postalCode(text));
      if (validation.checks?.includes('nif')) return ok(nif(text));
      return ok(text.replace(/\s+/g, ' '));
    case 'text':
    case 'email':
      return ok(text);
    case 'phone':
      return ok(phone(filled[0]!));
    case 'integer': {
      const digits = text.replace(/[\s.]/g, '').replace(/,0+$/, '');
      return /^-?\d+$/.test(digits) ? ok(Number(digits)) : fail(`«${text}» não é um número inteiro.`);
    }
    case 'money': {
      const cents = parseCents(text);
      return cents === null ? fail(`«${text}» não é um valor (use, por exemplo, 12,50).`) : ok(cents);
    }
    case 'date': {
      const day = parseDay(text);
      return day === null ? fail(`A data «${text}» não é válida: use dd/mm/aaaa ou aaaa-mm-dd.`) : ok(day);
    }
    case 'boolean': {
      const word = foldText(text).replace(/[^a-z0-9]/g, '');
      if (YES.has(word)) return ok(true);
      if (NO.has(word)) return ok(false);
      return fail(`«${text}» não é Sim nem Não.`);
    }
    case 'enum': {
      const wanted = foldText(text);
      const option = (field.field.options ?? []).find((o) => foldText(o.value) === wanted || foldText(o.label) === wanted);
      return option ? ok(option.value) : fail(`«${text}» não é uma das opções: ${(field.field.options ?? []).map((o) => o.label).join(', ')}.`);
    }
    case 'reference': {
      const id = lookups.get(field.key)?.get(foldText(text));
      return id === undefined ? fail(unknownName(field, [text])) : ok(id);
    }
    case 'references': {
      const names = [...new Set(filled.flatMap((t) => t.split(/[,;|]/)).map((t) => t.trim()).filter((t) => t !== ''))];
      const lookup = lookups.get(field.key);
      const missing = names.filter((name) => lookup?.get(foldText(name)) === undefined);
      if (missing.length > 0) return fail(unknownName(field, missing));
      return ok([...new Set(names.map((name) => lookup!.get(foldText(name))!))]);
    }
    default:
      return fail(`O campo «${field.label}» não se importa de uma folha de cálculo.`);
  }
}

/** An unknown name is refused, never created: staff create it first (a category is a decision, not a typo's side effect). */
function unknownName(field: TargetField, names: readonly string[]): string {
  const list = names.map((n) => `«${n}»`).join(', ');
  const where = field.target!.label;
  return names.length === 1
    ? `Não há ${list} em ${where}: crie esse registo primeiro ou corrija o ficheiro.`
    : `Não há ${list} em ${where}: crie esses registos primeiro ou corrija o ficheiro.`;
}
