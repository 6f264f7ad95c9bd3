import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '../../src/server/db/fold.js';
import { createMemoryBus } from '../../src/server/realtime/bus.js';
import { createChangeCache } from '../../src/server/resources/change-cache.js';
import { parseListParams } from '../../src/server/resources/list-params.js';
import { listRows, matchingIds } from '../../src/server/resources/list-query.js';
import { RELATED_IDS } from '../../src/server/resources/search.js';
import { LIST_EXACT_TOTAL_LIMIT } from '../../src/core/contract.js';
import { resourceByName } from './support/app-registry.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';
import { recordingStatements } from './support/statement-recorder.js';

// Lists searched through a searchable reference (`member`) answer exactly the rows, the order
// and the total that the words say, however the database is asked for them: each word in the
// row's own text (a payment's reference, a debt's description: their own trigram index, dues/051)
// or in its member's (number, name), case and accents aside. The expected answer is worked out
// here from the rows inserted, and the API's answers are held to it: the whole list
// (`_limit=-1`), the first page, pages by cursor and by number, with filters. On SQLite a word of
// three letters or more is looked up in the indexes (counted first, then walked or found through
// them); a shorter one reads the rows' own text, looking for its page among the first rows in
// order, then walking on or gathering every match (list-query.ts): the data makes each of those
// happen, and the statements are checked to have been those. Both engines.

const PAYMENTS = 5_000;
// More than LIST_EXACT_TOTAL_LIMIT debts say "Quota": a word the debts' own index finds in that
// many rows is read from the rows instead (search.ts commonWords), and its total is an estimate.
const DEBTS = 13_000;
const CARDS = 1_500;
const PAGE = 5;

interface Member {
  _id: number;
  number: number;
  name: string;
}
interface Row {
  _id: number;
  member: number;
  [column: string]: string | number | null;
}

let server: ResourceTestServer;
let staff: string;
const members: Member[] = [];
const rows: Record<'payments' | 'unsettled_payments' | 'membership_cards', Row[]> = { payments: [], unsettled_payments: [], membership_cards: [] };

const SURNAMES = ['Costa', 'Matos', 'Conceição Lopes', 'Ferreira', 'Gonçalves', 'Pereira', 'Sousa', 'Almeida'];
const FIRST = ['Ana', 'Rui', 'João', 'Inês', 'Tomás', 'Beatriz'];

/** A day `n` days after 2012-01-01, as stored (YYYY-MM-DD). */
const day = (n: number) => new Date(Date.UTC(2012, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startResourceServer();
  server.ctx.now = () => Date.parse('2026-11-28T10:00:00Z');
  staff = (await server.as('editor')).token;
  const state = await server.stateId('Ativo');
  const stamp = new Date(server.ctx.now()).toISOString();
  const { db } = server.database;

  // 8 Marias (a quarter of the rows), Zeferino (one row in 300), Quixabeira (three of the oldest
  // rows), and 48 others.
  const people: { number: number; name: string }[] = [];
  for (let i = 0; i < 8; i += 1) people.push({ number: 100 + i, name: `Maria ${SURNAMES[i]}` });
  people.push({ number: 200, name: 'Zeferino Antunes' }, { number: 4711, name: 'Rita Quixabeira Sousa' });
  for (let i = 0; i < 48; i += 1) people.push({ number: 300 + i, name: `${FIRST[i % FIRST.length]} ${SURNAMES[i % SURNAMES.length]}` });
  for (const person of people) {
    const row = await db.insertInto('members').values({ ...person, state, created_at: stamp, updated_at: stamp }).returning('_id').executeTakeFirstOrThrow();
    members.push({ ...person, _id: Number(row._id) });
  }
  const byNumber = (n: number) => members.find((m) => m.number === n)!._id;
  const others = members.filter((m) => m.number >= 300 && m.number < 400);
  const memberOf = (i: number) =>
    [3, 11, 19].includes(i) ? byNumber(4711) : i % 300 === 7 ? byNumber(200) : i % 4 === 0 ? byNumber(100 + ((i / 4) % 8)) : others[i % others.length]!._id;

  const insert = async (table: keyof typeof rows, values: Record<string, unknown>[]) => {
    for (let i = 0; i < values.length; i += 500) {
      const inserted = await db
        .insertInto(table)
        .values(values.slice(i, i + 500) as never)
        .returning('_id')
        .execute();
      inserted.forEach((row, k) => rows[table].push({ ...(values[i + k] as Row), _id: Number(row._id) }));
    }
  };

  // Payments, oldest first: some with a reference of their own (in ASCII capitals, with accents).
  const reference = (i: number) => (i % 97 === 5 ? 'TRF Maria' : i % 131 === 9 ? 'Pago pela Conceição' : i % 151 === 2 ? 'LOPES & FILHOS' : null);
  const methods = ['numerario', 'transferencia', 'multibanco'];
  await insert(
    'payments',
    Array.from({ length: PAYMENTS }, (_, i) => ({
      member: memberOf(i),
      date: day(i),
      amount: ((i * 37) % 500) * 100 + 100,
      allocated: 0,
      method: methods[i % methods.length],
      reference: reference(i),
      created_at: stamp,
      updated_at: stamp,
    })),
  );
  // Debts: a quota a year, a joining fee (accented) now and then, described with a name sometimes.
  const description = (i: number) => (i % 50 === 1 ? `Jóia ${2012 + (i % 15)}` : i % 70 === 3 ? `Quota de Maria Quixabeira ${2012 + (i % 15)}` : `Quota ${2012 + (i % 15)}`);
  await insert(
    'unsettled_payments',
    Array.from({ length: DEBTS }, (_, i) => ({
      member: memberOf(i),
      kind: i % 50 === 1 ? 'joia' : 'quota',
      year: 2012 + (i % 15),
      period: 0,
      description: description(i),
      amount: 1000 + (i % 7) * 250,
      paid: 0,
      due_date: day(Math.floor(i * 1.5)),
      status: i % 3 === 0 ? 'paid' : 'open',
      created_at: stamp,
      updated_at: stamp,
    })),
  );
  // Cards: every member's, reissued many times (one active per member), created one a minute.
  const active = new Set<number>();
  await insert(
    'membership_cards',
    Array.from({ length: CARDS }, (_, i) => {
      const member = memberOf(i);
      const state = i >= CARDS - 400 && !active.has(member) ? 'active' : 'superseded';
      if (state === 'active') active.add(member);
      return {
        member,
        code: `C${String(i).padStart(12, '0')}`,
        state,
        issued_at: day(i),
        valid_until: day(i + 365),
        created_at: new Date(Date.parse('2020-01-01T00:00:00Z') + i * 60_000).toISOString(),
        updated_at: stamp,
      };
    }),
  );
});
afterAll(async () => {
  await server?.close();
});

interface Answer {
  ids: number[];
  total: number;
  exact: boolean;
  next?: string;
}
async function get(url: string): Promise<Answer> {
  const { status, body } = await server.json('GET', url, staff);
  expect(status, `${url}: ${JSON.stringify(body)}`).toBe(200);
  return { ids: body.data.map((row: { _id: number }) => Number(row._id)), total: body.meta.total, exact: body.meta.exact !== false, next: body.meta.next };
}

/** What the search must find, worked out from the rows: every word in the row's own text or in its member's number or name. */
function expected(table: keyof typeof rows, own: string, term: string, sort: string, keep: (row: Row) => boolean = () => true): number[] {
  const words = term.split(/\s+/).map(foldText);
  const contains = (text: unknown, word: string) => text !== null && text !== undefined && foldText(String(text)).includes(word);
  const memberById = new Map(members.map((m) => [m._id, m]));
  const found = rows[table].filter((row) => {
    const member = memberById.get(row.member)!;
    return keep(row) && words.every((w) => contains(row[own], w) || contains(member.number, w) || contains(member.name, w));
  });
  const descending = sort.startsWith('-');
  const key = sort.replace(/^-/, '');
  const compare = (a: Row, b: Row) => {
    const x = a[key]!;
    const y = b[key]!;
    const byKey = x < y ? -1 : x > y ? 1 : 0;
    return byKey !== 0 ? byKey : a._id - b._id;
  };
  return found.sort((a, b) => (descending ? compare(b, a) : compare(a, b))).map((row) => row._id);
}

/** The total a page says: exact up to LIST_EXACT_TOTAL_LIMIT, else an estimate above it. */
function expectTotal(page: Answer, want: number[], label: string): void {
  if (want.length <= LIST_EXACT_TOTAL_LIMIT) expect([page.total, page.exact], label).toEqual([want.length, true]);
  else expect(page.exact === false && page.total > LIST_EXACT_TOTAL_LIMIT, `${label}: ${page.total}`).toBe(true);
}

/** The whole list, the first page, four cursor pages and page 2 by number all agree with `want`. */
async function expectAnswers(list: string, want: number[]): Promise<void> {
  const label = `${list} (${want.length} expected)`;
  expect((await get(`${list}&_limit=-1`)).ids, label).toEqual(want);
  let page = await get(`${list}&_limit=${PAGE}`);
  expectTotal(page, want, label);
  const seen = [...page.ids];
  for (let n = 1; n < 4 && page.next; n += 1) {
    page = await get(`${list}&_limit=${PAGE}&_after=${encodeURIComponent(page.next)}`);
    seen.push(...page.ids);
  }
  expect(seen, label).toEqual(want.slice(0, 4 * PAGE));
  if (want.length <= 4 * PAGE) expect(page.next, label).toBeUndefined();
  const second = await get(`${list}&_limit=${PAGE}&_page=2`);
  expect(second.ids, label).toEqual(want.slice(PAGE, 2 * PAGE));
  expectTotal(second, want, label);
}

// A rare member's (only old rows), a common one's, one every 300 rows, the row's own text alone
// (without its accents, with them, in capitals, part of a word), a member's number, nothing at
// all, two words split between the row and its member, characters the indexes' query languages
// would read as operators, and two-letter words (read from every row, not through the indexes):
// a rare one, a common one, one every 300 rows.
const TERMS = ['quixabei', 'maria', 'zeferino', 'conceicao', 'CONCEIÇÃO', 'filh', 'lopes', '4711', 'xyzzy', 'maria trf', 'gonçalves pago', 'lopes & filhos', 'filh%', '"pago', 'ab', 'ri', 'ze'];

describe('payments searched through their member', () => {
  for (const sort of ['-date', 'date', '-amount', 'member']) {
    it(`answers exactly the rows, order and total the words say, sorted by ${sort}`, async () => {
      for (const term of TERMS) {
        await expectAnswers(`/api/payments?_sort=${sort}&_search=${encodeURIComponent(term)}`, expected('payments', 'reference', term, sort));
      }
    });
  }

  it('does so with filters', async () => {
    for (const term of ['quixabei', 'maria', 'zeferino', 'lopes', 'xyzzy']) {
      await expectAnswers(
        `/api/payments?_sort=-date&_method=transferencia&_search=${term}`,
        expected('payments', 'reference', term, '-date', (row) => row.method === 'transferencia'),
      );
      await expectAnswers(
        `/api/payments?_sort=-amount&_date_gte=2020-01-01&_date_lte=2024-12-31&_search=${term}`,
        expected('payments', 'reference', term, '-amount', (row) => String(row.date) >= '2020-01-01' && String(row.date) <= '2024-12-31'),
      );
    }
  });

  it('does so for a member seeing their own payments', async () => {
    const rita = members.find((m) => m.number === 4711)!;
    const own = (await server.as('member', { memberId: rita._id })).token;
    for (const term of ['quixabei', 'maria', 'rita sousa']) {
      const { status, body } = await server.json('GET', `/api/payments?_sort=-date&_limit=-1&_search=${encodeURIComponent(term)}`, own);
      expect(status).toBe(200);
      expect(body.data.map((row: { _id: number }) => row._id)).toEqual(expected('payments', 'reference', term, '-date', (row) => row.member === rita._id));
    }
  });
});

describe('debts searched through their member', () => {
  for (const sort of ['due_date', '-due_date', 'member']) {
    it(`answers exactly the rows, order and total the words say, sorted by ${sort}`, async () => {
      // "quota" and "uota" are in most debts' own text; "2013" and the others in few.
      for (const term of ['quixabei', 'maria', 'zeferino', 'joia', 'JÓIA', 'quota', 'quota 2013', 'uota 201', 'QUOTA DE MARIA', 'xyzzy', 'ferreira jóia', 'maria quixabeira', 'ze', 'ri']) {
        await expectAnswers(`/api/unsettled_payments?_sort=${sort}&_search=${encodeURIComponent(term)}`, expected('unsettled_payments', 'description', term, sort));
      }
      await expectAnswers(`/api/unsettled_payments?_sort=${sort}&_status=open&_search=maria`, expected('unsettled_payments', 'description', 'maria', sort, (row) => row.status === 'open'));
      // A common word among the oldest debts alone: not among the first rows in order, so every match is found.
      const old = (row: Row) => String(row.due_date) <= '2014-01-01';
      await expectAnswers(`/api/unsettled_payments?_sort=${sort}&_due_date_lte=2014-01-01&_search=quota`, expected('unsettled_payments', 'description', 'quota', sort, old));
    });
  }
});

describe('cards searched through their member alone', () => {
  for (const sort of ['-created_at', 'member', 'issued_at']) {
    it(`answers exactly the rows, order and total the words say, sorted by ${sort}`, async () => {
      for (const term of ['quixabei', 'maria', 'zeferino', 'maria costa', 'xyzzy', 'ab']) {
        await expectAnswers(`/api/membership_cards?_sort=${sort}&_search=${encodeURIComponent(term)}`, expected('membership_cards', '', term, sort));
      }
      await expectAnswers(`/api/membership_cards?_sort=${sort}&_state=superseded&_search=maria`, expected('membership_cards', '', 'maria', sort, (row) => row.state === 'superseded'));
    });
  }
});

// On PostgreSQL a word whose members' search finds few of them (search.ts RELATED_IDS) is searched
// through their ids beside the row's own trigram index; a word of more members keeps the members'
// search in the statement. With at most 2 (Quixabeira and Zeferino few, the 8 Marias many), 0
// (only words no member has) and none looked up (the reading before), every answer is still the
// one worked out from the rows: pages, cursors, totals, the whole list (the streamed export's
// reading) and the ids a bulk action takes. SQLite looks nothing up whatever the limit.
describe('words whose members are few or many', () => {
  const saved = RELATED_IDS.limit;
  afterAll(() => {
    RELATED_IDS.limit = saved;
  });
  for (const limit of [-1, 0, 2]) {
    it(`answer the same rows, order and totals with at most ${limit} members looked up`, async () => {
      RELATED_IDS.limit = limit;
      try {
        for (const sort of ['-date', 'member']) {
          for (const term of ['quixabei', 'maria', 'zeferino', 'conceicao', 'lopes', '4711', 'xyzzy', 'maria trf', 'gonçalves pago', 'zeferino maria', 'quixabei sousa']) {
            await expectAnswers(`/api/payments?_sort=${sort}&_search=${encodeURIComponent(term)}`, expected('payments', 'reference', term, sort));
          }
        }
        for (const term of ['quixabei', 'maria']) {
          await expectAnswers(`/api/payments?_sort=-amount&_method=transferencia&_search=${term}`, expected('payments', 'reference', term, '-amount', (row) => row.method === 'transferencia'));
        }
        for (const term of ['quixabei', 'maria', 'zeferino', 'joia', 'quota', 'quota 2013', 'xyzzy', 'maria quixabeira', 'ferreira jóia']) {
          await expectAnswers(`/api/unsettled_payments?_sort=-due_date&_search=${encodeURIComponent(term)}`, expected('unsettled_payments', 'description', term, '-due_date'));
        }
        for (const term of ['quixabei', 'maria', 'maria costa', 'xyzzy']) {
          await expectAnswers(`/api/membership_cards?_sort=member&_search=${encodeURIComponent(term)}`, expected('membership_cards', '', term, 'member'));
        }
        for (const term of ['quixabei', 'maria', 'zeferino trf']) {
          const resource = resourceByName('payments')!;
          const ids = await matchingIds(server.database, resource, parseListParams(resource, { _limit: '-1', _search: term }));
          expect(ids, term).toEqual(expected('payments', 'reference', term, '_id'));
        }
      } finally {
        RELATED_IDS.limit = saved;
      }
    });
  }

  it('name the few members by their ids on PostgreSQL, and keep the members\' search for many', async () => {
    const { db: recorded, statements } = recordingStatements(server.database.db);
    const database = { ...server.database, db: recorded };
    const resource = resourceByName('payments')!;
    const page = async (term: string) => {
      statements.length = 0;
      await listRows(database, resource, parseListParams(resource, { _limit: String(PAGE), _sort: '-date', _search: term }));
      return { ids: statements.some((s) => s.sql.includes('"member" = ANY(')), members: statements.some((s) => s.sql.includes('"member" IN (SELECT "_id" FROM "members"')) };
    };
    RELATED_IDS.limit = 2;
    try {
      const postgres = server.database.engine === 'postgres';
      // One member: by id. The eight Marias: more than 2, the members' search.
      expect(await page('quixabei')).toEqual({ ids: postgres, members: !postgres });
      expect(await page('maria')).toEqual({ ids: false, members: true });
      // Both words, each its own way.
      expect(await page('maria zeferino')).toEqual({ ids: postgres, members: true });
    } finally {
      RELATED_IDS.limit = saved;
    }
  });
});

describe('how SQLite reads them', () => {
  it('looks words up in the indexes (counted first, then walked or found through them), and reads a short word from the rows, as the matches among the first rows say', async () => {
    const { db: recorded, statements } = recordingStatements(server.database.db);
    const database = { ...server.database, db: recorded };
    const totals = createChangeCache<number>(createMemoryBus(), Date.now, { ttlMs: Infinity, maxEntries: 10 });
    const read = async (name: 'payments' | 'unsettled_payments' | 'membership_cards', query: Record<string, string>) => {
      statements.length = 0;
      const resource = resourceByName(name)!;
      const { rows: found, total } = await listRows(database, resource, parseListParams(resource, { _limit: String(PAGE), ...query }), undefined, totals);
      const count = (shape: RegExp) => statements.filter((s) => shape.test(s.sql)).length;
      return {
        rows: found.length,
        total,
        // The first rows in order, read whole; every match first; the planner's own statement; a count.
        walks: count(new RegExp(`\\) AS "${name}" WHERE`)),
        gathered: count(new RegExp(`WHERE "_id" IN \\(SELECT "_id" FROM "${name}" WHERE`)),
        pages: count(/ OFFSET /),
        // A count of matches (capped) or of a sample; apart, each word's count in the own index (search.ts commonWords).
        counts: count(/count\(\*\) AS "?n"? FROM (\(SELECT 1 |"\w+" WHERE)/),
        probes: count(/count\(\*\) AS "?n"? FROM \(SELECT rowid FROM "\w+_search"/),
        // The row's own text looked up in its trigram index (not read from every row).
        ownIndex: statements.some((s) => s.sql.includes(`"_id" IN (SELECT rowid FROM "${name}_search" WHERE "${name}_search" MATCH`)),
      };
    };
    const search = (term: string) => ({ _sort: '-date', _search: term });
    if (server.database.engine === 'postgres') {
      // PostgreSQL's planner chooses itself: the page is read the usual way.
      expect(await read('payments', search('quixabei'))).toEqual({ rows: 3, total: 3, walks: 0, gathered: 0, pages: 1, counts: 0, probes: 0, ownIndex: false });
      expect(await read('membership_cards', { _search: 'maria' })).toMatchObject({ rows: PAGE, walks: 0, pages: 1, counts: 1 });
    } else {
      // A rare member's payments (the oldest): counted through the indexes, then found through them.
      expect(await read('payments', search('quixabei'))).toEqual({ rows: 3, total: 3, walks: 0, gathered: 0, pages: 1, counts: 1, probes: 1, ownIndex: true });
      // A quarter of the rows: counted, then walked as far as the matches' density needs.
      expect(await read('payments', search('maria'))).toEqual({ rows: PAGE, total: expected('payments', 'reference', 'maria', '-date').length, walks: 1, gathered: 0, pages: 0, counts: 1, probes: 1, ownIndex: true });
      // The payment's own text alone, and a debt's: their own index, counted first too.
      expect(await read('payments', search('conceicao'))).toMatchObject({ rows: PAGE, walks: 1, gathered: 0, counts: 1, ownIndex: true });
      expect(await read('unsettled_payments', { _sort: '-due_date', _search: 'jóia' })).toMatchObject({ rows: PAGE, gathered: 0, counts: 1, ownIndex: true });
      // A word in most debts' own text: read from the first rows in order, not listed from the index,
      // and known to match more than a count counts (an estimate, no capped count).
      expect(await read('unsettled_payments', { _sort: '-due_date', _search: 'quota' })).toEqual({ rows: PAGE, total: expect.any(Number), walks: 1, gathered: 0, pages: 0, counts: 1, probes: 1, ownIndex: false });
      // Beside a word of few rows, looked up: the few rows it finds are read for the common one.
      expect(await read('unsettled_payments', { _sort: '-due_date', _search: 'quota 2013' })).toMatchObject({ rows: PAGE, gathered: 0, probes: 2, ownIndex: true });
      // The same word among the oldest debts alone: none among the first rows in order, so every
      // match is found, the word looked up in the index again (counted once more, to a higher cap).
      expect(await read('unsettled_payments', { _sort: '-due_date', _due_date_lte: '2014-01-01', _search: 'quota' })).toMatchObject({ rows: PAGE, walks: 1, gathered: 1, probes: 2, ownIndex: true });
      // Two letters, too short for a trigram: the rare member's payments are the oldest, none among the first 1,000 rows, every match found first.
      expect(await read('payments', search('qu'))).toEqual({ rows: 3, total: 3, walks: 1, gathered: 1, pages: 0, counts: 0, probes: 0, ownIndex: false });
      // A quarter of the rows and more: the first ones hold a page.
      expect(await read('payments', search('ri'))).toMatchObject({ rows: PAGE, walks: 1, gathered: 0, pages: 0, counts: 1, ownIndex: false });
      // One in 300: three among the first 1,000, so walking on fills the page well before the end.
      expect(await read('payments', search('ze'))).toMatchObject({ rows: PAGE, walks: 1, gathered: 0, pages: 1, counts: 1, ownIndex: false });
      // Cards by their member alone (index lookups): counted first, then walked as far as the matches' density needs.
      expect(await read('membership_cards', { _search: 'maria' })).toMatchObject({ rows: PAGE, walks: 1, gathered: 0, pages: 0, counts: 1 });
      expect(await read('membership_cards', { _search: 'quixabei' })).toEqual({ rows: 3, total: 3, walks: 0, gathered: 0, pages: 1, counts: 1, probes: 0, ownIndex: false });
    }
    totals.close();
  });
});
