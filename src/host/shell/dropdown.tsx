import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusables, focusRing, moveFocus, space, token } from '../../widgets/kit/index.js';

const Wrap = styled.div`
  position: relative;
`;

const NavButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  padding: ${space(1)} ${space(0.75)};
  white-space: nowrap;
  color: inherit;
  background: transparent;
  border: 0;
  border-radius: ${token('radius')};
  font: inherit;
  font-weight: 550;
  cursor: pointer;
  &:hover,
  &[aria-expanded='true'] {
    background: rgba(255, 255, 255, 0.14);
  }
  ${focusRing}
`;

const Menu = styled.ul<{ $align: 'left' | 'right' }>`
  position: absolute;
  top: calc(100% + 4px);
  ${({ $align }) => ($align === 'right' ? 'right: 0;' : 'left: 0;')}
  z-index: 30;
  min-width: 12rem;
  margin: 0;
  padding: ${space(0.5)} 0;
  list-style: none;
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  box-shadow: 0 8px 24px rgba(15, 23, 42, 0.16);
  a {
    display: block;
    padding: ${space(1)} ${space(2)};
    color: ${token('color-text')};
    text-decoration: none;
    white-space: nowrap;
  }
  a:hover,
  a:focus-visible {
    background: ${token('color-surface')};
  }
  a:focus {
    outline: none;
  }
  a:focus-visible {
    outline: 3px solid ${token('color-focus')};
    outline-offset: -3px;
  }
`;

const Caret = styled.span`
  font-size: 0.7em;
  opacity: 0.8;
`;

interface DropdownProps {
  label: ReactNode;
  /** Accessible name when the label is not plain text. */
  ariaLabel?: string;
  align?: 'left' | 'right';
  /** One <li> per entry; a click on any of them closes the menu. */
  children: ReactNode;
}

/** Which entry takes the focus when the menu opens from the keyboard. */
type Entry = 'first' | 'last' | null;

/**
 * A disclosure menu of links (WAI-ARIA APG navigation disclosure): Down or Up on the button
 * opens it on the first or last entry, the arrow keys, Home and End move between entries,
 * Escape closes it and returns focus to the button, and leaving it (Tab, a click outside)
 * closes it.
 */
export function Dropdown({ label, ariaLabel, align = 'left', children }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const [entry, setEntry] = useState<Entry>(null);
  const id = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const links = () => focusables(menu.current, 'a[href]');

  useEffect(() => {
    if (!open || entry === null) return;
    const items = links();
    (entry === 'first' ? items[0] : items[items.length - 1])?.focus();
    setEntry(null);
  }, [open, entry]);

  const onButtonKey = (event: ReactKeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(true);
    setEntry(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onFocus = (event: FocusEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  return (
    <Wrap ref={wrap}>
      <NavButton ref={button} aria-expanded={open} aria-controls={id} aria-label={ariaLabel} onClick={() => setOpen((o) => !o)} onKeyDown={onButtonKey}>
        {label}
        <Caret aria-hidden="true">▼</Caret>
      </NavButton>
      {open && (
        <Menu ref={menu} id={id} $align={align} onClick={() => setOpen(false)} onKeyDown={(event) => moveFocus(event, links())}>
          {children}
        </Menu>
      )}
    </Wrap>
  );
}
