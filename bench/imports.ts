// The members import at scale (decision 0045): a spreadsheet of N members uploaded to the real
// server, checked (POST /api/imports/:id/check) and committed (its job, followed to the end), on
// a fresh database per engine; beside it, the same members inserted bare into another fresh
// database (multi-row INSERTs in one transaction), what no validation, hook or audit costs.
import http from 'node:http';
import { nifCheckDigit } from '../src/core/field-checks.js';
import type { ImportCheck, ImportUpload } from '../src/core/contract.js';
import { loose, openDatabase, type DatabaseOptions } from '../src/server/db/database.js';
import { migrate } from '../src/server/db/migrate.js';
import { appMigrations } from '../src/server/modules/migrations.js';
import { ensureReferenceData } from '../src/server/resources/reference-data.js';

export interface ImportTimes {
  rows: number;
  uploadSeconds: number;
  checkSeconds: number;
  commitSeconds: number;
  bareSeconds: number;
  created: number;
}

const FIRST = ['Ana', 'João', 'Maria', 'José', 'Inês', 'Rui', 'Sofia', 'Pedro', 'Beatriz', 'Tiago', 'Carla', 'Nuno', 'Joana', 'Luís', 'Marta', 'Hugo', 'Rita', 'Paulo', 'Sara', 'Vítor', 'Catarina', 'Bruno', 'Filipa', 'André', 'Teresa'];
const SURNAMES = ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Martins', 'Jesus', 'Sousa', 'Fernandes', 'Gonçalves', 'Gomes', 'Lopes', 'Marques', 'Alves', 'Almeida', 'Ribeiro', 'Pinto', 'Carvalho', 'Teixeira', 'Moreira', 'Correia', 'Mendes', 'Nunes', 'Soares', 'Vieira', 'Monteiro', 'Cardoso', 'Rocha', 'Raposo', 'Neves', 'Coelho', 'Cruz', 'Cunha', 'Pires', 'Ramos', 'Reis', 'Simões', 'Antunes'];
const PLACES = [['1200-195', 'Lisboa'], ['4000-322', 'Porto'], ['3000-076', 'Coimbra'], ['4700-321', 'Braga'], ['8000-245', 'Faro'], ['7000-123', 'Évora'], ['2900-123', 'Setúbal'], ['3800-004', 'Aveiro']] as const;
const two = (n: number) => String(n).padStart(2, '0');
const HEADER = 'N.º de sócio;Nome;NIF;Telemóvel;E-mail;Data de nascimento;Morada;Código Postal;Localidade;Data de admissão;Categoria;Estado';

/** `count` fictitious members as a Portuguese Excel CSV (`;`, dd/mm/aaaa): unique numbers, NIFs, e-mails, phones and names. */
export function membersCsv(count: number): Buffer {
  const lines = [HEADER];
  for (let i = 1; i <= count; i += 1) {
    const first8 = String(20_000_000 + i * 7);
    const name = `${FIRST[i % FIRST.length]} ${SURNAMES[Math.floor(i / FIRST.length) % SURNAMES.length]} ${SURNAMES[Math.floor(i / (FIRST.length * SURNAMES.length)) % SURNAMES.length]}`;
    const [postal, locality] = PLACES[i % PLACES.length]!;
    const birth = `${two(1 + (i % 28))}/${two(1 + (Math.floor(i / 28) % 12))}/${1940 + (i % 65)}`;
    const admission = `${two(1 + (i % 27))}/${two(1 + (i % 12))}/${2000 + (i % 20)}`;
    lines.push([i, name, `${first8}${nifCheckDigit(first8)}`, `9${1 + (i % 3)}${String(i).padStart(7, '0')}`, `socio${i}@exemplo.pt`, birth, `Rua ${i}`, postal, locality, admission, 'Efetivo', 'Ativo'].join(';'));
  }
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

/** A fresh database ready for an import: migrated, with reference data and the file's category. */
export async function prepareImportDatabase(options: DatabaseOptions): Promise<void> {
  const database = await openDatabase(options);
  try {
    await migrate(database.db, database.engine, appMigrations);
    const now = Date.now();
    await ensureReferenceData(database.db, now);
    const stamp = new Date(now).toISOString();
    await database.db.insertInto('fee_categories').values({ name: 'Efetivo', created_at: stamp, updated_at: stamp }).execute();
  } finally {
    await database.close();
  }
}

/** A request without the time limits fetch has (a check of many rows answers after minutes). */
function request(url: string, method: string, token: string, body?: { type: string; bytes: Buffer }): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body) Object.assign(headers, { 'content-type': body.type, 'content-length': String(body.bytes.length) });
    // A connection of its own: a kept-alive socket the busy server closes meanwhile would reset the next request.
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('error', reject);
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null });
      });
    });
    req.on('error', reject);
    req.setTimeout(0);
    if (body) req.write(body.bytes);
    req.end();
  });
}

const json = (value: unknown) => ({ type: 'application/json', bytes: Buffer.from(JSON.stringify(value)) });

function form(name: string, bytes: Buffer): { type: string; bytes: Buffer } {
  const boundary = 'associa-bench-import';
  const parts = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nmembers\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  return { type: `multipart/form-data; boundary=${boundary}`, bytes: Buffer.concat(parts) };
}

const seconds = (since: number) => (performance.now() - since) / 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Uploads, checks and commits the file through the running server; every row must be a create. */
export async function timeImport(url: string, token: string, csv: Buffer, count: number, log: (line: string) => void): Promise<Omit<ImportTimes, 'bareSeconds'>> {
  let started = performance.now();
  const uploaded = await request(`${url}/api/imports`, 'POST', token, form('socios.csv', csv));
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.json)}`);
  const upload = (uploaded.json as { data: ImportUpload }).data;
  const uploadSeconds = seconds(started);
  log(`  import: uploaded ${upload.rowCount.toLocaleString('en')} rows in ${uploadSeconds.toFixed(1)} s`);

  started = performance.now();
  const checked = await request(`${url}/api/imports/${upload.id}/check`, 'POST', token, json({ mapping: upload.mapping }));
  if (checked.status !== 200) throw new Error(`check: ${checked.status} ${JSON.stringify(checked.json)}`);
  const checkSeconds = seconds(started);
  const { summary } = (checked.json as { data: ImportCheck }).data;
  log(`  import: checked in ${checkSeconds.toFixed(1)} s: ${JSON.stringify(summary)}`);
  if (summary.create !== count) throw new Error(`check: expected ${count} new members, got ${JSON.stringify(summary)}`);

  started = performance.now();
  const committing = await request(`${url}/api/imports/${upload.id}/commit`, 'POST', token);
  if (committing.status !== 202) throw new Error(`commit: ${committing.status} ${JSON.stringify(committing.json)}`);
  const { jobId } = (committing.json as { data: { jobId: number } }).data;
  let lastLog = 0;
  for (;;) {
    const job = (await request(`${url}/api/jobs/${jobId}`, 'GET', token)).json as { data: { state: string; progress: number; total: number | null; result: unknown; last_error: string | null } };
    const { state, progress, result } = job.data;
    if (state === 'done') {
      // The jobs resource answers a run's result as the JSON text it stores.
      const parsed = (typeof result === 'string' ? JSON.parse(result) : result) as { created: number };
      const created = Number(parsed.created);
      const commitSeconds = seconds(started);
      log(`  import: committed in ${commitSeconds.toFixed(1)} s: ${JSON.stringify(parsed)}`);
      return { rows: count, uploadSeconds, checkSeconds, commitSeconds, created };
    }
    if (state === 'failed') throw new Error(`commit job failed: ${job.data.last_error}`);
    if (performance.now() - lastLog > 30_000) {
      lastLog = performance.now();
      log(`  import: committing, ${progress.toLocaleString('en')} rows of ${count.toLocaleString('en')} after ${seconds(started).toFixed(0)} s`);
    }
    await sleep(500);
  }
}

const COLUMNS = ['number', 'name', 'nif', 'phone', 'email', 'birth_date', 'address', 'postal_code', 'locality', 'country', 'state', 'admission_date', 'fee_category', 'dues_exempt'] as const;

/**
 * The members the import stored, inserted bare into a fresh database of the same engine: 500 rows
 * per INSERT, one transaction, no validation, hook, audit entry or search index update beyond the
 * table's own triggers. Seconds.
 */
export async function timeBareInsert(from: DatabaseOptions, into: DatabaseOptions): Promise<number> {
  const source = await openDatabase(from);
  let rows: Record<string, unknown>[];
  try {
    rows = await loose(source.db).selectFrom('members').select([...COLUMNS]).orderBy('_id').execute();
  } finally {
    await source.close();
  }
  await prepareImportDatabase(into);
  const target = await openDatabase(into);
  try {
    // The ids the references have in the new database are the same: reference data and the one category are created alike.
    const stamp = new Date().toISOString();
    const started = performance.now();
    await target.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500) {
        await loose(trx).insertInto('members').values(rows.slice(i, i + 500).map((row) => ({ ...row, created_at: stamp, updated_at: stamp }))).execute();
      }
    });
    return seconds(started);
  } finally {
    await target.close();
  }
}
