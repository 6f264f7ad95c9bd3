// Shared by the feature elements' browser tests: a fault-server namespace per test, the page's
// core for it, elements placed with that API base, and the navigations they asked for.
import { waitUntil } from '../support/wait.js';
import { getCore, type Clock, type Core } from '../../../src/core/index.js';
import { fault, tokenPair, type Fault } from '../support/fault.js';

export interface FeatureFixture {
  f: Fault;
  /** The core the elements share for `f.api` (getCore, as the elements do). */
  core: Core;
  /** Paths of every `associa-navigate` event seen, in order. */
  navigations: string[];
  place(tag: string, attributes?: Record<string, string>): HTMLElement;
  /** Stores a token pair for `role`, as if the user had logged in. */
  logIn(id?: number, name?: string, role?: string): void;
}

const placed: Element[] = [];
const cores: Core[] = [];
const listeners: (() => void)[] = [];

/**
 * @param handleNavigation like the host's router: call preventDefault() on `associa-navigate`.
 * @param clock the core's clock (the real one when absent), for what an element dates by "today".
 */
export function featureFixture({ handleNavigation = true, clock }: { handleNavigation?: boolean; clock?: Clock } = {}): FeatureFixture {
  const f = fault();
  const core = getCore(f.api, clock ? { clock } : {});
  cores.push(core);
  const navigations: string[] = [];
  const onNavigate = (event: Event) => {
    navigations.push((event as CustomEvent<{ path: string }>).detail.path);
    if (handleNavigation) event.preventDefault();
  };
  document.addEventListener('associa-navigate', onNavigate);
  listeners.push(() => document.removeEventListener('associa-navigate', onNavigate));
  return {
    f,
    core,
    navigations,
    place(tag, attributes = {}) {
      const element = document.createElement(tag);
      element.setAttribute('api', f.api);
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      const box = document.body.appendChild(document.createElement('div'));
      box.appendChild(element);
      placed.push(box);
      return element;
    },
    logIn(id = 1, name = 'Ana Conceição', role = 'admin') {
      core.tokens.set(tokenPair(id, name, role));
    },
  };
}

export function cleanupFeatures(): void {
  for (const element of placed.splice(0)) element.remove();
  for (const remove of listeners.splice(0)) remove();
  for (const core of cores.splice(0)) {
    core.tokens.clear();
    core.dispose();
  }
  localStorage.clear();
  sessionStorage.clear();
}

function root(element: Element): ShadowRoot {
  if (!element.shadowRoot) throw new Error(`${element.localName} has no open shadow root`);
  return element.shadowRoot;
}

/** The first match inside the element's shadow root, once rendered. */
export async function find<E extends Element = HTMLElement>(element: Element, selector: string, what = selector): Promise<E> {
  await waitUntil(() => element.shadowRoot?.querySelector(selector), `${what} never rendered in ${element.localName}`, { timeout: 4000 });
  return root(element).querySelector(selector) as E;
}

export function all<E extends Element = HTMLElement>(element: Element, selector: string): E[] {
  return [...root(element).querySelectorAll<E>(selector)];
}

/** The element's visible text (shadow root). */
export function text(element: Element): string {
  return root(element).textContent ?? '';
}

export async function waitForText(element: Element, expected: string, timeout = 4000): Promise<void> {
  await waitUntil(() => element.shadowRoot?.textContent?.includes(expected), `"${expected}" never shown in ${element.localName}: ${element.shadowRoot?.textContent ?? ''}`, { timeout });
}

/** The control a label names (Field ties them with for/id). */
export async function control<E extends HTMLElement = HTMLInputElement>(element: Element, label: string): Promise<E> {
  await waitUntil(
    () => all(element, 'label').some((l) => l.textContent?.replace(/\s*\*$/, '').trim() === label),
    `no field labelled "${label}" in ${element.localName}`,
    { timeout: 4000 },
  );
  const labelElement = all<HTMLLabelElement>(element, 'label').find((l) => l.textContent?.replace(/\s*\*$/, '').trim() === label)!;
  const target = labelElement.htmlFor ? root(element).getElementById(labelElement.htmlFor) : labelElement.querySelector('input, select, textarea');
  if (!target) throw new Error(`label "${label}" names no control`);
  return target as E;
}

/** Types into a React-controlled input (the native setter, then an input event). */
export function type(input: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The first button named `name` a user could press (buttons of a closed dialog are not). */
export async function button(element: Element, name: string): Promise<HTMLButtonElement> {
  const candidates = () => all<HTMLButtonElement>(element, 'button').filter((b) => b.textContent?.trim() === name && !b.closest('dialog:not([open])'));
  await waitUntil(() => candidates().length > 0, `no button "${name}" in ${element.localName}: ${element.shadowRoot?.textContent ?? ''}`, { timeout: 4000 });
  return candidates()[0]!;
}

export async function link(element: Element, name: string): Promise<HTMLAnchorElement> {
  await waitUntil(() => all(element, 'a').some((a) => a.textContent?.trim() === name), `no link "${name}" in ${element.localName}`, { timeout: 4000 });
  return all<HTMLAnchorElement>(element, 'a').find((a) => a.textContent?.trim() === name)!;
}

export { tokenPair };
