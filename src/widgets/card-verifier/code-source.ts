/**
 * The code a page gives the verifier in its own address, when the element has no `code`
 * attribute: `?codigo=…` or `#codigo=…` (a fragment is sent to no server, not even the
 * association's own site).
 */
export function codeFromPage(): string | null {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get('codigo');
  return fromHash || new URLSearchParams(location.search).get('codigo') || null;
}

/** 'AAAA-MM-DD' as a Portuguese reader writes it. */
export const day = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
