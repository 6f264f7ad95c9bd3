import { StrictMode, useMemo, type ReactNode } from 'react';
import { StyleSheetManager } from 'styled-components';
import { ElementContext, type ElementContextValue } from './element-context.js';
import { ElementErrorBoundary } from './element-error-boundary.js';
import { HostStyle } from './host-style.js';

interface ElementFrameProps {
  host: HTMLElement;
  /** Where styled-components writes this element's rules (see adoptStyles). */
  styleTarget: HTMLElement | ShadowRoot;
  api: string | undefined;
  children: ReactNode;
}

/** What wraps every element's component: its styles, its context, its error fallback. */
export function ElementFrame({ host, styleTarget, api, children }: ElementFrameProps) {
  const context = useMemo<ElementContextValue>(() => ({ host, api }), [host, api]);
  return (
    <StrictMode>
      {/* Styles reach this element's shadow root, not document.head where they would not
          apply, through a sheet the shadow root adopts (allowed by strict style policies).
          Text-node injection: the CSSOM mode needs a <style> element the document accepts. */}
      <StyleSheetManager target={styleTarget} disableCSSOMInjection>
        <ElementContext.Provider value={context}>
          <HostStyle />
          <ElementErrorBoundary>{children}</ElementErrorBoundary>
        </ElementContext.Provider>
      </StyleSheetManager>
    </StrictMode>
  );
}
