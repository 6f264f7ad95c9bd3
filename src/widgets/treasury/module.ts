// Treasury documents (when the setting hasTreasury is on): the list, a new document, many
// receipts at once, one document (SPEC 2 spells '/tesoouraria/{id}' with a double 'o': kept
// exactly so), and the treasury's settings.
import { defineClientModule } from '../../core/client-module.js';
import { STAFF_ROLES } from '../../core/index.js';

export const TREASURY_MODULE = defineClientModule({
  name: 'treasury',
  enabledBy: 'hasTreasury',
  offMessage: 'A tesouraria está desativada. Um administrador pode ativá-la na Configuração de Tesouraria.',
  routes: () => [
    { name: 'treasuryDocList', path: '/tesouraria', title: 'Tesouraria', access: STAFF_ROLES },
    { name: 'treasuryDocsNew', path: '/tesouraria/novo', title: 'Novo Documento de Tesouraria', access: STAFF_ROLES },
    { name: 'treasuryDocsMultiple', path: '/tesouraria/multiplos', title: 'Vários Documentos de Tesouraria', access: STAFF_ROLES },
    { name: 'treasuryDocsEdit', path: '/tesoouraria/:id', title: 'Documento de Tesouraria', access: STAFF_ROLES },
    // The treasury's settings, then (while it is on) each series' next number; the page stays open while it is off, to turn it on.
    {
      name: 'treasurySettings',
      path: '/configuracaoTesouraria',
      title: 'Configuração de Tesouraria',
      access: STAFF_ROLES,
      settings: true,
      openWhenOff: true,
      page: {
        parts: [
          { element: 'associa-settings-form', attrs: { page: 'treasury' } },
          { element: 'associa-treasury-series', when: (page) => page.setting('hasTreasury') === 'true' },
        ],
      },
    },
  ],
  menu: [{ order: 50, key: 'treasury', label: 'Tesouraria', route: 'treasuryDocList' }],
  settings: [{ order: 70, route: 'treasurySettings', label: 'Tesouraria' }],
});
