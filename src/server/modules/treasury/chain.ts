import { createHash } from 'node:crypto';

export const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

/**
 * A document's link in its series' chain: its snapshot as stored, its PDF's hash and the
 * previous document's link. Changing any of them, in any earlier document, breaks every link after.
 */
export const chainHash = (snapshotText: string, pdfSha256: string, previous: string | null): string => sha256(`${snapshotText}\n${pdfSha256}\n${previous ?? ''}`);
