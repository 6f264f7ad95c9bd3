import { STAFF_ROLES } from '../../../../core/contract.js';
import { lisbonDay } from '../../../../core/days.js';
import type { Row } from '../../../db/database.js';
import { defineResource } from '../../../resources/define.js';

const REQUEST_KINDS = [
  { value: 'acesso', label: 'Acesso' },
  { value: 'retificacao', label: 'Retificação' },
  { value: 'apagamento', label: 'Apagamento' },
  { value: 'limitacao', label: 'Limitação do tratamento' },
  { value: 'portabilidade', label: 'Portabilidade' },
  { value: 'oposicao', label: 'Oposição' },
] as const;

const REQUEST_STATUSES = [
  { value: 'aberto', label: 'Aberto' },
  { value: 'respondido', label: 'Respondido' },
  { value: 'recusado', label: 'Recusado' },
] as const;

/**
 * The answer is due one month after the request was received (RGPD art. 12.3): the same day of
 * the next month, or that month's last day when it has no such day (31 January → 28 February).
 */
export function answerDueOn(received: string): string {
  const [year, month, day] = received.split('-').map(Number) as [number, number, number];
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const lastDay = new Date(Date.UTC(nextYear, nextMonth, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${nextYear}-${pad(nextMonth)}-${pad(Math.min(day, lastDay))}`;
}

const isClosed = (status: unknown) => status === 'respondido' || status === 'recusado';
const valueOf = (values: Row, existing: Row | undefined, name: string): unknown => (Object.hasOwn(values, name) ? values[name] : existing?.[name]);

/**
 * The register of data-subject requests (RGPD arts. 15–21): who asked what and when, when the
 * answer is due, and how and by whom it was answered. An erasure names the request it honoured
 * (member_erasures.request); the row itself stays, its requester's name anonymised with the rest.
 */
export const dataSubjectRequests = defineResource({
  name: 'data_subject_requests',
  label: 'Pedidos de titulares',
  labelSingular: 'Pedido de titular',
  defaultSort: '-received_on',
  access: {
    list: [...STAFF_ROLES, 'own'],
    read: [...STAFF_ROLES, 'own'],
    create: STAFF_ROLES,
    update: STAFF_ROLES,
    delete: ['admin'],
  },
  // A member reads the requests made about them (also in their data export).
  scope: { column: 'member', equals: 'callerMember' },
  fields: [
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', group: 'Titular', filterable: true, searchable: true },
    { name: 'requester_name', type: 'string', label: 'Nome de quem pede', group: 'Titular', validation: { required: true, minLength: 2, maxLength: 200 }, sortable: true, searchable: true },
    { name: 'requester_contact', type: 'string', label: 'Contacto de quem pede', group: 'Titular', validation: { maxLength: 254 } },
    { name: 'kind', type: 'enum', label: 'Direito exercido', group: 'Pedido', options: REQUEST_KINDS, validation: { required: true }, sortable: true, filterable: true },
    { name: 'received_on', type: 'date', label: 'Recebido em', group: 'Pedido', sortable: true, filterable: true },
    { name: 'due_on', type: 'date', label: 'Responder até', group: 'Pedido', readOnly: true, sortable: true, filterable: true },
    { name: 'status', type: 'enum', label: 'Estado', group: 'Resposta', options: REQUEST_STATUSES, sortable: true, filterable: true, defaultValue: () => 'aberto' },
    { name: 'answered_on', type: 'date', label: 'Respondido em', group: 'Resposta', sortable: true },
    { name: 'answer', type: 'text', label: 'Resposta', group: 'Resposta' },
    { name: 'handled_by', type: 'reference', ref: 'users', label: 'Tratado por', group: 'Resposta', readOnly: true },
  ],
  hooks: {
    async validate(_hook, values, existing): Promise<Record<string, string>> {
      const errors: Record<string, string> = {};
      const status = valueOf(values, existing, 'status');
      const answer = valueOf(values, existing, 'answer');
      if (isClosed(status) && (typeof answer !== 'string' || answer.trim() === '')) errors.answer = 'Escreva a resposta dada (ou o motivo da recusa) antes de fechar o pedido.';
      // A new request left without a day was received today (beforeWrite); a stored one keeps a day.
      if (existing && Object.hasOwn(values, 'received_on') && (values.received_on === null || values.received_on === '')) errors.received_on = 'Indique o dia em que o pedido foi recebido.';
      const received = valueOf(values, existing, 'received_on');
      const answered = valueOf(values, existing, 'answered_on');
      if (typeof received === 'string' && typeof answered === 'string' && answered < received) errors.answered_on = 'A resposta não pode ser anterior à receção do pedido.';
      return errors;
    },
    // Its return type written out: inferred, it would depend on hook.db, whose tables come from this definition.
    async beforeWrite(hook, values, existing): Promise<void> {
      const today = lisbonDay(hook.ctx.now());
      if (!existing && (values.received_on === undefined || values.received_on === null)) values.received_on = today;
      const received = valueOf(values, existing, 'received_on');
      if (typeof received === 'string') values.due_on = answerDueOn(received);
      const closing = isClosed(valueOf(values, existing, 'status')) && !isClosed(existing?.status);
      if (closing) {
        if (valueOf(values, existing, 'answered_on') === null || valueOf(values, existing, 'answered_on') === undefined) values.answered_on = today;
        if (hook.caller.kind === 'user') values.handled_by = hook.caller.id;
      }
    },
  },
});
