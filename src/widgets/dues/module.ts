// The dues: fee categories and yearly fee schedules, under the settings.
import { defineClientModule } from '../../core/client-module.js';
import { STAFF_ROLES } from '../../core/index.js';

const CATEGORIES = 'fee_categories';
const SCHEDULES = 'fee_schedules';

export const DUES_MODULE = defineClientModule({
  name: 'dues',
  routes: () => {
    const staff = { access: STAFF_ROLES, settings: true } as const;
    // A schedule with debts refuses some changes and its deletion (409 in_use): the form shows the server's words.
    const record = (resource: string, edit: string) => ({ served: resource, parts: [{ form: resource, edit, back: 'feeSettings' }] });
    return [
      {
        name: 'feeSettings',
        path: '/configuracaoQuotas',
        title: 'Configuração de Quotas',
        ...staff,
        page: {
          served: SCHEDULES,
          parts: [
            {
              element: 'associa-fee-settings',
              attrs: ({ path, pattern }) => ({
                'category-path': pattern('feeCategoriesEdit'),
                'new-category-path': path('feeCategoriesNew'),
                'schedule-path': pattern('feeSchedulesEdit'),
                'new-schedule-path': path('feeSchedulesNew'),
              }),
            },
          ],
        },
      },
      { name: 'feeCategoriesNew', path: '/configuracaoQuotas/categorias/novo', title: 'Nova Categoria de Quota', ...staff, page: record(CATEGORIES, 'feeCategoriesEdit') },
      { name: 'feeCategoriesEdit', path: '/configuracaoQuotas/categorias/:id', title: 'Categoria de Quota', ...staff, page: record(CATEGORIES, 'feeCategoriesEdit') },
      { name: 'feeSchedulesNew', path: '/configuracaoQuotas/tabelas/novo', title: 'Nova Tabela de Quotas', ...staff, page: record(SCHEDULES, 'feeSchedulesEdit') },
      { name: 'feeSchedulesEdit', path: '/configuracaoQuotas/tabelas/:id', title: 'Tabela de Quotas', ...staff, page: record(SCHEDULES, 'feeSchedulesEdit') },
    ];
  },
  settings: [{ order: 30, route: 'feeSettings', label: 'Quotas' }],
});
