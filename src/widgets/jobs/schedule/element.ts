import { defineElement } from '../../kit/define-element.js';
import { JobSchedule } from './schedule.js';

/**
 * `<associa-job-schedule>`: for administrators, the background jobs' schedule (GET
 * jobs/schedule): each job a module declares with its timing (or "Só a pedido", or why its
 * timing is wrong), next run and latest run with its error; read again whenever a job changes.
 * The runs themselves are the jobs resource's list (`<associa-resource-list resource="jobs">`).
 * No attributes besides `api`.
 */
export const JobScheduleElement = defineElement('associa-job-schedule', JobSchedule, { attributes: {} });
