import { Faker, base, pt_PT } from '@faker-js/faker';
import type { Row } from '../db/database.js';
import { generateNif } from './nif.js';

/** Ids of the reference rows a generated member points at. */
export interface MemberReferences {
  /** States where marksEnd is false; most members get one of these. */
  activeStateIds: readonly number[];
  /** States where marksEnd is true (left, deceased...). */
  endStateIds: readonly number[];
  /** Absent when the countries table is empty. */
  portugalId: number | undefined;
  otherCountryIds: readonly number[];
}

/** The `members` columns a generated member fills (see 001_core). */
export type MemberRow = Row & { number: number; name: string; nif: string };

// Reserved for documentation (RFC 2606): mail to them never reaches anyone.
const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net'] as const;
const NOTES = [
  'Prefere contacto por telefone.',
  'Quotas pagas por transferência bancária.',
  'Colabora nas atividades de verão.',
  'Pediu recibos em nome da empresa.',
  'Mudou de morada recentemente.',
] as const;
const MOBILE_PREFIXES = ['91', '92', '93', '96'] as const;

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Lower-case ASCII letters only, for e-mail local parts built from Portuguese names. */
function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');
}

/** A faker with Portuguese data whose draws are fixed by `seed`. */
export function seededFaker(seed: number): Faker {
  const faker = new Faker({ locale: [pt_PT, base] });
  faker.seed(seed);
  return faker;
}

/**
 * Makes fictitious Portuguese members from `faker` (seededFaker). The same seed always gives the same people, so demo
 * data and benchmark runs are reproducible; NIFs are valid and unique within one factory.
 */
export function createMemberFactory(faker: Faker, refs: MemberReferences) {
  const randomInt = (max: number) => faker.number.int(max);
  const usedNifs = new Set<string>();

  const uniqueNif = (): string => {
    for (;;) {
      const nif = generateNif(randomInt);
      if (!usedNifs.has(nif)) {
        usedNifs.add(nif);
        return nif;
      }
    }
  };

  const state = (): number | undefined => {
    const ended = refs.endStateIds.length > 0 && faker.number.int(99) < 12;
    const pool = ended ? refs.endStateIds : refs.activeStateIds;
    return pool[faker.number.int(pool.length - 1)];
  };

  const country = (): number | null => {
    if (refs.portugalId === undefined) return null;
    if (refs.otherCountryIds.length === 0 || faker.number.int(99) < 94) return refs.portugalId;
    return refs.otherCountryIds[faker.number.int(refs.otherCountryIds.length - 1)] ?? refs.portugalId;
  };

  return {
    faker,
    /** One member row with the given number and record timestamps. */
    member(number: number, stamp: string, overrides: Partial<MemberRow> = {}): MemberRow {
      const sex = faker.person.sexType();
      const firstName = faker.person.firstName(sex);
      // Portuguese people usually carry two family names.
      const lastNames = `${faker.person.lastName()} ${faker.person.lastName()}`;
      const name = overrides.name ?? `${firstName} ${lastNames}`;
      const birth = faker.date.between({ from: '1940-01-01', to: '2007-12-31' });
      const adultAt = new Date(birth);
      adultAt.setUTCFullYear(adultAt.getUTCFullYear() + 18);
      const admissionFrom = adultAt < new Date('1985-01-01') ? new Date('1985-01-01') : adultAt;
      const admission = faker.date.between({ from: admissionFrom, to: '2025-12-31' });
      const emailName = `${asciiSlug(firstName)}.${asciiSlug(lastNames.split(' ')[1] ?? lastNames)}${number}`;
      const stateId = state();
      if (stateId === undefined) throw new Error('Demo members need at least one member state');
      return {
        number,
        name,
        email: `${emailName}@${faker.helpers.arrayElement(EMAIL_DOMAINS)}`,
        // E.164, as writes store phones.
        phone: `+351${faker.helpers.arrayElement(MOBILE_PREFIXES)}${faker.string.numeric(1)}${faker.string.numeric(3)}${faker.string.numeric(3)}`,
        nif: uniqueNif(),
        birth_date: isoDate(birth),
        address: faker.location.streetAddress(),
        postal_code: `${faker.number.int({ min: 1000, max: 9999 })}-${faker.string.numeric(3)}`,
        locality: faker.location.city(),
        country: country(),
        state: stateId,
        admission_date: isoDate(admission),
        notes: faker.number.int(99) < 5 ? faker.helpers.arrayElement(NOTES) : null,
        created_at: stamp,
        updated_at: stamp,
        ...overrides,
      };
    },
  };
}

export type MemberFactory = ReturnType<typeof createMemberFactory>;
