import fs from 'node:fs';
import path from 'node:path';
import { ROLE } from '../../core/contract.js';
import type { Config } from '../config.js';
import { DatabaseLockedError, openDatabase, type Database } from '../db/database.js';
import { createBus } from '../realtime/create-bus.js';
import { box } from '../seed/banner.js';
import { forgetFirstStartPassword } from '../seed/admin-password-file.js';
import { randomPassword } from '../seed/passwords.js';
import { backupCommand, restoreCommand } from './backup-commands.js';
import { filesMigrateCommand } from './files-migrate.js';
import { NoAccountsError, passwordProblem, resetPassword, UnknownAccountError } from './reset-password.js';
import { tableColumns } from './table-columns.js';

/** Where the operator reads what happened (the console, or a collector in tests). */
export interface AdminOutput {
  log(text: string): void;
  error(text: string): void;
}

export interface AdminEnvironment {
  config: Config;
  output: AdminOutput;
  /** Read by `--password-stdin`. */
  stdin?: AsyncIterable<string | Buffer>;
  now?: () => number;
}

const USAGE = [
  'Usage: npm run admin -- <command>',
  '',
  'Commands:',
  '  reset-password [username] [--password-stdin]',
  '      Sets a new password for an account (default: admin), printed once, or the one read',
  '      from standard input; ends every session of the account and reactivates it.',
  '  list-admins',
  '      Lists the administrator accounts.',
  '  backup [file]',
  '      Writes a backup (database and stored files, checked after writing) into file, or into',
  '      the backup directory (ASSOCIA_BACKUP_DIR, by default ASSOCIA_DATA/backups).',
  '  restore <file>',
  '      Restores a backup into an empty data directory (and an empty PostgreSQL schema),',
  '      then runs the migrations this version adds. Refuses a damaged file or a newer schema.',
  '  files-migrate [--keep]',
  '      Copies the stored files still in ASSOCIA_DATA/files into the configured file store',
  '      (ASSOCIA_FILE_STORE: the database, S3), checks each copy\'s SHA-256, then deletes the',
  '      directory\'s copy (--keep keeps it). Safe to run again.',
  '',
  'The command uses the database the server uses (ASSOCIA_DATA, or DATABASE_URL and',
  'ASSOCIA_PG_SCHEMA). On SQLite, stop the server first; on PostgreSQL it may keep running.',
].join('\n');

/** Exit codes: 0 done, 1 failed (the message says why), 2 wrong usage. */
const DONE = 0;
const FAILED = 1;
const WRONG_USAGE = 2;

class CommandError extends Error {}

// The file name openDatabase uses by default.
const sqliteFileOf = (config: Config) => path.join(config.dataDir, 'associa.db');

/** The server's database, or a CommandError the operator can act on. */
async function openServerDatabase(config: Config): Promise<Database> {
  if (!config.databaseUrl) {
    const file = sqliteFileOf(config);
    // Opening would create an empty database in a mistyped ASSOCIA_DATA.
    if (!fs.existsSync(file)) {
      throw new CommandError(
        `There is no database at ${file}. Set ASSOCIA_DATA (or DATABASE_URL) as the server has it, ` +
          'or start the server once: it creates the admin account.',
      );
    }
  }
  try {
    return await openDatabase(config);
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      throw new CommandError(
        `The database ${sqliteFileOf(config)} is in use by a running Associa server. ` +
          'Stop the server first, then run this command again.',
      );
    }
    throw error;
  }
}

async function withDatabase<T>(config: Config, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openServerDatabase(config);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

async function readAll(stdin: AsyncIterable<string | Buffer>): Promise<string> {
  let text = '';
  for await (const chunk of stdin) text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  return text;
}

async function resetPasswordCommand(args: readonly string[], env: AdminEnvironment): Promise<number> {
  const { config, output } = env;
  const flags = args.filter((arg) => arg.startsWith('-'));
  const names = args.filter((arg) => !arg.startsWith('-'));
  const unknown = flags.filter((flag) => flag !== '--password-stdin');
  if (unknown.length > 0 || names.length > 1) {
    output.error(unknown.length > 0 ? `Unknown option ${unknown[0]}.` : 'reset-password takes one username at most.');
    output.error(USAGE);
    return WRONG_USAGE;
  }
  const username = names[0] ?? 'admin';
  const fromStdin = flags.includes('--password-stdin');

  let password = randomPassword();
  if (fromStdin) {
    if (!env.stdin) throw new CommandError('--password-stdin: no standard input to read.');
    // Read before opening the database, so no lock is held while waiting for input.
    password = (await readAll(env.stdin)).replace(/\r?\n$/, '');
    const problem = passwordProblem(password);
    if (problem) throw new CommandError(problem);
  }

  const now = env.now ?? Date.now;
  const result = await withDatabase(config, async (database) => {
    const bus = await createBus(database);
    try {
      return await resetPassword(database, bus, username, password, now());
    } finally {
      await bus.close();
    }
  });
  // The first-start password of this account, if still kept, no longer opens it.
  await forgetFirstStartPassword(config, result.username);

  const lines = [
    `Associa: new password for the account "${result.username}"`,
    '',
    `  Username:  ${result.username}`,
    `  Password:  ${fromStdin ? '(the one read from standard input)' : password}`,
    '',
    'Every session of this account has ended.',
  ];
  if (result.reactivated) lines.push('The account was deactivated; it is active again.');
  if (!fromStdin) lines.push('The password is shown only this once; the server keeps only its hash.');
  output.log(box(lines));
  return DONE;
}

async function listAdminsCommand(args: readonly string[], env: AdminEnvironment): Promise<number> {
  if (args.length > 0) {
    env.output.error('list-admins takes no arguments.');
    return WRONG_USAGE;
  }
  const admins = await withDatabase(env.config, async (database) => {
    if ((await tableColumns(database, 'users')).size === 0) throw new NoAccountsError();
    return database.db
      .selectFrom('users')
      .select(['username', 'name', 'email', 'active'])
      .where('role', '=', ROLE.admin)
      .orderBy('username')
      .execute();
  });
  if (admins.length === 0) {
    env.output.log('There is no administrator account.');
    return DONE;
  }
  const width = Math.max(...admins.map((admin) => String(admin.username).length));
  env.output.log('Administrator accounts:');
  for (const admin of admins) {
    const state = Number(admin.active) === 1 ? 'active  ' : 'inactive';
    env.output.log(`  ${String(admin.username).padEnd(width)}  ${state}  ${String(admin.name)}${admin.email ? ` <${String(admin.email)}>` : ''}`);
  }
  return DONE;
}

const COMMANDS: Record<string, (args: readonly string[], env: AdminEnvironment) => Promise<number>> = {
  'reset-password': resetPasswordCommand,
  'list-admins': listAdminsCommand,
  backup: backupCommand,
  restore: restoreCommand,
  'files-migrate': filesMigrateCommand,
};

/** Runs one operator command; returns the process exit code. Messages go to `env.output`. */
export async function runAdminCommand(args: readonly string[], env: AdminEnvironment): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    if (name !== undefined) {
      env.output.log(USAGE);
      return DONE;
    }
    env.output.error(USAGE);
    return WRONG_USAGE;
  }
  const command = COMMANDS[name];
  if (!command) {
    env.output.error(`Unknown command "${name}".\n\n${USAGE}`);
    return WRONG_USAGE;
  }
  try {
    return await command(rest, env);
  } catch (error) {
    if (error instanceof CommandError || error instanceof UnknownAccountError || error instanceof NoAccountsError) {
      env.output.error(error.message);
      return FAILED;
    }
    throw error;
  }
}
