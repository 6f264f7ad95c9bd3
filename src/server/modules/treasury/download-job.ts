import { PassThrough } from 'node:stream';
import { fileJob, storeOutput } from '../../jobs/file-job.js';
import type { FileJobRequester } from '../../jobs/file-job.js';
import { writeDownloadZip } from './download.js';

export const DOWNLOAD_JOB = 'treasury.download';

interface DownloadPayload {
  ids: number[];
  inBlocks: boolean;
  by: FileJobRequester;
}

/**
 * A large download's zip, made in the background with its progress on the jobs topic and
 * streamed into the file store (100,000 documents never sit in memory); GET
 * /treasury_docs/download/{job} answers its short-lived address. A retry makes the zip again.
 */
export const downloadJob = fileJob<DownloadPayload>({
  name: DOWNLOAD_JOB,
  label: 'Descarga de documentos de tesouraria',
  async make({ ctx, progress }, { ids, inBlocks, by }) {
    const out = new PassThrough();
    const [file] = await Promise.all([
      storeOutput(ctx, out, { name: 'documentos-tesouraria.zip', contentType: 'application/zip', by }),
      writeDownloadZip(ctx.database.db, ctx, { ids, inBlocks, onProgress: progress }, out),
    ]);
    return { file, count: ids.length };
  },
});
