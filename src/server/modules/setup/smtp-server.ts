// How the checklist and the read-only setting mailServer name the server's SMTP: host and port only.

/** host:port of an SMTP URL, never its user or password. */
export function smtpServerOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    const port = parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587');
    return `${parsed.hostname}:${port}`;
  } catch {
    return null;
  }
}
