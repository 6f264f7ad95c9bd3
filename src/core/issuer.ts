// What a receipt needs to name its issuer that the organisation's settings may lack: its NIF
// (setting orgNif) and address (orgAddress). The treasury settings page and the page that
// issues documents warn while either is empty; issuing goes on regardless (a receipt frozen
// without them stays so). Plain code without imports, so the server may import it.

/** The settings a receipt's letterhead reads beside the organisation's name. */
export const ISSUER_SETTINGS = { nif: 'orgNif', address: 'orgAddress' } as const;

/** The pt-PT warning while the issuer's NIF or address is empty, or null when both are filled in. */
export function missingIssuerWarning(nif: string | null | undefined, address: string | null | undefined): string | null {
  const noNif = !nif?.trim();
  const noAddress = !address?.trim();
  if (!noNif && !noAddress) return null;
  const [what, them, it] = noNif && noAddress ? ['Faltam o NIF e a morada', 'eles', 'os'] : noNif ? ['Falta o NIF', 'ele', 'o'] : ['Falta a morada', 'ela', 'a'];
  return `${what} da organização. Um recibo emitido sem ${them} fica assim para sempre: preencha-${it} na configuração da organização antes de emitir.`;
}
