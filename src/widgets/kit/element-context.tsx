import { createContext, useCallback, useContext } from 'react';
import { dispatchAssociaEvent, type AssociaEventMap, type AssociaEventName } from './events.js';

/** What every component rendered by defineElement knows about the element around it. */
export interface ElementContextValue {
  /** The custom element itself (the shadow host). */
  host: HTMLElement;
  /** API base from the element's `api` attribute; undefined means the page's default. */
  api: string | undefined;
}

export const ElementContext = createContext<ElementContextValue | null>(null);

function useElementContext(): ElementContextValue {
  const value = useContext(ElementContext);
  if (!value) throw new Error('This component must be rendered by an element made with defineElement().');
  return value;
}

/** The custom element hosting the calling component. */
export function useElementHost(): HTMLElement {
  return useElementContext().host;
}

/** The element's `api` attribute (an API base for another origin), or undefined for the default. */
export function useApiBase(): string | undefined {
  return useElementContext().api;
}

export type DispatchAssociaEvent = <Name extends AssociaEventName>(
  name: Name,
  detail: AssociaEventMap[Name],
) => boolean;

/** A typed, stable dispatch of Associa events from the hosting element (see events.ts). */
export function useElementEvents(): DispatchAssociaEvent {
  const host = useElementHost();
  return useCallback<DispatchAssociaEvent>((name, detail) => dispatchAssociaEvent(host, name, detail), [host]);
}
