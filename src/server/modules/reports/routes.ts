import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REPORT_NAMES } from '../../../core/contract.js';
import { isStaff, type Caller } from '../../auth/caller.js';
import type { Db } from '../../db/database.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors.js';
import { objectSchema, type RouteDoc } from '../../openapi/route-doc.js';
import { readSetting } from '../../settings/read.js';
import { REPORTS, type ReportDefinition } from './definitions.js';
import { MAX_REPORT_YEARS, REPORT_YEARS, parseReportParams } from './params.js';
import { runReport } from './run.js';

type Query = Record<string, string | string[] | undefined>;
const TAGS = ['Relatórios'];
const ACCESS = 'Para administradores e editores (e chaves de API com esses papéis), numa associação (orgType association); numa cooperativa, 404.';

const QUERY: RouteDoc['query'] = {
  asOf: { type: 'string', format: 'date', description: 'Data de referência (AAAA-MM-DD, não futura); por omissão, hoje' },
  from: { type: 'integer', minimum: REPORT_YEARS.min, maximum: REPORT_YEARS.max, description: 'Primeiro ano do intervalo' },
  to: { type: 'integer', minimum: REPORT_YEARS.min, maximum: REPORT_YEARS.max, description: `Último ano do intervalo (por omissão, o da data de referência; no máximo ${MAX_REPORT_YEARS} anos)` },
};

const docOf = (report: ReportDefinition): RouteDoc => ({
  tags: TAGS,
  summary: report.title,
  description: `${report.basis} ${ACCESS}`,
  query: QUERY,
  responses: {
    200: {
      description: report.title,
      schema: objectSchema({
        data: objectSchema({ asOf: { type: 'string', format: 'date' }, from: { type: 'integer' }, to: { type: 'integer' }, basis: { type: 'string' }, ...report.schema }),
      }),
    },
  },
  errors: [400, 401, 403, 404],
});

const UNKNOWN_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Relatório desconhecido',
  description: `Um nome que não é um dos relatórios (${REPORT_NAMES.join(', ')}): 400. ${ACCESS}`,
  responses: {},
  errors: [400, 401, 403, 404],
};

/** Staff of an association: reports are not offered to cooperatives (SPEC 1: the menu entry is for associations). */
async function checkReader(db: Db, caller: Caller): Promise<void> {
  if (caller.kind === 'anonymous') throw unauthorized();
  if (!isStaff(caller)) throw forbidden();
  if ((await readSetting(db, 'orgType')) !== 'association') throw notFound('Os relatórios só existem para associações.');
}

/** GET /reports/{name} for each report, and a clear 400 for a name that is none. */
export function reportRoutes(app: FastifyInstance): void {
  const { db } = app.ctx.database;
  for (const report of REPORTS) {
    app.get(`/reports/${report.name}`, { config: { openapi: docOf(report) } }, async (request: FastifyRequest<{ Querystring: Query }>) => {
      await checkReader(db, request.caller);
      const params = parseReportParams(request.query, app.ctx.now(), report.defaultYears);
      return { data: { ...params, basis: report.basis, ...(await runReport(app.ctx.database, report, params)) } };
    });
  }
  app.get('/reports/:report', { config: { openapi: UNKNOWN_DOC } }, async (request: FastifyRequest<{ Params: { report: string } }>) => {
    await checkReader(db, request.caller);
    throw badRequest(`Relatório desconhecido: "${request.params.report}". Os relatórios são ${REPORT_NAMES.join(', ')}.`);
  });
}
