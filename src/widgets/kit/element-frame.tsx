import { StrictMode, useMemo, type ReactNode } from 'react';
import { StyleSheetManager } from 'styled-components';
import { ElementContext, type ElementContextValue } from './element-context.js';
import { ElementErrorBoundary } from './element-error-boundary.js';
import { HostStyle } from './host-style.js';

interface ElementFrameProps {
  host: HTMLElement;
  shadowRoot: ShadowRoot;
  api: string | undefined;
  children: ReactNode;
}

/** What wraps every element's component: its styles, its context, its error fallback. */
export function ElementFrame({ host, shadowRoot, api, children }: ElementFrameProps) {
  const context = useMemo<ElementContextValue>(() => ({ host, api }), [host, api]);
  return (
    <StrictMode>
      {/* Styles go into this element's shadow root, not document.head where they would not
          apply. Text-node injection rather than CSSOM: a CSSOM sheet does not exist while
          the style tag is detached, and an element may re-render in the short time between
          its removal and its deferred unmount. */}
      <StyleSheetManager target={shadowRoot} disableCSSOMInjection>
        <ElementContext.Provider value={context}>
          <HostStyle />
          <ElementErrorBoundary>{children}</ElementErrorBoundary>
        </ElementContext.Provider>
      </StyleSheetManager>
    </StrictMode>
  );
}
