import type { R2WCRenderer } from '@r2wc/core';
import type { ComponentType, JSX } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { adoptStyles, type AdoptedStyles } from './adopted-styles.js';
import { ElementFrame } from './element-frame.js';

/** The props r2wc hands the renderer: the component's attributes plus its own extras. */
export type RenderedProps<Props> = Props & { container?: HTMLElement; api?: string };

/** One element's React root, kept per shadow root so it outlives a move. */
export interface MountedElement<Props> {
  shadowRoot: ShadowRoot;
  Component: ComponentType<Props>;
  props: RenderedProps<Props>;
  /** The React root and the shadow root's adopted styles, from the first paint to the unmount. */
  live: { root: Root; styles: AdoptedStyles } | null;
  pendingUnmount: ReturnType<typeof setTimeout> | null;
}

/**
 * How long after leaving the document an element's React tree is unmounted. r2wc calls
 * unmount from disconnectedCallback, which runs when the element is moved as well as when
 * it is removed, and which may run while React is committing a parent tree (a route
 * change): unmounting synchronously there makes React warn, and would lose state on a move.
 */
export const UNMOUNT_DELAY_MS = 0;

const mounted = new WeakMap<ShadowRoot, MountedElement<unknown>>();

function paint<Props>(element: MountedElement<Props>): void {
  const { shadowRoot, Component } = element;
  // Rendering only while attached: r2wc asks before the element is in a page, and a moved
  // element is briefly detached.
  if (!shadowRoot.host.isConnected) return;
  if (!element.live) {
    const mountPoint = document.createElement('div');
    mountPoint.setAttribute('part', 'root');
    shadowRoot.append(mountPoint);
    element.live = { root: createRoot(mountPoint), styles: adoptStyles(shadowRoot) };
  }
  const { root, styles } = element.live;
  const { container: _container, api, ...attributes } = element.props;
  root.render(
    <ElementFrame host={shadowRoot.host as HTMLElement} styleTarget={styles.target} api={api}>
      <Component {...(attributes as Props & JSX.IntrinsicAttributes)} />
    </ElementFrame>,
  );
}

function unmountNow<Props>(element: MountedElement<Props>): void {
  element.pendingUnmount = null;
  mounted.delete(element.shadowRoot);
  const live = element.live;
  element.live = null;
  live?.root.unmount();
  // Drops the mount point and the element's rules: a later mount starts clean.
  element.shadowRoot.replaceChildren();
  live?.styles.dispose();
}

function shadowRootOf(container: HTMLElement): ShadowRoot {
  // defineElement always asks r2wc for a shadow root, which r2wc passes as the container.
  if (!(container instanceof ShadowRoot)) throw new Error('Associa elements render in a shadow root.');
  return container;
}

/**
 * An r2wc renderer that renders only while the element is attached and defers unmounting,
 * so an element moved within the page keeps its React state.
 */
export function createElementRenderer<Props>(): R2WCRenderer<RenderedProps<Props>, MountedElement<Props>> {
  return {
    mount(container, Component, props) {
      const shadowRoot = shadowRootOf(container);
      const returning = mounted.get(shadowRoot) as unknown as MountedElement<Props> | undefined;
      if (returning) {
        // Moved: disconnected and connected again before the deferred unmount ran.
        if (returning.pendingUnmount !== null) clearTimeout(returning.pendingUnmount);
        returning.pendingUnmount = null;
        returning.props = props;
        paint(returning);
        return returning;
      }
      const element: MountedElement<Props> = {
        shadowRoot,
        Component: Component as ComponentType<Props>,
        props,
        live: null,
        pendingUnmount: null,
      };
      mounted.set(shadowRoot, element as unknown as MountedElement<unknown>);
      paint(element);
      return element;
    },
    update(element, props) {
      element.props = props;
      paint(element);
    },
    unmount(element) {
      if (element.pendingUnmount !== null) clearTimeout(element.pendingUnmount);
      element.pendingUnmount = setTimeout(() => unmountNow(element), UNMOUNT_DELAY_MS);
    },
  };
}
