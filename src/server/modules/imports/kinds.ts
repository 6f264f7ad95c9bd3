import type { ImportKind } from '../../../core/contract.js';
import type { ImportKindDefinition } from './kind.js';
import { historyImport } from './history/history-kind.js';
import { membersImport } from './members-kind.js';

/** Every kind of import the server takes, by kind: members here, history from ./history. */
const IMPORT_KINDS: Partial<Record<ImportKind, ImportKindDefinition>> = {
  members: membersImport,
  history: historyImport,
};

export const importKindOf = (kind: string): ImportKindDefinition | undefined => (Object.hasOwn(IMPORT_KINDS, kind) ? IMPORT_KINDS[kind as ImportKind] : undefined);
