// Configuração › Dados: the association's data as a whole (administrators only): the whole
// export (decision 0047) and, beside it, the backups' state.
import { defineClientModule } from '../../core/client-module.js';
import { ROLE } from '../../core/index.js';

export const DATA_MODULE = defineClientModule({
  name: 'data',
  routes: () => [
    {
      name: 'dataSettings',
      path: '/configuracao/dados',
      title: 'Dados',
      access: [ROLE.admin],
      settings: true,
      page: {
        parts: [
          { element: 'associa-data-export', section: 'Exportar todos os dados' },
          { element: 'associa-backup-status', section: 'Cópias de segurança' },
          { element: 'associa-settings-form', attrs: { page: 'data' } },
        ],
      },
    },
  ],
  settings: [{ order: 85, route: 'dataSettings', label: 'Dados' }],
});
