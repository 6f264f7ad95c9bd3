import { defineElement } from '../../kit/define-element.js';
import { FeeSettings } from './fee-settings.js';

/**
 * `<associa-fee-settings category-path="/configuracaoQuotas/categorias/:id"
 * new-category-path="/configuracaoQuotas/categorias/novo" schedule-path="/configuracaoQuotas/tabelas/:id"
 * new-schedule-path="/configuracaoQuotas/tabelas/novo">`: for staff, the fee categories (by name)
 * and the fee schedules (newest year first), each a generic list whose rows open its path, with
 * its "new" action; beside the schedules, 'Lançar quotas do ano' for callers the server gives
 * the debts' `generate` action (POST unsettled_payments/generate), followed on the `jobs` topic.
 *
 * Events out: `associa-navigate` {path} for the "new" actions (the lists' rows send their own).
 */
export const FeeSettingsElement = defineElement('associa-fee-settings', FeeSettings, {
  attributes: { categoryPath: 'string', newCategoryPath: 'string', schedulePath: 'string', newSchedulePath: 'string' },
});
