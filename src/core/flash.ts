// A message for the page that comes next. A form that creates a record is replaced by the
// record's own page (the route changes, the element is made again), so its "created" message
// must outlive it: the new form takes it when it opens that record.

export interface Flash {
  /** Leaves `message` for whoever next opens `key` (e.g. 'members/77'); a newer message replaces it. */
  put(key: string, message: string): void;
  /** The message left for `key`, once: taking it clears it. */
  take(key: string): string | null;
}

export function createFlash(): Flash {
  // One slot: only the last action's message is ever news.
  let left: { key: string; message: string } | null = null;
  return {
    put(key, message) {
      left = { key, message };
    },
    take(key) {
      if (left?.key !== key) return null;
      const { message } = left;
      left = null;
      return message;
    },
  };
}
