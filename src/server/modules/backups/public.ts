// What other server code (the operator's commands, src/server/admin) uses of backups.
export { DamagedBackupError } from './archive-read.js';
export { backupDirectory, backupFileName } from './directory.js';
export { schemaTables } from './postgres-dump.js';
export { RestoreRefusedError, restoreBackup } from './restore.js';
export { runBackup } from './run-backup.js';
