// GET /api/overview: the staff home's figures, each counted by the list engine over the list it links to.
import type { FastifyInstance } from 'fastify';
import { lisbonDay } from '../../../core/days.js';
import { isStaff } from '../../auth/caller.js';
import { forbidden, unauthorized } from '../../errors.js';
import { objectSchema, type JsonSchema, type RouteDoc } from '../../openapi/route-doc.js';
import { LIST_ALL, type OverviewFigure, type StaffOverviewAnswer } from '../../../core/contract.js';
import { parseListParams } from '../../resources/list-params.js';
import { listRows } from '../../resources/list-query.js';
import { permission } from '../../resources/permissions.js';
import { readTerminology } from '../../resources/terminology.js';
import { switchedOffResources } from '../module-switch.js';
import { readSetting } from '../../settings/read.js';
import { OVERVIEW_FIGURES, type OverviewFigureDefinition } from './overview-figures.js';

const string = { type: 'string' } as const;
const FIGURE_SCHEMA: JsonSchema = objectSchema({
  key: { ...string, description: 'Nome estável do número' },
  label: { ...string, description: 'O que conta, em português' },
  count: { type: 'integer', description: 'Quantas linhas tem a lista' },
  exact: { type: 'boolean', description: 'Falso quando a lista só estima o total (como meta.exact)' },
  amount: { oneOf: [{ type: 'null' }, objectSchema({ label: string, cents: { type: 'integer', description: 'Cêntimos' } })] },
  aside: { oneOf: [{ type: 'null' }, string], description: 'Uma nota ao número (pagamentos anulados entre os contados)' },
  list: objectSchema({
    resource: { ...string, description: 'O recurso da lista que mostra estas linhas' },
    constraints: { type: 'object', additionalProperties: string, description: 'Os filtros dessa lista (GET /api/{resource}?_{chave}=valor)' },
  }),
});

const OVERVIEW_DOC: RouteDoc = {
  tags: ['Início'],
  summary: 'O que precisa de atenção hoje',
  description:
    'Os números da página inicial da equipa: candidaturas à espera de decisão, sócios em atraso e o total em dívida, pagamentos deste mês e o recebido, ' +
    'mensagens por enviar e que falharam, tarefas em curso. Cada número é o total da lista que o mostra (`list`: o recurso e os filtros), calculado pela ' +
    'mesma consulta dessa lista; só vêm os números das listas que quem pergunta pode ver (tarefas: administradores) e dos módulos ligados. ' +
    'Para administradores e editores (e chaves de API com esses papéis).',
  responses: { 200: { description: 'Os números', schema: objectSchema({ data: objectSchema({ today: { type: 'string', format: 'date' }, figures: { type: 'array', items: FIGURE_SCHEMA } }) }) } },
  errors: [401, 403],
};

/** Routes of the overview: its one read. */
export function overviewRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;
  const { db } = database;

  async function shown(figure: OverviewFigureDefinition, off: Set<string>): Promise<boolean> {
    if (off.has(figure.resource)) return false;
    if (figure.enabledBy && (await readSetting(db, figure.enabledBy)) !== true) return false;
    return true;
  }

  app.get('/overview', { config: { openapi: OVERVIEW_DOC } }, async (request): Promise<{ data: StaffOverviewAnswer }> => {
    const { caller } = request;
    if (caller.kind === 'anonymous') throw unauthorized();
    if (!isStaff(caller)) throw forbidden();
    const now = app.ctx.now();
    const today = lisbonDay(now);
    const words = await readTerminology(db);
    const off = await switchedOffResources(db, app.registry.modules);
    const figures: OverviewFigure[] = [];
    for (const figure of OVERVIEW_FIGURES) {
      const resource = app.registry.resourceByName(figure.resource);
      // Only lists the caller sees whole: the figure is the list's total.
      if (!resource || permission(resource, caller, 'list') !== 'all' || !(await shown(figure, off))) continue;
      const constraints = figure.constraints(today);
      const query = Object.fromEntries(Object.entries(constraints).map(([key, value]) => [`_${key}`, value]));
      // Money is added up over every row of the list; a count alone asks for one row and the list's total.
      const all = figure.amount !== undefined || figure.aside !== undefined;
      const params = parseListParams(resource, { ...query, _limit: String(all ? LIST_ALL : 1) }, now);
      await resource.beforeRead?.(db, now);
      const { rows, total, exact } = await listRows(database, resource, params);
      const amount = figure.amount;
      const asides = figure.aside ? rows.filter((row) => figure.aside!.counts(row)).length : 0;
      figures.push({
        key: figure.key,
        label: figure.label(words),
        count: total,
        exact,
        amount: amount ? { label: amount.label, cents: rows.reduce((sum, row) => sum + (amount.counts?.(row) === false ? 0 : Number(row[amount.field] ?? 0)), 0) } : null,
        aside: figure.aside && asides > 0 ? figure.aside.label(asides) : null,
        list: { resource: figure.resource, constraints },
      });
    }
    return { data: { today, figures } };
  });
}
