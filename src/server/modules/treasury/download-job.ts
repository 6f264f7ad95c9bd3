import { PassThrough } from 'node:stream';
import type { JobDefinition } from '../../jobs/types.js';
import { insertFile } from '../../files/records.js';
import { fileStore } from '../../files/store.js';
import { writeDownloadZip } from './download.js';

export const DOWNLOAD_JOB = 'treasury.download';

interface DownloadPayload {
  ids: number[];
  inBlocks: boolean;
  by: { kind: 'user' | 'apiKey'; id: number };
}

/**
 * A large download's zip, made in the background with its progress on the jobs topic and
 * streamed into the file store (100,000 documents never sit in memory); GET
 * /treasury_docs/download/{job} answers its short-lived address. A retry makes the zip again:
 * the file of a run that died midway is simply never referenced.
 */
export const downloadJob: JobDefinition = {
  name: DOWNLOAD_JOB,
  label: 'Descarga de documentos de tesouraria',
  maxAttempts: 2,
  async run({ ctx, payload, progress }) {
    const { ids, inBlocks, by } = payload as DownloadPayload;
    const out = new PassThrough();
    const store = fileStore(ctx.config.dataDir);
    const [stored] = await Promise.all([store.writeStream(out), writeDownloadZip(ctx.database.db, ctx, { ids, inBlocks, onProgress: progress }, out)]);
    try {
      const file = await insertFile(ctx.database.db, { originalName: 'documentos-tesouraria.zip', contentType: 'application/zip', size: stored.size, sha256: stored.sha256, storageKey: stored.key, uploadedBy: by, at: ctx.now() });
      return { file: file._id, count: ids.length };
    } catch (error) {
      await store.remove(stored.key);
      throw error;
    }
  },
};
