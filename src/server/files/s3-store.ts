import type { S3Config } from '../config.js';
import type { FileStore } from './store.js';

/** Files in an S3 bucket. A placeholder until the S3 store is written: choosing it fails at start. */
export function s3FileStore(config: S3Config): FileStore {
  void config;
  throw new Error('S3 store not available yet');
}
