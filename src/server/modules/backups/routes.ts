// GET /api/backups/status and POST /api/backups/run: the data page's backups, for administrators.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE } from '../../../core/contract.js';
import { BACKUP_JOB, BACKUP_RUN_PATH, BACKUP_STATUS_PATH, type BackupStatusAnswer } from '../../../core/backup-status.js';
import type { AuthenticatedCaller } from '../../auth/caller.js';
import { recordAudit } from '../../audit/record.js';
import { forbidden, unauthorized } from '../../errors.js';
import { objectSchema, type JsonSchema, type RouteDoc } from '../../openapi/route-doc.js';
import { backupStatus } from './status.js';

const string = { type: 'string' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const SUMMARY: JsonSchema = {
  oneOf: [
    { type: 'null' },
    objectSchema({
      file: { ...string, description: 'O ficheiro da cópia' },
      state: { type: 'string', enum: ['ok', 'failed'], description: 'ok: escrita e verificada; failed: falhou (ver problem)' },
      size: { type: 'integer', description: 'Bytes' },
      tables: { type: 'integer' },
      rows: { type: 'integer', description: 'Linhas de todas as tabelas' },
      files: { type: 'integer', description: 'Ficheiros guardados (fotografias, documentos, PDF)' },
      problem: { ...nullableString, description: 'O que falhou' },
      finishedAt: { type: 'string', format: 'date-time' },
      removed: { type: 'boolean', description: 'Apagada pela rotação' },
    }),
  ],
};

const STATUS_DOC: RouteDoc = {
  tags: ['Cópias de segurança'],
  summary: 'Estado das cópias de segurança',
  description: 'A última cópia de segurança, a última boa (escrita e verificada), se esta tem mais de um dia (stale), onde são guardadas e quando corre a próxima. Só para administradores.',
  responses: {
    200: {
      description: 'O estado',
      schema: objectSchema({
        data: objectSchema({
          directory: string,
          last: SUMMARY,
          lastGood: SUMMARY,
          stale: { type: 'boolean' },
          running: { type: 'boolean', description: 'Há uma cópia em fila ou a decorrer' },
          nextRun: { ...nullableString, format: 'date-time' },
        }),
      }),
    },
  },
  errors: [401, 403],
};

const RUN_DOC: RouteDoc = {
  tags: ['Cópias de segurança'],
  summary: 'Fazer cópia agora',
  description: 'Põe em fila uma cópia de segurança (a tarefa backups.run), que é escrita, verificada e registada como as diárias. Só para administradores.',
  responses: { 202: { description: 'A tarefa em fila', schema: objectSchema({ data: objectSchema({ job: objectSchema({ _id: { type: 'integer' }, state: string, name: string }) }) }) } },
  errors: [401, 403],
};

function admin(request: FastifyRequest): AuthenticatedCaller {
  const { caller } = request;
  if (caller.kind === 'anonymous') throw unauthorized();
  if (caller.role !== ROLE.admin) throw forbidden('Só os administradores podem ver e fazer cópias de segurança.');
  return caller;
}

export function backupRoutes(app: FastifyInstance): void {
  app.get(`/${BACKUP_STATUS_PATH}`, { config: { openapi: STATUS_DOC } }, async (request): Promise<BackupStatusAnswer> => {
    admin(request);
    return { data: await backupStatus(app.ctx, app.jobs) };
  });

  app.post(`/${BACKUP_RUN_PATH}`, { config: { openapi: RUN_DOC } }, async (request, reply) => {
    const caller = admin(request);
    const now = app.ctx.now();
    const at = new Date(now).toISOString();
    const requestedBy = caller.kind === 'user' ? caller.id : null;
    const job = await app.ctx.database.db.transaction().execute(async (trx) => {
      const row = await app.jobs.enqueue(trx, { name: BACKUP_JOB, key: `${BACKUP_JOB}:manual:${at}`, payload: { at }, requestedBy });
      await recordAudit(trx, { at: now, actor: caller, address: request.ip ?? null, resource: 'backups', recordId: Number(row._id), action: 'run', changes: null });
      return row;
    });
    app.jobs.wake();
    return reply.code(202).send({ data: { job: { _id: Number(job._id), state: job.state, name: job.name } } });
  });
}
