import type { R2WCRenderer } from '@r2wc/core';
import type { ComponentType, JSX } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ElementFrame } from './element-frame.js';

/** The props r2wc hands the renderer: the component's attributes plus its own extras. */
export type RenderedProps<Props> = Props & { container?: HTMLElement; api?: string };

/** One element's React root, kept per shadow root so it outlives a move. */
export interface MountedElement<Props> {
  shadowRoot: ShadowRoot;
  Component: ComponentType<Props>;
  props: RenderedProps<Props>;
  root: Root | null;
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
  // Rendering only while attached: styled-components cannot insert into a detached root.
  if (!shadowRoot.host.isConnected) return;
  if (!element.root) {
    const mountPoint = document.createElement('div');
    mountPoint.setAttribute('part', 'root');
    shadowRoot.append(mountPoint);
    element.root = createRoot(mountPoint);
  }
  const { container: _container, api, ...attributes } = element.props;
  element.root.render(
    <ElementFrame host={shadowRoot.host as HTMLElement} shadowRoot={shadowRoot} api={api}>
      <Component {...(attributes as Props & JSX.IntrinsicAttributes)} />
    </ElementFrame>,
  );
}

function unmountNow<Props>(element: MountedElement<Props>): void {
  element.pendingUnmount = null;
  mounted.delete(element.shadowRoot);
  element.root?.unmount();
  element.root = null;
  // Drops the mount point and styled-components' style tags: a later mount starts clean.
  element.shadowRoot.replaceChildren();
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
        root: null,
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
