// Shared by the kit's browser tests: unique tag names, placing elements, console capture.
import { waitUntil } from '../support/wait.js';

let serial = 0;

/** A fresh tag per test: a custom element name can be defined only once per page. */
export function uniqueTag(label: string): `associa-${string}` {
  serial += 1;
  return `associa-test-${label}-${serial}`;
}

const placed: Element[] = [];

/** Creates `tag` with `attributes`, appends it to `parent` (a fresh div in body by default). */
export function place(tag: string, attributes: Record<string, string> = {}, parent?: Element | ShadowRoot): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  const target = parent ?? document.body.appendChild(document.createElement('div'));
  if (!parent) placed.push(target as Element);
  target.appendChild(element);
  return element;
}

export function removePlaced(): void {
  for (const element of placed.splice(0)) element.remove();
}

export function shadowOf(element: Element): ShadowRoot {
  if (!element.shadowRoot) throw new Error(`${element.localName} has no open shadow root`);
  return element.shadowRoot;
}

/** The first match inside the element's shadow root, once React has rendered it. */
export async function inShadow<E extends Element = HTMLElement>(element: Element, selector: string): Promise<E> {
  await waitUntil(() => element.shadowRoot?.querySelector(selector), `${selector} never rendered in ${element.localName}`);
  return shadowOf(element).querySelector(selector) as E;
}

export interface ConsoleCapture {
  messages: string[];
  restore(): void;
}

/** Records console.error and console.warn (React reports its warnings there). */
export function captureConsole(): ConsoleCapture {
  const messages: string[] = [];
  const { error, warn } = console;
  console.error = (...args: unknown[]) => {
    messages.push(`error: ${args.map(String).join(' ')}`);
  };
  console.warn = (...args: unknown[]) => {
    messages.push(`warn: ${args.map(String).join(' ')}`);
  };
  return {
    messages,
    restore() {
      console.error = error;
      console.warn = warn;
    },
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
