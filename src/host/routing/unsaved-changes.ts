import { signal, type ReadonlySignal } from '@preact/signals-core';

/**
 * Which elements on the page hold changes the user has not saved (they say so with
 * `associa-dirty`), and the in-app navigation waiting for the user to agree to lose them.
 */
export interface UnsavedChanges {
  /** True while a navigation waits for the user's answer. */
  asking: ReadonlySignal<boolean>;
  /** Whether an element still on the page has unsaved changes. */
  any(): boolean;
  /** Runs `leave` at once when nothing is unsaved; otherwise asks first (see confirm, cancel). */
  request(leave: () => void): void;
  /** The user agreed: the changes are dropped and the waiting navigation runs. */
  confirm(): void;
  /** The user stays: the waiting navigation is dropped. */
  cancel(): void;
  dispose(): void;
}

export function createUnsavedChanges(doc: Document): UnsavedChanges {
  const dirty = new Set<EventTarget>();
  const asking = signal(false);
  let waiting: (() => void) | null = null;

  const onDirty = (event: CustomEvent<{ dirty: boolean }>) => {
    // At the document the target is the outermost element the event came from.
    if (!event.target) return;
    if (event.detail?.dirty === true) dirty.add(event.target);
    else dirty.delete(event.target);
  };
  doc.addEventListener('associa-dirty', onDirty);

  function any(): boolean {
    // An element removed without a last word (its tree unmounts later) no longer counts.
    for (const target of dirty) if (!(target instanceof Node) || !target.isConnected) dirty.delete(target);
    return dirty.size > 0;
  }

  function settle(run: boolean) {
    const leave = waiting;
    waiting = null;
    asking.value = false;
    if (run) {
      dirty.clear();
      leave?.();
    }
  }

  return {
    asking,
    any,
    request(leave) {
      if (!any()) {
        leave();
        return;
      }
      // A second request while asking replaces the first: the last place the user chose.
      waiting = leave;
      asking.value = true;
    },
    confirm: () => settle(true),
    cancel: () => settle(false),
    dispose() {
      doc.removeEventListener('associa-dirty', onDirty);
      waiting = null;
    },
  };
}
