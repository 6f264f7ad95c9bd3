// Commands a page sends INTO the resource list (the host's toolbar has the export and column
// settings buttons; the list has the data). Dispatched on document so the toolbar needs no
// reference to the element:
//
//   document.dispatchEvent(new CustomEvent('associa-export', { detail: { resource: 'members' } }));
//   document.dispatchEvent(new CustomEvent('associa-columns', { detail: { resource: 'members' } }));
//
// Without `resource` in the detail, every list on the page answers.

export interface ListCommandDetail {
  /** Only the list of this resource answers; absent means every list. */
  resource?: string;
}

export const LIST_COMMANDS = {
  /** Export the current query as CSV. */
  export: 'associa-export',
  /** Open the column chooser. */
  columns: 'associa-columns',
  /** Stop the export under way; nothing is downloaded. */
  cancelExport: 'associa-export-cancel',
} as const;

/** What a list says about its export (sent from the element, bubbling to the document). */
export interface ExportProgressDetail {
  resource: string;
  /** Pages read so far. */
  pages: number;
  /** Pages in all; null until the first page says. */
  total: number | null;
  /** The export ended: downloaded, cancelled or failed. */
  done: boolean;
}

declare module '../kit/events.js' {
  interface AssociaEventMap {
    /** How far the list's CSV export is (the host's toolbar shows it). */
    'associa-export-progress': ExportProgressDetail;
  }
}

declare global {
  interface DocumentEventMap {
    'associa-export': CustomEvent<ListCommandDetail | null>;
    'associa-columns': CustomEvent<ListCommandDetail | null>;
    'associa-export-cancel': CustomEvent<ListCommandDetail | null>;
  }
}

/** Whether a command event is meant for the list of `resource`. */
export function commandTargets(event: CustomEvent<ListCommandDetail | null>, resource: string): boolean {
  const wanted = event.detail?.resource;
  return wanted === undefined || wanted === resource;
}
