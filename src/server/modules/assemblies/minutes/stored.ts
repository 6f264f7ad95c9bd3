import type { ServerContext } from '../../../context.js';
import type { Db, Row } from '../../../db/database.js';
import { conflict, notFound } from '../../../errors.js';
import { findFile } from '../../../files/records.js';
import { openIfStored } from '../../../files/store.js';
import { sha256 } from './hash.js';

/**
 * The final minutes' PDF as stored, read whole (a few pages) so its SHA-256 is checked before a
 * byte is sent: bytes changed behind the server's back are a 409, never served as the minutes.
 */
export async function storedMinutesPdf(db: Db, ctx: Pick<ServerContext, 'files'>, assembly: Row): Promise<Buffer> {
  if (!assembly.minutes_final_at || !assembly.minutes_file) throw notFound('Esta assembleia ainda não tem ata final.');
  const file = await findFile(db, Number(assembly.minutes_file));
  const stream = file ? await openIfStored(ctx.files, file.storageKey) : null;
  if (!stream) throw notFound('O PDF desta ata não foi encontrado.');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  if (sha256(bytes) !== assembly.minutes_sha256) throw conflict('O PDF guardado desta ata não corresponde ao que foi aprovado. Um administrador deve verificar os ficheiros guardados.');
  return bytes;
}

/** 'ata-3-2026.pdf'. */
export const minutesFileName = (assembly: Row): string => `ata-${String(assembly.minutes_number)}-${String(assembly.minutes_year)}.pdf`;
