import { signal, type ReadonlySignal } from '@preact/signals-core';
import { FONT_SIZE_DEFAULT, FONT_SIZE_MAX, FONT_SIZE_MIN, LIST_DEFAULT_LIMIT, STORAGE_KEYS } from './constants.js';
import { clampLimit } from './query.js';

export interface Preferences {
  fontSize: ReadonlySignal<number>;
  zoomIn(): void;
  zoomOut(): void;
  /** Chosen list size, shared by every list (local storage). */
  listSize: ReadonlySignal<number>;
  setListSize(size: number): void;
  /** Visible columns of an entity's list, kept for the browser session. */
  columns(entity: string): string[] | null;
  setColumns(entity: string, columns: string[]): void;
  /** Sort order of an entity's list ('-field' for descending), kept for the browser session. */
  sortOrder(entity: string): string | null;
  setSortOrder(entity: string, sort: string): void;
}

export function clampFontSize(size: number): number {
  if (!Number.isFinite(size)) return FONT_SIZE_DEFAULT;
  return Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, Math.round(size)));
}

function readNumber(storage: Storage, key: string): number | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

export function createPreferences(local: Storage, session: Storage): Preferences {
  const fontSize = signal(clampFontSize(readNumber(local, STORAGE_KEYS.fontSize) ?? FONT_SIZE_DEFAULT));
  const storedSize = readNumber(local, STORAGE_KEYS.listSize);
  const listSize = signal(storedSize === null ? LIST_DEFAULT_LIMIT : clampLimit(storedSize));

  function setFont(size: number) {
    fontSize.value = clampFontSize(size);
    local.setItem(STORAGE_KEYS.fontSize, String(fontSize.value));
  }

  return {
    fontSize,
    zoomIn: () => setFont(fontSize.value + 1),
    zoomOut: () => setFont(fontSize.value - 1),
    listSize,
    setListSize(size) {
      listSize.value = clampLimit(size);
      local.setItem(STORAGE_KEYS.listSize, String(listSize.value));
    },
    columns(entity) {
      const raw = session.getItem(STORAGE_KEYS.columnsPrefix + entity);
      if (raw === null) return null;
      try {
        const parsed: unknown = JSON.parse(raw);
        return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : null;
      } catch {
        return null;
      }
    },
    setColumns(entity, columns) {
      session.setItem(STORAGE_KEYS.columnsPrefix + entity, JSON.stringify(columns));
    },
    sortOrder: (entity) => session.getItem(STORAGE_KEYS.sortPrefix + entity),
    setSortOrder(entity, sort) {
      session.setItem(STORAGE_KEYS.sortPrefix + entity, sort);
    },
  };
}
