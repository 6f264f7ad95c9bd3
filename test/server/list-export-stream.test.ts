import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loose } from '../../src/server/db/database.js';
import { parseListParams } from '../../src/server/resources/list-params.js';
import { orderedPages, STREAM_PAGE_ROWS } from '../../src/server/resources/list-stream.js';
import { phoneText } from '../../src/server/resources/csv-cells.js';
import { formatPhone } from '../../src/widgets/shared/phone.js';
import { sql } from 'kysely';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';

// The list's CSV export (GET /api/{resource}/export.csv) and `_limit=-1` answers, both streamed
// as they are read: the same rows, order and columns as the list paged by number, also while rows
// are inserted during the export; refusals as clear pt-PT errors. Both engines.

type ApiRow = Record<string, unknown> & { _id: number };

let server: ResourceTestServer;
let staff: string;
let ownMember = 0;
let memberToken: string;
const state: Record<string, number> = {};
const tag: Record<string, number> = {};

/** Names with accents, case and exact repeats: ties in the sort key, and Portuguese order. */
const NAMES = ['Ângelo Sá', 'Andreia Melo', 'Érica Dias', 'Eduardo Lima', 'joão ramos', 'João Ramos', 'Zé Povinho', 'Álvaro Neto', 'Ana', 'ana', 'Silva; "Zé"'];
const MEMBERS = 1234;
const stamp = (i: number) => new Date(Date.parse('2026-01-01T00:00:00Z') + Math.floor(i / 50) * 60_000).toISOString();

function memberRow(i: number) {
  return {
    number: i + 1,
    name: NAMES[i % NAMES.length]!,
    email: i % 3 === 0 ? null : `socio${i}@exemplo.pt`,
    phone: i % 5 === 0 ? '+351912345678' : null,
    birth_date: i % 4 === 0 ? null : `19${String(50 + (i % 40)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`,
    notes: i % 97 === 0 ? 'linha 1\nlinha 2; "citada"' : null,
    dues_exempt: i % 7 === 0 ? 1 : 0,
    state: i % 2 === 0 ? state.Ativo! : state.Suspenso!,
    // Fifty members share each moment: the default sort (created_at) has ties too.
    created_at: stamp(i),
    updated_at: stamp(i),
  };
}

/** The CSV's rows as cells, after checking its form: BOM, `;`, CRLF line ends, quoted cells. */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0), 'the byte-order mark').toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  // The last line ends with CRLF too.
  expect({ row, cell }).toEqual({ row: [], cell: '' });
  return rows;
}

async function exportCsv(path: string, token = staff, headers: Record<string, string> = {}) {
  const response = await server.request({ method: 'GET', url: path, token, headers });
  return response;
}

let reading = 0;

/**
 * Every row of a list as the interface paged it before: pages of 500 by number. Rows are
 * inserted here straight into the database, which tells the list cache nothing: each reading
 * names itself with a parameter the list ignores, so it is never answered from the cache.
 */
async function pagedList(path: string, token = staff): Promise<ApiRow[]> {
  const rows: ApiRow[] = [];
  reading += 1;
  for (let page = 1; ; page += 1) {
    const response = await server.json('GET', `${path}${path.includes('?') ? '&' : '?'}_page=${page}&_limit=500&reading=${reading}`, token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    rows.push(...(response.body.data as ApiRow[]));
    if (response.body.data.length < 500) return rows;
  }
}

const day = (value: unknown) => (typeof value === 'string' ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}` : '');

beforeAll(async () => {
  server = await startResourceServer();
  server.ctx.now = () => Date.parse('2026-11-28T10:00:00Z');
  staff = (await server.as('editor')).token;
  state.Ativo = await server.stateId('Ativo');
  state.Suspenso = await server.stateId('Suspenso');
  for (const name of ['Direção', 'Fundador']) tag[name] = Number((await server.json('POST', '/api/tags', staff, { name })).body.data._id);
  const db = loose(server.database.db);
  const ids: number[] = [];
  for (let i = 0; i < MEMBERS; i += 200) {
    const rows = await db.insertInto('members').values(Array.from({ length: Math.min(200, MEMBERS - i) }, (_, k) => memberRow(i + k))).returning('_id').execute();
    ids.push(...rows.map((r) => Number(r._id)));
  }
  const links = ids.flatMap((id, i) => (i % 6 === 0 ? [{ member_id: id, tag_id: tag['Fundador']! }, { member_id: id, tag_id: tag['Direção']! }] : i % 6 === 1 ? [{ member_id: id, tag_id: tag['Fundador']! }] : []));
  for (let i = 0; i < links.length; i += 300) await db.insertInto('member_tags').values(links.slice(i, i + 300)).execute();
  ownMember = ids[1]!;
  memberToken = (await server.as('member', { memberId: ownMember })).token;
  for (const [member, amount] of [[ownMember, 2450], [ids[2]!, 99_999_999], [ownMember, 5]] as const) {
    const paid = await server.json('POST', '/api/payments/record', staff, { member, date: '2026-11-27', amount, method: 'numerario' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const COLUMNS = '_id,number,name,email,phone,birth_date,state,tags,dues_exempt,notes';
const LABELS = ['Identificador', 'Número', 'Nome', 'E-mail', 'Telefone', 'Data de nascimento', 'Estado', 'Etiquetas', 'Isento de quotas', 'Notas'];

describe('the streamed CSV export', () => {
  it('has exactly the rows, order and columns of the paged list, for each sort, search, filter and range', async () => {
    const queries = [
      '',
      '_sort=name',
      '_sort=-name',
      '_sort=-birth_date',
      '_sort=email',
      '_sort=number',
      `_state=${state.Suspenso}&_sort=name`,
      '_search=joao&_sort=-number',
      '_birth_date_gte=1970-01-01&_birth_date_lte=1980-12-31&_sort=birth_date',
      `_tags=${tag['Fundador']}&_sort=-created_at`,
    ];
    for (const query of queries) {
      const listed = await pagedList(`/api/members?${query}`);
      if (query.startsWith('_search')) expect(listed.length, query).toBeGreaterThan(0);
      const response = await exportCsv(`/api/members/export.csv?${query}&_columns=${COLUMNS}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const [header, ...rows] = parseCsv(response.body);
      expect(header, query).toEqual(LABELS);
      expect(rows.map((cells) => Number(cells[0])), query).toEqual(listed.map((r) => r._id));
    }
  });

  it('writes each value as the list shows it: names of referenced records, days, Sim/Não, quoted text, empty cells', async () => {
    const listed = await pagedList('/api/members?_sort=name');
    const [, ...rows] = parseCsv((await exportCsv(`/api/members/export.csv?_sort=name&_columns=${COLUMNS}`)).body);
    expect(rows.length).toBeGreaterThanOrEqual(MEMBERS);
    const tagName = Object.fromEntries(Object.entries(tag).map(([name, id]) => [id, name]));
    const stateName = { [state.Ativo!]: 'Ativo', [state.Suspenso!]: 'Suspenso' };
    const expected = listed.map((r) => [
      String(r._id),
      String(r.number),
      String(r.name),
      (r.email as string | null) ?? '',
      r.phone === null ? '' : '912 345 678',
      day(r.birth_date),
      stateName[r.state as number]!,
      (r.tags as number[]).map((id) => tagName[id]).join(', '),
      r.dues_exempt ? 'Sim' : 'Não',
      (r.notes as string | null) ?? '',
    ]);
    expect(rows).toEqual(expected);
    // Accents, case and ties in Portuguese order, as the list has them.
    expect(rows.slice(0, 3).map((cells) => cells[2])).toEqual(['Álvaro Neto', 'Álvaro Neto', 'Álvaro Neto']);
    expect(rows.some((cells) => cells[2] === 'Silva; "Zé"' && cells[9] === '')).toBe(true);
    expect(rows.some((cells) => cells[9] === 'linha 1\nlinha 2; "citada"')).toBe(true);
  });

  it('writes money as euros with a decimal comma, enums by their label, computed amounts and people by name', async () => {
    const response = await exportCsv('/api/payments/export.csv?_sort=amount&_columns=member,amount,credit,method,date,annulled_at');
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(['Sócio', 'Valor', 'Crédito', 'Meio de pagamento', 'Data', 'Anulado em']);
    expect(rows.map((cells) => cells.slice(1, 6))).toEqual([
      ['0,05', '0,05', 'Numerário', '27/11/2026', ''],
      ['24,50', '24,50', 'Numerário', '27/11/2026', ''],
      ['999999,99', '999999,99', 'Numerário', '27/11/2026', ''],
    ]);
    expect(rows[0]![0]).toBe(NAMES[1]);
  });

  it('gives a member their own payments only, their own name included, as the list does', async () => {
    const listed = await pagedList('/api/payments?_sort=-amount', memberToken);
    expect(listed).toHaveLength(2);
    const [, ...rows] = parseCsv((await exportCsv('/api/payments/export.csv?_sort=-amount&_columns=_id,member,amount', memberToken)).body);
    expect(rows).toEqual(listed.map((r) => [String(r._id), NAMES[1], r.amount === 2450 ? '24,50' : '0,05']));
  });

  it('sends the same file compressed as a brotli stream to a browser that accepts it', async () => {
    const path = `/api/members/export.csv?_sort=name&_columns=${COLUMNS}`;
    const plain = await exportCsv(path);
    const brotli = await exportCsv(path, staff, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('never repeats nor skips a row that was there when it began, while rows are inserted', async () => {
    // Wide rows, several pages of them: the file outgrows what the server keeps ready, so the
    // export waits for the reader (backpressure) with pages still to read while rows are inserted.
    const db = loose(server.database.db);
    const address = 'Rua das Flores, n.º 123, 4.º esquerdo, Bairro da Boavista, '.repeat(3);
    const wide: number[] = [];
    for (let i = 0; i < 4000; i += 200) {
      const rows = await db.insertInto('members').values(Array.from({ length: 200 }, (_, k) => ({ ...memberRow(i + k), number: 10_000 + i + k, address }))).returning('_id').execute();
      wide.push(...rows.map((r) => Number(r._id)));
    }
    const inserted: number[] = [];
    try {
      const path = `/api/members/export.csv?_sort=name&_columns=_id,name,address`;
      const before = (await pagedList('/api/members?_sort=name')).map((r) => r._id);
      const response = await server.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${staff}` }, payloadAsStream: true });
      expect(response.statusCode).toBe(200);
      // Names before, among and after those read so far (ties of 'Ana' included), nothing read meanwhile.
      for (const [i, name] of ['Aaron Inserido', 'Ana', 'Maria Inserida', 'Zulmira Inserida', 'ana'].entries()) {
        const row = await db.insertInto('members').values({ ...memberRow(i), number: 100_000 + i, name }).returning('_id').executeTakeFirstOrThrow();
        inserted.push(Number(row._id));
      }
      const chunks: Buffer[] = [];
      for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
      const ids = parseCsv(Buffer.concat(chunks).toString('utf8'))
        .slice(1)
        .map((cells) => Number(cells[0]));
      // Every row that was there, once, in the list's order; a new row at most once, and the one
      // after every name read when it was inserted is there.
      expect(ids.filter((id) => !inserted.includes(id))).toEqual(before);
      for (const id of inserted) expect(ids.filter((x) => x === id).length).toBeLessThanOrEqual(1);
      expect(ids).toContain(inserted[3]);
    } finally {
      await db.deleteFrom('members').where('_id', 'in', [...inserted, ...wide]).execute();
    }
  }, 60_000);

  it('reads page after page from where the last ended: rows inserted between pages neither repeat nor push any aside', async () => {
    const resource = server.app.registry.resourceByName('members')!;
    const params = parseListParams(resource, { _sort: 'name' }, server.ctx.now());
    const before = (await pagedList('/api/members?_sort=name')).map((r) => r._id);
    const db = loose(server.database.db);
    const read: number[] = [];
    const inserted: number[] = [];
    let n = 0;
    try {
      for await (const rows of orderedPages(server.database, resource, params, undefined, [sql.ref('name')], 97)) {
        read.push(...rows.map((r) => Number(r._id)));
        // A row tied with the last one read, one before it and one after, between every two pages.
        const last = String(rows.at(-1)!.name);
        for (const name of [last, 'Aa', 'Zz']) {
          n += 1;
          const row = await db.insertInto('members').values({ ...memberRow(n), number: 200_000 + n, name }).returning('_id').executeTakeFirstOrThrow();
          inserted.push(Number(row._id));
        }
      }
      expect(read.filter((id) => !inserted.includes(id))).toEqual(before);
      expect(new Set(read).size).toBe(read.length);
    } finally {
      await db.deleteFrom('members').where('_id', 'in', inserted).execute();
    }
  });

  it('refuses an unknown or unreadable column with a pt-PT 422, and a caller who may not list with a 403, sending no file', async () => {
    for (const columns of ['name,nope', 'name,password_hash', '', 'name,name']) {
      const response = await exportCsv(`/api/members/export.csv?_columns=${columns}`);
      expect(response.statusCode, columns).toBe(422);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json().code).toBe('invalid_record');
      expect(response.json().message).toMatch(/coluna|colunas/i);
    }
    expect((await exportCsv('/api/members/export.csv?_columns=name,nope')).json().message).toBe('Coluna desconhecida na exportação de Sócios: "nope".');
    // Notes are for staff only: a member may not export them, even from their own payments.
    expect((await exportCsv('/api/payments/export.csv?_columns=amount,notes', memberToken)).statusCode).toBe(422);
    const refused = await exportCsv('/api/members/export.csv?_columns=name', memberToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json().code).toBe('forbidden');
    expect((await exportCsv('/api/members/export.csv?_columns=name', '')).statusCode).toBe(401);
    // A bad list parameter is the list's own 400.
    expect((await exportCsv('/api/members/export.csv?_columns=name&_sort=nope')).statusCode).toBe(400);
  });
});

describe('every match as JSON (_limit=-1)', () => {
  it('streams the exact answer of the pages joined: the same records in the same order and meta.total', async () => {
    for (const query of ['_sort=name', '_sort=-birth_date', `_state=${state.Ativo}&_sort=email`]) {
      const listed = await pagedList(`/api/members?${query}`);
      const response = await server.request({ method: 'GET', url: `/api/members?${query}&_limit=-1`, token: staff });
      expect(response.statusCode).toBe(200);
      // More than a page of the stream is written as it is read, in chunks with no length known
      // beforehand; one page is answered whole, as before.
      if (listed.length > STREAM_PAGE_ROWS) expect(response.headers['content-length'], query).toBeUndefined();
      else expect(Number(response.headers['content-length']), query).toBe(response.rawPayload.length);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json(), query).toEqual({ data: listed, meta: { total: listed.length } });
      const brotli = await server.request({ method: 'GET', url: `/api/members?${query}&_limit=-1`, token: staff, headers: { 'accept-encoding': 'br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(response.body);
    }
  });

  it('answers a small list whole, as before', async () => {
    const response = await server.request({ method: 'GET', url: '/api/member_states?_limit=-1&_sort=name', token: staff });
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.json()).toEqual({ data: await pagedList('/api/member_states?_sort=name'), meta: { total: expect.any(Number) } });
  });
});

describe('the CSV cells', () => {
  it('write phones by the interface\'s rule', () => {
    for (const phone of ['+351912345678', '+351212345678', '+351221234567', '+33612345678', '912345678']) expect(phoneText(phone)).toBe(formatPhone(phone));
  });
});
