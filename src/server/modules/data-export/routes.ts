import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE, type DataExportDownload, type DataExportRun } from '../../../core/contract.js';
import { recordAudit } from '../../audit/record.js';
import type { AuthenticatedCaller } from '../../auth/caller.js';
import type { Db } from '../../db/database.js';
import { conflict, forbidden, notFound, unauthorized } from '../../errors.js';
import type { FileJobRequester, FileJobResult } from '../../jobs/file-job.js';
import type { Job } from '../../jobs/store.js';
import { signFileUrl } from '../../files/signed-urls.js';
import { parseId } from '../../resources/handlers.js';
import { exportRegistry, EXPORT_JOB, EXPORT_OWNER } from './job.js';
import { EXPORT_DOWNLOAD_DOC, EXPORT_LIST_DOC, EXPORT_START_DOC } from './route-docs.js';

const LAST_RUNS = 10;

function admin(request: FastifyRequest): AuthenticatedCaller {
  const { caller } = request;
  if (caller.kind === 'anonymous') throw unauthorized();
  if (caller.role !== ROLE.admin) throw forbidden('Só um administrador pode exportar todos os dados.');
  return caller;
}

const resultOf = (job: Pick<Job, 'state' | 'result'>): FileJobResult | null => (job.state === 'done' && job.result ? (JSON.parse(String(job.result)) as FileJobResult) : null);

async function runOf(db: Db, job: Job): Promise<DataExportRun> {
  const result = resultOf(job);
  const file = result ? await db.selectFrom('files').select('size').where('_id', '=', result.file).executeTakeFirst() : undefined;
  const user = job.requested_by === null ? undefined : await db.selectFrom('users').select('name').where('_id', '=', job.requested_by).executeTakeFirst();
  return {
    _id: Number(job._id),
    state: job.state,
    progress: Number(job.progress),
    total: job.total === null ? null : Number(job.total),
    requestedAt: String(job.created_at),
    finishedAt: job.finished_at === null ? null : String(job.finished_at),
    requestedBy: user ? String(user.name) : null,
    size: file ? Number(file.size) : null,
  };
}

/** POST /api/data_exports, GET /api/data_exports, GET /api/data_exports/{job}: administrators only, every start and address audited. */
export function dataExportRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;
  exportRegistry(ctx, app.registry);

  app.post('/data_exports', { config: { openapi: EXPORT_START_DOC } }, async (request, reply) => {
    const caller = admin(request);
    const by: FileJobRequester = { kind: caller.kind, id: caller.id };
    // The run and the audit entry that says who asked for it commit together.
    const job = await db.transaction().execute(async (trx) => {
      const queued = await app.jobs.enqueue(trx, { name: EXPORT_JOB, key: `${EXPORT_JOB}:${randomUUID()}`, payload: { by }, requestedBy: caller.kind === 'user' ? caller.id : null });
      await recordAudit(trx, { at: ctx.now(), actor: caller, address: request.ip ?? null, resource: EXPORT_OWNER, recordId: queued._id, action: 'export', changes: null });
      return queued;
    });
    app.jobs.wake();
    return reply.status(202).send({ data: { job: { _id: job._id, state: job.state } } });
  });

  app.get('/data_exports', { config: { openapi: EXPORT_LIST_DOC } }, async (request): Promise<{ data: DataExportRun[] }> => {
    admin(request);
    const jobs = await db.selectFrom('jobs').selectAll().where('name', '=', EXPORT_JOB).orderBy('_id', 'desc').limit(LAST_RUNS).execute();
    const data: DataExportRun[] = [];
    for (const job of jobs) data.push(await runOf(db, job));
    return { data };
  });

  app.get<{ Params: { job: string } }>('/data_exports/:job', { config: { openapi: EXPORT_DOWNLOAD_DOC } }, async (request): Promise<{ data: DataExportDownload }> => {
    const caller = admin(request);
    const id = parseId(request.params.job);
    const job = await db.selectFrom('jobs').selectAll().where('_id', '=', id).where('name', '=', EXPORT_JOB).executeTakeFirst();
    if (!job) throw notFound('Exportação não encontrada.');
    const result = resultOf(job);
    if (!result) throw conflict(job.state === 'failed' ? 'Esta exportação falhou: peça uma nova.' : 'Esta exportação ainda não terminou.');
    // Every administrator may download any export; each address given says who took the data away.
    const signed = await db.transaction().execute(async (trx) => {
      await recordAudit(trx, { at: ctx.now(), actor: caller, address: request.ip ?? null, resource: EXPORT_OWNER, recordId: id, action: 'download', changes: null });
      return signFileUrl(trx, result.file, caller, ctx.now());
    });
    return { data: signed };
  });
}
