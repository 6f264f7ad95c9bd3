import { defineModule } from '../define-module.js';
import { linkMail } from '../payment-links/public.js';
import { reminderDecisions } from './decisions.js';
import { approveAction, planAction, planJob, previewAction, sendJob } from './jobs.js';
import { remindersMigration } from './migration.js';
import { notifyAction, notifyJob } from './notify.js';
import { paymentMessages } from './payment-messages.js';
import { paymentMessagesMigration } from './payment-messages-migration.js';
import { REMINDER_SETTINGS } from './reminder-settings.js';
import { reminderMessage } from './reminder-message.js';
import { feeCategoryHooks, reminderStages } from './stages.js';

// Hand-over's e-mail (payment-links) is written by the reminders' composer (payment-links/link-mail-port.ts).
linkMail.provide((ctx, trx, mail) => reminderMessage(ctx, trx, { ...mail, debts: [] }));

/**
 * Staged payment reminders: stages staff define (when, to whom, what), a daily planner that
 * decides what each stage owes to whom, and the log of every decision with its reason. Sending
 * goes through the outbox with a deduplication key, so no reminder is ever sent twice.
 */
export const remindersModule = defineModule({
  name: 'reminders',
  resources: [reminderStages, reminderDecisions, paymentMessages],
  actions: [previewAction, planAction, approveAction, notifyAction],
  jobs: [planJob, sendJob, notifyJob],
  settings: REMINDER_SETTINGS,
  migrations: [remindersMigration, paymentMessagesMigration],
  extends: { fee_categories: feeCategoryHooks },
});
