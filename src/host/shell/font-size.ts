import { useEffect } from 'react';
import { useHost, useValue } from '../context.js';

/** SPEC 5: the chosen font size (12 to 19 px) is the document's root size; rem units follow it. */
export function useRootFontSize() {
  const { core } = useHost();
  const size = useValue(core.preferences.fontSize);
  useEffect(() => {
    document.documentElement.style.fontSize = `${size}px`;
  }, [size]);
}
