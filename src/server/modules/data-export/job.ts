import { PassThrough } from 'node:stream';
import { ROLE } from '../../../core/contract.js';
import type { Caller } from '../../auth/caller.js';
import type { ServerContext } from '../../context.js';
import { claimFile } from '../../files/records.js';
import { fileJob, storeOutput, type FileJobRequester } from '../../jobs/file-job.js';
import type { Registry } from '../../resources/registry.js';
import { zipWriter } from '../../zip/writer.js';
import { MANIFEST_FORMAT, type ExportManifest } from './manifest.js';
import { countRows, exportableResources, exportResource } from './resources.js';
import { exportFiles, measureFiles } from './stored-files.js';

export const EXPORT_JOB = 'data.export';
/** What an export's zip is held by, and what the audit trail names exports by: no resource of the API (the export is of them all). */
export const EXPORT_OWNER = 'data_exports';

export interface ExportPayload {
  by: FileJobRequester;
}

/**
 * Each server's registry, by its context: a job kind is declared before any server exists, so
 * the module's routes hand it the resources of the server they are registered in.
 */
const registries = new WeakMap<ServerContext, Registry>();
export const exportRegistry = (ctx: ServerContext, registry: Registry): void => {
  registries.set(ctx, registry);
};

/**
 * Whoever asked, as an administrator: only administrators may ask (routes.ts), and the export
 * holds what an administrator reads through the API, field by field (decision 0029).
 */
const exporter = (by: FileJobRequester): Caller => ({ kind: by.kind, id: by.id, name: '', role: ROLE.admin, memberId: null });

/** `associa-{day}.zip` in the organisation's day. */
const zipName = (now: number) => `associa-exportacao-${new Date(now).toISOString().slice(0, 10)}.zip`;

/**
 * The whole export (decision 0047): every resource an administrator reads as CSV and JSON, the
 * stored files read through the server's file store (`ctx.files`, whichever it is; a file whose
 * bytes are gone is named in the manifest's `files.missing`, the run goes on), and a manifest with counts and hashes, streamed into the file store. Its
 * progress counts rows (twice: the CSV and the JSON) and files. A retry makes it again.
 */
export const exportJob = fileJob<ExportPayload>({
  name: EXPORT_JOB,
  label: 'Exportação de todos os dados',
  async make({ ctx, db, job, progress }, { by }) {
    const registry = registries.get(ctx);
    if (!registry) throw new Error('The data export runs only in a server that registered its routes.');
    const caller = exporter(by);
    const startedAt = ctx.now();
    const resources = exportableResources(registry.resources, caller);
    for (const resource of resources) await resource.beforeRead?.(db, startedAt);
    const files = await measureFiles(db);
    let total = files.count + 1;
    for (const resource of resources) total += 2 * (await countRows(db, resource));
    let done = 0;
    const advance = async (units: number) => {
      done += units;
      // Rows added while the export runs may take it past the count made at the start.
      total = Math.max(total, done + 1);
      await progress(done, total);
    };
    await progress(0, total);

    const out = new PassThrough();
    const zip = zipWriter(out, { modified: new Date(startedAt) });
    const stored = storeOutput(ctx, out, { name: zipName(startedAt), contentType: 'application/zip', by });
    const manifest: ExportManifest = { format: MANIFEST_FORMAT, createdAt: new Date(startedAt).toISOString(), engine: ctx.database.engine, resources: [], files: { count: 0, bytes: 0, csv: '', json: '', missing: [] }, entries: [] };
    try {
      for (const resource of resources) {
        const written = await exportResource(zip, db, resource, caller, advance);
        manifest.resources.push(written.resource);
        manifest.entries.push(...written.entries);
      }
      const kept = await exportFiles(zip, db, ctx.files, () => advance(1));
      manifest.files = kept.files;
      manifest.entries.push(...kept.entries);
      const last = zip.entry('manifest.json', true);
      await last.write(`${JSON.stringify(manifest, null, 2)}\n`);
      await last.end();
      await zip.end();
    } catch (error) {
      zip.abort(error as Error);
      out.destroy(error as Error);
      await stored.catch(() => undefined);
      throw error;
    }
    const file = await stored;
    // Held by the export: GET /api/files/{id}/url gives its address to administrators only.
    await claimFile(db, file, { resource: EXPORT_OWNER, record: job._id, field: 'file' }, ctx.now());
    await progress(total, total);
    return { file, count: manifest.resources.reduce((sum, r) => sum + r.count, 0) + manifest.files.count };
  },
});
