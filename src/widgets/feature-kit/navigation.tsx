import { useCallback, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import styled from 'styled-components';
import { focusRing, token, useApiBase, useElementEvents } from '../kit/index.js';
import { appHref } from './paths.js';

/**
 * Asks the page to go to `path` with an `associa-navigate` event.
 * @returns true when a listener (the host's router) handled it.
 */
export function useNavigate(): (path: string, replace?: boolean, state?: Record<string, unknown>) => boolean {
  const dispatch = useElementEvents();
  return useCallback((path, replace, state) => !dispatch('associa-navigate', { path, ...(replace ? { replace } : {}), ...(state ? { state } : {}) }), [dispatch]);
}

const Anchor = styled.a`
  color: ${token('color-primary')};
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 2px;
  border-radius: 2px;
  &:hover {
    text-decoration-thickness: 2px;
  }
  ${focusRing}
`;

interface NavLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  path: string;
}

/**
 * A real link (middle click, copy address, screen readers) that the host's router takes over
 * on a plain click; on a page without a router the browser follows it.
 */
export function NavLink({ path, onClick, ...rest }: NavLinkProps) {
  const navigate = useNavigate();
  const href = appHref(useApiBase(), path);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (navigate(path)) event.preventDefault();
  };
  return <Anchor href={href} onClick={follow} {...rest} />;
}

/** A link to another site or document (the API description), opened in a new tab. */
export function ExternalLink(props: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <Anchor target="_blank" rel="noopener noreferrer" {...props} />;
}
