/**
 * `Content-Disposition` for a stored file: images open in the page, anything else downloads.
 * The name goes both as plain ASCII (older clients) and UTF-8 encoded (RFC 6266 / 8187), so
 * accents survive and no quote or line break of the name can break the header.
 */
export function contentDisposition(originalName: string, contentType: string): string {
  const disposition = contentType.startsWith('image/') ? 'inline' : 'attachment';
  const ascii = originalName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(originalName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
