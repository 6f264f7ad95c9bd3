import { createHash } from 'node:crypto';

/** SHA-256 of the bytes, hex: what minutes_sha256 holds. */
export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
