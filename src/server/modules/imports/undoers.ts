import { HISTORY_UNDOERS } from './history/undo.js';
import { membersUndo } from './members-undo.js';
import type { ResourceUndo } from './undo-registry.js';

/** How each resource a batch may touch is undone, by resource: members here; the history import adds its own (./history). */
export const IMPORT_UNDOERS: ReadonlyMap<string, ResourceUndo> = new Map([membersUndo, ...HISTORY_UNDOERS].map((undo) => [undo.resource, undo]));
