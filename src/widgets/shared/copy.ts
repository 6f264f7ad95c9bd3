// Shared by the elements that hand over a text to paste elsewhere (an API secret, a payment link).
/**
 * Copies text to the clipboard. The async Clipboard API needs a secure context and the
 * page's permission; the older selection copy covers plain-HTTP installations.
 */
export async function copyText(text: string, fallbackInput: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, no focus): try the selection below.
  }
  if (!fallbackInput) return false;
  fallbackInput.focus();
  fallbackInput.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
