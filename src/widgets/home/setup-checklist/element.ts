import { defineElement } from '../../kit/define-element.js';
import { SetupChecklist } from './setup-checklist.js';

/**
 * `<associa-setup-checklist paths='{"feeSettings": "/configuracaoQuotas", …}' always="true">`: for
 * administrators of a production start, the first-run checklist (GET /api/setup, decision 0049):
 * identity and logo, this year's fees, e-mail with a test message, how members pay with a test
 * of the provider, the first members, backups. Each step can be left for later (setting
 * setupSkipped) and taken up again. Without `always` it shows nothing once every step is done
 * or skipped, nor in test mode, nor to anyone but an administrator. `paths` (JSON) names the
 * pages its links lead to. Events out: `associa-navigate`.
 */
export const SetupChecklistElement = defineElement('associa-setup-checklist', SetupChecklist, { attributes: { paths: 'string', always: 'boolean' } });
