import { createHash } from 'node:crypto';

export const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

/**
 * What a document's link in its series' chain covers (treasury_docs.chain_version):
 * 1, documents issued before decision 0054: its snapshot, its PDF's hash and the previous link,
 *    the PDF drawn inside the issuing transaction;
 * 2, since: its snapshot and the previous link. The snapshot is the document's content, fixed at
 *    issue; the PDF is drawn from it after the commit and its hash recorded then, checked
 *    against the stored file on its own.
 */
export const CHAIN_WITH_PDF = 1;
export const CHAIN_OF_SNAPSHOT = 2;

/**
 * A version 1 link: the snapshot as stored, the PDF's hash and the previous document's link.
 * Changing any of them, in any earlier document, breaks every link after.
 */
export const chainHash = (snapshotText: string, pdfSha256: string, previous: string | null): string => sha256(`${snapshotText}\n${pdfSha256}\n${previous ?? ''}`);

/**
 * A version 2 link: the snapshot as stored and the previous document's link. The leading "v2"
 * keeps it from ever equalling a version 1 link of other inputs (a snapshot is JSON, "{...").
 */
export const snapshotChainHash = (snapshotText: string, previous: string | null): string => sha256(`v2\n${snapshotText}\n${previous ?? ''}`);
