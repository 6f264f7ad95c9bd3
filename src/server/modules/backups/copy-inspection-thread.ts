import { copiedStoredKeys, readCopiedDatabase, type CopiedDatabase } from './copy-inspection.js';
import { threadMain } from '../../threads/thread-main.js';

/** What inspectCopy asks of a copy: its counts and migrations, with SQLite's integrity check or not, and its stored keys or not. */
export interface InspectionRequest {
  file: string;
  integrityCheck: boolean;
  keys: boolean;
}

export interface Inspection extends CopiedDatabase {
  keys: string[];
}

threadMain<InspectionRequest, Inspection>(({ file, integrityCheck, keys }) => ({
  ...readCopiedDatabase(file, integrityCheck),
  keys: keys ? copiedStoredKeys(file) : [],
}));
