import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { DatabaseLockedError, openDatabase, type Database } from '../db/database.js';
import { createFileStore } from '../files/create-store.js';
import type { FileStoreKind } from '../files/store.js';
import { DamagedBackupError, RestoreRefusedError, backupDirectory, backupFileName, restoreBackup, runBackup, schemaTables } from '../modules/backups/public.js';
import type { AdminEnvironment } from './commands.js';

// `npm run admin -- backup [file]` and `npm run admin -- restore <file>` (decision 0046).
// What they tell the operator is pt-PT, as the data page says it.

const DONE = 0;
const FAILED = 1;
const WRONG_USAGE = 2;

/** Where a restore put the files (ASSOCIA_FILE_STORE), as the operator reads it. */
const STORED_IN: Record<FileStoreKind, string> = { directory: 'na pasta files', database: 'na base de dados', s3: 'no S3' };

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toLocaleString('pt-PT', { maximumFractionDigits: 1 })} MB`;

async function openForBackup(config: Config): Promise<Database> {
  try {
    const database = await openDatabase(config);
    if (database.engine === 'postgres' && (await schemaTables(database.db)).length === 0) {
      await database.close();
      throw new RestoreRefusedError('A base de dados PostgreSQL está vazia: não há nada para copiar. Confirme DATABASE_URL e ASSOCIA_PG_SCHEMA.');
    }
    return database;
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      throw new RestoreRefusedError(
        `A base de dados ${path.join(config.dataDir, 'associa.db')} está a ser usada por um servidor Associa em funcionamento. ` +
          'Com o servidor a funcionar, use o botão «Fazer cópia agora» em Configuração › Dados (ou espere pela cópia diária); ou pare o servidor e repita.',
      );
    }
    throw error;
  }
}

/** `backup [file]`: a backup now, checked, into `file` or the backup directory (no rotation: the operator's own copy). */
export async function backupCommand(args: readonly string[], env: AdminEnvironment): Promise<number> {
  if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) {
    env.output.error('backup takes one file name at most: npm run admin -- backup [file]');
    return WRONG_USAGE;
  }
  const { config, output } = env;
  const now = env.now ?? Date.now;
  try {
    if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'associa.db'))) {
      throw new RestoreRefusedError(`Não há base de dados em ${path.join(config.dataDir, 'associa.db')}. Indique em ASSOCIA_DATA (ou DATABASE_URL) a do servidor.`);
    }
    const database = await openForBackup(config);
    try {
      const at = now();
      const file = args[0] ? path.resolve(args[0]) : path.join(backupDirectory(config), backupFileName(at));
      // The files through this configuration's store, as the server reads them.
      const outcome = await runBackup({ config, database, files: createFileStore(config, database), now }, { key: `cli:${new Date(at).toISOString()}`, at, file });
      output.log(`Cópia de segurança feita e verificada: ${outcome.file}`);
      output.log(`  ${megabytes(outcome.size)}, ${outcome.rows.toLocaleString('pt-PT')} linhas, ${outcome.files.toLocaleString('pt-PT')} ficheiros guardados.`);
      return DONE;
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof RestoreRefusedError || error instanceof DamagedBackupError) {
      output.error(error.message);
      return FAILED;
    }
    throw error;
  }
}

/** `restore <file>`: the backup into this configuration's empty data directory (and empty PostgreSQL schema). */
export async function restoreCommand(args: readonly string[], env: AdminEnvironment): Promise<number> {
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    env.output.error('restore takes the backup file: npm run admin -- restore <file>');
    return WRONG_USAGE;
  }
  const { config, output } = env;
  try {
    const report = await restoreBackup(config, path.resolve(args[0]!));
    output.log(`Cópia de segurança de ${report.createdAt} restaurada em ${config.databaseUrl ? `PostgreSQL${config.pgSchema ? ` (esquema ${config.pgSchema})` : ''} e ` : ''}${config.dataDir}.`);
    output.log(`  ${report.rows.toLocaleString('pt-PT')} linhas, ${report.files.toLocaleString('pt-PT')} ficheiros guardados ${STORED_IN[report.fileStore]}.`);
    if (report.migrated.length > 0) output.log(`  A cópia era de uma versão anterior: ${report.migrated.length} alterações da base de dados aplicadas.`);
    output.log('Pode iniciar o servidor.');
    return DONE;
  } catch (error) {
    if (error instanceof RestoreRefusedError || error instanceof DamagedBackupError) {
      output.error(error.message);
      return FAILED;
    }
    throw error;
  }
}
