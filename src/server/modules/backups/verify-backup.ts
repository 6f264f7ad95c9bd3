import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DamagedBackupError, openArchive, type ArchiveEntry } from './archive-read.js';
import { FORMAT_VERSION, MANIFEST_PART, SQLITE_PART, parseManifest, tablePart, type BackupManifest } from './manifest.js';
import { inspectCopy } from './sqlite-copy.js';

const damaged = (why: string) => new DamagedBackupError(`A cópia de segurança está danificada: ${why}. Use outra cópia.`);

async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Counts a JSON-lines part's rows, parsing each (a row cut short or garbled fails here, not at restore). */
function lineCounter() {
  let rest = '';
  let rows = 0;
  const take = (line: string) => {
    if (line === '') return;
    JSON.parse(line);
    rows += 1;
  };
  return {
    push(chunk: Buffer) {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) take(line);
    },
    end() {
      take(rest);
      return rows;
    },
  };
}

export interface VerifyOptions {
  /** Writes every part there under its own name (a restore's staging directory), while checking it. */
  extractTo?: string;
}

/** The manifest alone: what a restore checks (engine, migrations) before reading the rest. */
export async function readManifest(file: string): Promise<BackupManifest> {
  const archive = await openArchive(file);
  const entry = archive.entries.get(MANIFEST_PART);
  let manifest: BackupManifest | null = null;
  try {
    if (entry) manifest = parseManifest(await readText(await archive.open(entry)));
  } catch {
    manifest = null;
  } finally {
    archive.close();
  }
  if (!entry) throw damaged('não tem o manifesto');
  if (!manifest) throw damaged('o manifesto está ilegível');
  if (manifest.version > FORMAT_VERSION) throw new DamagedBackupError('Esta cópia de segurança foi feita num formato mais recente do que este Associa conhece. Atualize o Associa antes de a restaurar.');
  return manifest;
}

/**
 * Reads a backup whole and checks it against its manifest: each part's size and SHA-256, every
 * row of a PostgreSQL dump parsed and counted, a SQLite copy opened, `PRAGMA integrity_check`
 * run and its tables counted. Throws a DamagedBackupError (pt-PT) naming the first problem.
 */
export async function verifyBackup(file: string, options: VerifyOptions = {}): Promise<{ manifest: BackupManifest; size: number }> {
  const manifest = await readManifest(file);
  const archive = await openArchive(file);
  const scratch = options.extractTo ?? (await fs.promises.mkdtemp(path.join(os.tmpdir(), 'associa-verify-')));
  try {
    const jsonParts = new Map(Object.keys(manifest.tables).map((table) => [tablePart(table), table]));
    if (manifest.engine === 'postgres') {
      for (const part of jsonParts.keys()) if (!manifest.parts.some((p) => p.name === part)) throw damaged(`falta a tabela ${jsonParts.get(part)}`);
    } else if (!manifest.parts.some((p) => p.name === SQLITE_PART)) throw damaged('falta a base de dados');
    for (const part of manifest.parts) {
      const entry: ArchiveEntry | undefined = archive.entries.get(part.name);
      if (!entry) throw damaged(`falta a parte ${part.name}`);
      if (part.name.includes('..') || path.isAbsolute(part.name)) throw damaged(`a parte ${part.name} tem um nome inválido`);
      const hash = createHash('sha256');
      let size = 0;
      const table = jsonParts.get(part.name);
      const counter = table !== undefined ? lineCounter() : null;
      const keep = options.extractTo !== undefined || part.name === SQLITE_PART;
      const target = path.join(scratch, part.name);
      if (keep) await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(
          await archive.open(entry),
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              hash.update(chunk);
              size += chunk.length;
              counter?.push(chunk);
              if (keep) yield chunk;
            }
          },
          keep ? fs.createWriteStream(target) : async (source: AsyncIterable<Buffer>) => {
            for await (const _ of source) void _;
          },
        );
      } catch (error) {
        if (error instanceof DamagedBackupError) throw error;
        throw damaged(`a parte ${part.name} não se lê (${error instanceof SyntaxError ? 'uma linha está incompleta' : (error as Error).message})`);
      }
      if (size !== part.size || hash.digest('hex') !== part.sha256) throw damaged(`a parte ${part.name} não corresponde ao manifesto`);
      if (counter && table !== undefined) {
        let rows: number;
        try {
          rows = counter.end();
        } catch {
          throw damaged(`a tabela ${table} tem uma linha incompleta`);
        }
        if (rows !== manifest.tables[table]) throw damaged(`a tabela ${table} tem ${rows} linhas e o manifesto diz ${manifest.tables[table]}`);
      }
      if (part.name === SQLITE_PART) {
        let copied;
        try {
          copied = await inspectCopy({ file: target, integrityCheck: true, keys: false });
        } catch (error) {
          throw damaged(`a base de dados não abre (${(error as Error).message})`);
        }
        if (copied.problem) throw damaged(copied.problem);
        for (const [name, rows] of Object.entries(manifest.tables)) {
          if (copied.tables[name] !== rows) throw damaged(`a tabela ${name} tem ${copied.tables[name] ?? 0} linhas e o manifesto diz ${rows}`);
        }
      }
    }
    return { manifest, size: (await fs.promises.stat(file)).size };
  } finally {
    archive.close();
    if (options.extractTo === undefined) await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}
