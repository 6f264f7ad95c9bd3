import styled from 'styled-components';
import { space, token } from '../../widgets/kit/index.js';
import { focusPageHeading } from './route-focus.js';
import { SHELL_TEXTS } from './texts.js';

// Off-screen until focused: keyboard users meet it first, everyone else never sees it.
const Link = styled.a`
  position: absolute;
  top: ${space(1)};
  left: ${space(1)};
  z-index: 200;
  padding: ${space(1)} ${space(2)};
  color: ${token('color-primary-contrast')};
  background: ${token('color-primary')};
  border-radius: ${token('radius')};
  font-weight: 600;
  transform: translateY(-200%);
  &:focus {
    transform: none;
    outline: 3px solid ${token('color-focus')};
    outline-offset: 2px;
    box-shadow: 0 0 0 2px ${token('color-primary-contrast')};
  }
`;

/** 'Saltar para o conteúdo': the shell's first tab stop, to the page heading past the menus. */
export function SkipLink({ target }: { target: string }) {
  return (
    <Link
      href={`#${target}`}
      data-skip-link
      onClick={(event) => {
        // The router owns the address: no fragment in it, focus moves by hand.
        event.preventDefault();
        const main = document.getElementById(target);
        if (main) focusPageHeading(main);
      }}
    >
      {SHELL_TEXTS.skipToContent}
    </Link>
  );
}
