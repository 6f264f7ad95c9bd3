import type { ServerContext } from '../../context.js';
import { timeSlices } from '../../jobs/slices.js';
import type { Db, Row } from '../../db/database.js';
import { CHAIN_OF_SNAPSHOT, CHAIN_WITH_PDF, chainHash, snapshotChainHash } from './chain.js';
import { pdfStream, streamSha256 } from './stored-bytes.js';
import type { TreasuryDocSnapshot } from './types.js';

export interface IntegrityReport {
  ok: boolean;
  /** Documents checked before the first broken link (all of them when ok). */
  checked: number;
  broken?: { doc: number; number: string; problem: string };
}

/** What the row says beside its snapshot must be what the snapshot says (an edited amount shows here). */
function rowProblem(row: Row, snapshot: TreasuryDocSnapshot): string | null {
  const pairs: [unknown, unknown, string][] = [
    [row.number, snapshot.number, 'o número'],
    [row.type, snapshot.type, 'o tipo'],
    [row.issue_date, snapshot.issueDate, 'a data de emissão'],
    [row.payer_name, snapshot.payer.name, 'o nome do pagador'],
    [row.payer_nif ?? null, snapshot.payer.nif, 'o NIF do pagador'],
    [Number(row.total), snapshot.total, 'o total'],
    [row.lines, JSON.stringify(snapshot.lines), 'as linhas'],
    [row.vat_wording, snapshot.vatWording, 'a menção de IVA'],
  ];
  const changed = pairs.find(([stored, issued]) => stored !== issued);
  return changed ? `O registo foi alterado depois da emissão (${changed[2]}).` : null;
}

async function linkProblem(db: Db, ctx: ServerContext, row: Row, expectedSequence: number, previous: string | null): Promise<string | null> {
  if (Number(row.sequence) !== expectedSequence) return `Falta o documento n.º ${expectedSequence} da série.`;
  return contentProblem(db, ctx, row, previous);
}

/**
 * A document's own check: its row against its snapshot, its stored PDF against the hash recorded
 * for it, and its link against its content and the previous link. What the link covers depends
 * on when it was issued (chain.ts): the PDF's hash too before decision 0054; since, the snapshot
 * alone, the PDF being drawn after the commit, so a document not drawn yet is whole.
 */
async function contentProblem(db: Db, ctx: ServerContext, row: Row, previous: string | null): Promise<string | null> {
  if ((row.prev_hash ?? null) !== previous) return 'O elo para o documento anterior não corresponde.';
  let snapshot: TreasuryDocSnapshot;
  try {
    snapshot = JSON.parse(String(row.snapshot)) as TreasuryDocSnapshot;
  } catch {
    return 'O conteúdo guardado do documento está ilegível.';
  }
  const changed = rowProblem(row, snapshot);
  if (changed) return changed;
  const version = Number(row.chain_version ?? CHAIN_WITH_PDF);
  const file = row.file ?? null;
  const recorded = row.pdf_sha256 ?? null;
  if (version === CHAIN_OF_SNAPSHOT && file === null && recorded === null) {
    return snapshotChainHash(String(row.snapshot), previous) === row.hash ? null : 'O elo do documento não corresponde ao seu conteúdo.';
  }
  const stream = file === null ? null : await pdfStream(db, ctx, Number(file));
  const pdfHash = stream ? await streamSha256(stream) : null;
  if (pdfHash === null) return 'O PDF do documento desapareceu.';
  if (pdfHash !== recorded) return 'O PDF guardado foi alterado depois da emissão.';
  const link = version === CHAIN_OF_SNAPSHOT ? snapshotChainHash(String(row.snapshot), previous) : version === CHAIN_WITH_PDF ? chainHash(String(row.snapshot), pdfHash, previous) : null;
  if (link !== row.hash) return 'O elo do documento não corresponde ao seu conteúdo.';
  return null;
}

const PAGE = 500;

/**
 * "Verificar integridade": walks every series from its first document, page by page, checking
 * numbering without gaps, each row against its snapshot, each stored PDF against its hash and
 * each link against the previous one; reports the first broken link.
 *
 * Thousands of documents take seconds: `db` should be the database, not a transaction (on
 * SQLite a transaction would hold the only connection, and every request, for all of them), and
 * the walk lets the event loop turn every few milliseconds. Documents issued meanwhile are walked
 * too: a series whose end moved while it was walked is read again and walked to its new end.
 */
export async function verifyIntegrity(db: Db, ctx: ServerContext): Promise<IntegrityReport> {
  const series = await db.selectFrom('treasury_series').select(['_id', 'last_number', 'last_hash']).orderBy('_id').execute();
  const slices = timeSlices();
  let checked = 0;
  for (let one of series) {
    // Gaps an administrator chose (series.ts): the number that would have come next, and the one set instead.
    const jumps = new Map((await db.selectFrom('treasury_series_jumps').select(['from_number', 'to_number']).where('series', '=', one._id).execute()).map((j) => [j.from_number, j.to_number]));
    const expectedAfter = (sequence: number) => jumps.get(sequence + 1) ?? sequence + 1;
    let previous: string | null = null;
    let sequence = 0;
    let last: Row | undefined;
    for (;;) {
      for (;;) {
        const rows = await db.selectFrom('treasury_docs').selectAll().where('series', '=', one._id).where('sequence', '>', sequence).orderBy('sequence').limit(PAGE).execute();
        for (const row of rows) {
          await slices.pause();
          const problem = await linkProblem(db, ctx, row, expectedAfter(sequence), previous);
          if (problem) return { ok: false, checked, broken: { doc: row._id, number: row.number, problem } };
          checked += 1;
          previous = row.hash;
          sequence = row.sequence;
          last = row;
        }
        if (rows.length < PAGE) break;
      }
      if (expectedAfter(sequence) === one.last_number + 1 && (one.last_hash ?? null) === previous) break;
      // Not where the series ended when read: documents issued since (walk on), or a broken end.
      const now = await db.selectFrom('treasury_series').select(['_id', 'last_number', 'last_hash']).where('_id', '=', one._id).executeTakeFirst();
      if (!now || now.last_number === one.last_number) {
        const where = last ? { doc: Number(last._id), number: String(last.number) } : { doc: 0, number: '' };
        return { ok: false, checked, broken: { ...where, problem: 'A série termina antes do último número atribuído: falta pelo menos um documento.' } };
      }
      one = now;
    }
  }
  return { ok: true, checked };
}
