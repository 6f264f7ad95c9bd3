import { defineElement } from '../../kit/define-element.js';
import { BackupStatus } from './backup-status.js';

/**
 * `<associa-backup-status>`: for administrators, the backups (decision 0046): the last one and
 * the last verified one (size, rows, files, the check's outcome), a warning when no verified one
 * is less than a day old, where they are kept and when the next runs, and *Fazer cópia agora*
 * (POST backups/run, its job followed). No attributes besides `api`.
 */
export const BackupStatusElement = defineElement('associa-backup-status', BackupStatus, { attributes: {} });
