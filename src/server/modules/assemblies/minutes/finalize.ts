import { sql } from 'kysely';
import type { AuthenticatedCaller } from '../../../auth/caller.js';
import { advisoryLock } from '../../../auth/session-limits.js';
import type { ServerContext } from '../../../context.js';
import type { Db, Row } from '../../../db/database.js';
import { conflict } from '../../../errors.js';
import { insertFile } from '../../../files/records.js';
import { readIssuer, readLogo } from '../../../pdf/letterhead.js';
import { readSetting } from '../../../settings/read.js';
import { sha256 } from './hash.js';
import { MINUTES_NUMBER_PLACEHOLDER } from './draft-text.js';
import { renderMinutesPdf } from './pdf.js';

export const MINUTES_FINAL = 'A ata já foi aprovada e guardada: não pode mudar.';

/** 'Ata n.º 3/2026'. */
const minutesHeading = (number: number, year: number): string => `Ata n.º ${number}/${year}`;

const day = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The next number of `year`'s minutes book, inside the caller's transaction. PostgreSQL: a lock
 * on the year's book, held until commit, makes concurrent finals wait their turn; SQLite has one
 * writer. A rollback gives its number back: the book has no gaps.
 */
async function nextMinutesNumber(db: Db, ctx: Pick<ServerContext, 'database'>, year: number): Promise<number> {
  await advisoryLock(db, ctx.database.engine, `associa:assembly-minutes:${year}`);
  const row = await db.selectFrom('assemblies').select(sql<number | null>`max(minutes_number)`.as('last')).where('minutes_year', '=', year).executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/**
 * Makes the minutes final: the year's next number (the assembly's year), the PDF drawn from the
 * text and stored with its SHA-256, the assembly closed, published to members when the setting
 * says so. Runs in the action's transaction; the stored bytes are removed if it fails.
 */
export async function finalizeMinutes(db: Db, ctx: Pick<ServerContext, 'database' | 'files' | 'now'>, assembly: Row, by: Pick<AuthenticatedCaller, 'kind' | 'id'>): Promise<void> {
  if (assembly.minutes_final_at) throw conflict(MINUTES_FINAL);
  const text = String(assembly.minutes_text ?? '').trim();
  if (!text) throw conflict('Gere primeiro o rascunho da ata (ou escreva o seu texto) antes de a tornar final.');
  const year = Number(String(assembly.date).slice(0, 4));
  const number = await nextMinutesNumber(db, ctx, year);
  const heading = minutesHeading(number, year);
  const finalText = text.startsWith(MINUTES_NUMBER_PLACEHOLDER) ? `${heading}${text.slice(MINUTES_NUMBER_PLACEHOLDER.length)}` : text;
  const issuer = await readIssuer(db);
  const logo = await readLogo(db, ctx.files, issuer.logo);
  const pdf = await renderMinutesPdf({ issuer, logoImage: logo?.bytes ?? null, heading, date: `Data: ${day(String(assembly.date))}`, text: finalText });
  const pdfSha256 = sha256(pdf);
  const at = ctx.now();
  const stamp = new Date(at).toISOString();
  const published = await readSetting(db, 'assemblyPublishMinutes');
  const storageKey = await ctx.files.write(pdf);
  try {
    const file = await insertFile(db, {
      originalName: `ata-${number}-${year}.pdf`,
      contentType: 'application/pdf',
      size: pdf.length,
      sha256: pdfSha256,
      storageKey,
      uploadedBy: { kind: by.kind, id: by.id },
      at,
    });
    await db
      .updateTable('assemblies')
      .set({
        minutes_text: finalText,
        minutes_year: year,
        minutes_number: number,
        minutes_final_at: stamp,
        minutes_file: String(file._id),
        minutes_sha256: pdfSha256,
        minutes_published: published ? 1 : 0,
        status: 'closed',
        closed_at: assembly.closed_at ? String(assembly.closed_at) : stamp,
        updated_at: stamp,
        _version: sql`_version + 1`,
      })
      .where('_id', '=', Number(assembly._id))
      .execute();
  } catch (error) {
    await ctx.files.remove(storageKey);
    throw error;
  }
}
