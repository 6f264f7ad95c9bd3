import { createElement, useEffect, useState } from 'react';
import styled from 'styled-components';
import { DEFAULT_API } from '../../core/index.js';
import { EmptyState, space } from '../../widgets/kit/index.js';

type LoadState = 'ready' | 'loading' | 'missing';
const loads = new Map<string, Promise<boolean>>();

/**
 * Loads /elements/{tag}.js once. Elements are separate entries of the build served by the
 * server, so the host does not bundle them: each page downloads only the elements it places,
 * and a server whose build lacks one says so instead of failing.
 */
function loadElement(tag: string): Promise<boolean> {
  if (customElements.get(tag)) return Promise.resolve(true);
  let load = loads.get(tag);
  if (!load) {
    const url = `/elements/${tag}.js`;
    load = import(/* @vite-ignore */ url).then(
      () => true,
      () => false,
    );
    loads.set(tag, load);
  }
  return load;
}

function useElement(tag: string): LoadState {
  const [state, setState] = useState<LoadState>(() => (customElements.get(tag) ? 'ready' : 'loading'));
  useEffect(() => {
    let live = true;
    void loadElement(tag).then((ok) => {
      if (live) setState(ok ? 'ready' : 'missing');
    });
    return () => {
      live = false;
    };
  }, [tag]);
  return state;
}

const Missing = styled.div`
  padding: ${space(2)} 0;
`;

export interface ElementSlotProps {
  tag: `associa-${string}`;
  /** Attributes as strings (booleans as 'true'), kebab-case as the element documents them. */
  attrs?: Record<string, string | undefined>;
}

/** Places a custom element by tag name; React 19 passes string props as attributes. */
export function ElementSlot({ tag, attrs = {} }: ElementSlotProps) {
  const state = useElement(tag);
  if (state === 'missing') {
    return (
      <Missing>
        <EmptyState message="Esta funcionalidade ainda não está disponível neste servidor." />
      </Missing>
    );
  }
  const defined = Object.fromEntries(Object.entries(attrs).filter(([, value]) => value !== undefined));
  // Rendered while loading too: the browser upgrades it when the definition arrives.
  return createElement(tag, { ...defined, api: DEFAULT_API });
}
