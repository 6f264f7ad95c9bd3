import type { FastifyInstance } from 'fastify';
import type { JobScheduleEntry } from '../../core/contract.js';
import { forbidden, unauthorized } from '../errors.js';
import type { RouteDoc } from '../openapi/route-doc.js';

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });

const SCHEDULE_DOC: RouteDoc = {
  tags: ['Tarefas'],
  summary: 'Agenda das tarefas',
  description: 'Cada tarefa declarada, com o seu agendamento (padrão cron, hora de Lisboa), a próxima execução e a última. Só para administradores.',
  responses: {
    200: {
      description: 'As tarefas declaradas',
      schema: {
        type: 'object',
        required: ['data'],
        properties: {
          data: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'label', 'schedule', 'nextRun', 'problem', 'lastRun'],
              properties: {
                name: { type: 'string' },
                label: { type: 'string' },
                schedule: nullable('string', { description: 'Padrão cron; null: só a pedido' }),
                nextRun: nullable('string', { format: 'date-time' }),
                problem: nullable('string', { description: 'Porque o agendamento não pode ser usado' }),
                lastRun: {
                  oneOf: [
                    { type: 'null' },
                    {
                      type: 'object',
                      required: ['id', 'state', 'runAt', 'finishedAt', 'error'],
                      properties: {
                        id: { type: 'integer' },
                        state: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
                        runAt: { type: 'string', format: 'date-time' },
                        finishedAt: nullable('string', { format: 'date-time' }),
                        error: nullable('string'),
                      },
                    },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
  errors: [401, 403],
};

/** GET /api/jobs/schedule (register with prefix /api): the administrators' view of what runs when. */
export async function jobsRoutes(app: FastifyInstance) {
  app.get('/jobs/schedule', { config: { openapi: SCHEDULE_DOC } }, async (request): Promise<{ data: JobScheduleEntry[] }> => {
    const { caller } = request;
    if (caller.kind === 'anonymous') throw unauthorized();
    if (caller.role !== 'admin') throw forbidden('Só os administradores podem ver as tarefas.');
    return { data: await app.jobs.schedule() };
  });
}
