import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AuthenticatedCaller } from '../auth/caller.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { coded } from '../errors.js';
import { insertFile } from '../files/records.js';
import { signFileUrl, type SignedFileUrl } from '../files/signed-urls.js';
import { parseId } from '../resources/handlers.js';
import type { Job } from './store.js';
import type { JobDefinition, JobRunContext } from './types.js';

// Jobs whose work is one file for whoever asked (a large download of treasury documents, a
// print run of cards): enqueued with the requester, run into the file store, and followed by
// the requester until it ends in the file's short-lived address.

/** Who asked for the file: only they read the job's state and get its address. */
export interface FileJobRequester {
  kind: AuthenticatedCaller['kind'];
  id: number;
}

/** What a file job's run leaves: the stored file and how many things (documents, cards) it holds. */
export interface FileJobResult {
  file: number;
  count: number;
}

export interface StoredOutput {
  name: string;
  contentType: string;
  by: FileJobRequester;
}

/**
 * Stores a made file (its bytes, or a stream never held whole) and answers the file's id; the
 * bytes are removed again if the row cannot be written. A run that died midway leaves a file no
 * row references, which the next attempt simply does not use.
 */
export async function storeOutput(ctx: Pick<ServerContext, 'files' | 'database' | 'now'>, content: Buffer | Readable, output: StoredOutput): Promise<number> {
  const store = ctx.files;
  const stored = Buffer.isBuffer(content)
    ? { key: await store.write(content), size: content.length, sha256: createHash('sha256').update(content).digest('hex') }
    : await store.writeStream(content);
  try {
    const file = await insertFile(ctx.database.db, { originalName: output.name, contentType: output.contentType, size: stored.size, sha256: stored.sha256, storageKey: stored.key, uploadedBy: output.by, at: ctx.now() });
    return file._id;
  } catch (error) {
    await store.remove(stored.key);
    throw error;
  }
}

/** A file job: `make` does the work for the payload (reporting progress) and answers the stored file. */
export function fileJob<P extends { by: FileJobRequester }>(definition: { name: string; label: string; make(run: JobRunContext, payload: P): Promise<FileJobResult> }): JobDefinition {
  return { name: definition.name, label: definition.label, maxAttempts: 2, run: (run) => definition.make(run, run.payload as P) };
}

/** Enqueues a file job for `caller` (the payload gains `by`) and wakes the worker; answers the job. */
export async function enqueueFileJob(app: FastifyInstance, name: string, caller: AuthenticatedCaller, payload: Record<string, unknown>): Promise<Job> {
  const by: FileJobRequester = { kind: caller.kind, id: caller.id };
  const job = await app.jobs.enqueue(app.ctx.database.db, { name, key: `${name}:${randomUUID()}`, payload: { ...payload, by }, requestedBy: caller.kind === 'user' ? caller.id : null });
  app.jobs.wake();
  return job;
}

export interface FileJobState {
  state: string;
  progress: number;
  total: number | null;
  url?: string;
  expiresAt?: string;
  count?: number;
}

/**
 * GET .../{job}: the state and progress of a file job of this name that `caller` asked for, and
 * once done the file's short-lived address (for them only). Anyone else's, or none: a 404 with
 * `notFoundMessage`.
 */
export async function fileJobState(db: Db, now: number, caller: AuthenticatedCaller, name: string, jobParam: string, notFoundMessage: string): Promise<FileJobState> {
  const id = parseId(jobParam);
  const job = await db.selectFrom('jobs').selectAll().where('_id', '=', id).where('name', '=', name).executeTakeFirst();
  const by = job ? (JSON.parse(String(job.payload)) as { by?: FileJobRequester }).by : undefined;
  if (!job || by?.kind !== caller.kind || by.id !== caller.id) throw coded(404, 'not_found', notFoundMessage);
  const result = job.state === 'done' && job.result ? (JSON.parse(String(job.result)) as FileJobResult) : null;
  const signed: SignedFileUrl | null = result ? await signFileUrl(db, result.file, caller, now) : null;
  return {
    state: String(job.state),
    progress: Number(job.progress),
    total: job.total === null ? null : Number(job.total),
    ...(result && signed ? { ...signed, count: result.count } : {}),
  };
}
