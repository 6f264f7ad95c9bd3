/**
 * The DOM events elements send outward, by name, with their `detail`. Later features add
 * their own by declaration merging:
 *
 *     declare module '../kit/events.js' {
 *       interface AssociaEventMap { 'associa-exported': { resource: string } }
 *     }
 */
export interface AssociaEventMap {
  /** The element asks its page to go to another address (the host routes it; a plain page may ignore it). */
  /** `state`: kept with the new history entry (the page opened says what just happened there). */
  'associa-navigate': { path: string; replace?: boolean; state?: Record<string, unknown> };
  /** A record was created or updated on the server. */
  'associa-saved': { resource: string; id: string };
  /** A record was deleted on the server. */
  'associa-deleted': { resource: string; id: string };
  /**
   * The element now has (or no longer has) changes the user has not saved. A page with a
   * router asks before leaving while one of its elements is dirty (the host does).
   */
  'associa-dirty': { dirty: boolean };
  /** What the page is about, in words ('Ana Lopes (n.º 12)'): a page that lets an element name it takes it as its heading and title. */
  'associa-title': { title: string };
}

export type AssociaEventName = keyof AssociaEventMap;

export type AssociaEvent<Name extends AssociaEventName> = CustomEvent<AssociaEventMap[Name]>;

type AssociaDomEvents = { [Name in AssociaEventName]: AssociaEvent<Name> };

declare global {
  // Typed listeners for pages and the host: el.addEventListener('associa-saved', (e) => e.detail.id)
  interface HTMLElementEventMap extends AssociaDomEvents {}
  interface DocumentEventMap extends AssociaDomEvents {}
}

/**
 * Dispatches an Associa event from `target`. It bubbles and is composed, so it crosses
 * every shadow boundary up to the document; it is cancelable, so a listener that handles
 * it (e.g. the host's router for `associa-navigate`) can say so with preventDefault().
 *
 * @returns false when a listener called preventDefault().
 */
export function dispatchAssociaEvent<Name extends AssociaEventName>(
  target: EventTarget,
  name: Name,
  detail: AssociaEventMap[Name],
): boolean {
  return target.dispatchEvent(
    new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }),
  );
}
