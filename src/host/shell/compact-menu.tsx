import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing, space, token } from '../../widgets/kit/index.js';
import { COMPACT_NAV } from './styles.js';
import { SHELL_TEXTS } from './texts.js';

const Toggle = styled.button`
  display: none;
  align-items: center;
  gap: ${space(0.75)};
  padding: ${space(1)} ${space(1.25)};
  color: inherit;
  background: transparent;
  border: 1px solid rgba(255, 255, 255, 0.45);
  border-radius: ${token('radius')};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &[aria-expanded='true'] {
    background: rgba(255, 255, 255, 0.14);
  }
  ${focusRing}
  @media ${COMPACT_NAV} {
    display: inline-flex;
  }
`;

// Wide screens: no box of its own, the menu sits in the bar as before. Narrow ones: a full-width
// column under the bar, shown while the toggle is open; submenus open in place, not floating.
const Drawer = styled.div`
  display: contents;
  @media ${COMPACT_NAV} {
    display: none;
    order: 1;
    flex-basis: 100%;
    &[data-open='true'] {
      display: block;
    }
    ul {
      flex-direction: column;
      align-items: stretch;
    }
    ul ul {
      position: static;
      margin: ${space(0.5)} 0 0 ${space(2)};
      box-shadow: none;
    }
    a,
    button {
      width: 100%;
    }
  }
`;

function BurgerIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

/**
 * The main menu behind a 'Menu' button on narrow screens; on wide ones the button is hidden
 * and the menu shows inline. It stays open only on the page it was opened on (`location`): any
 * change of page closes it, whether by one of its links, the browser's back button or an
 * element's own navigation. Escape closes it too and gives the focus back to the button (a
 * submenu open inside it takes the first Escape itself).
 */
export function CompactMenu({ location, children }: { location: string; children: ReactNode }) {
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location;
  const setOpen = (next: boolean) => setOpenOn(next ? location : null);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || drawer.current?.querySelector('[aria-expanded="true"]')) return;
      setOpenOn(null);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const onClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
  };
  return (
    <>
      <Toggle ref={toggle} type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} data-menu="toggle">
        <BurgerIcon />
        {SHELL_TEXTS.menu}
      </Toggle>
      <Drawer ref={drawer} id={id} data-open={open} onClick={onClick}>
        {children}
      </Drawer>
    </>
  );
}
