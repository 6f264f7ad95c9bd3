// Treasury documents (when the setting hasTreasury is on): the list, a new document, many
// receipts at once, one document (SPEC 2 spells '/tesoouraria/{id}' with a double 'o': kept
// exactly so), and the treasury's settings.
import { defineClientModule } from '../../core/client-module.js';
import { STAFF_ROLES } from '../../core/index.js';

const DOCS = 'treasury_docs';

export const TREASURY_MODULE = defineClientModule({
  name: 'treasury',
  enabledBy: 'hasTreasury',
  offMessage: 'A tesouraria está desativada. Um administrador pode ativá-la na Configuração de Tesouraria.',
  routes: () => [
    // The documents with their filters, the status and download of a selection, the Modelo 25 export.
    {
      name: 'treasuryDocList',
      path: '/tesouraria',
      title: 'Tesouraria',
      access: STAFF_ROLES,
      page: {
        served: DOCS,
        action: { route: 'treasuryDocsNew', when: { resource: DOCS, operation: 'create' } },
        parts: [
          {
            list: DOCS,
            columns: 'number,type,issue_date,payer_name,payer_nif,total,status,annulled_by_doc',
            edit: 'treasuryDocsEdit',
            selectable: true,
            // Newest first: the order documents were numbered in (their number is text, "FR 2025/47").
            sort: '-_id',
            filters: [{ element: 'associa-list-filters', attrs: { resource: DOCS } }, { element: 'associa-treasury-selection' }, { element: 'associa-modelo25' }],
            empty: {
              message: 'Ainda não há documentos. Os recibos são emitidos ao registar pagamentos (se a configuração o pedir) ou aqui, um a um.',
              actions: [
                { route: 'treasuryDocsNew', label: 'Novo documento', when: { resource: DOCS, operation: 'create' } },
                { route: 'treasurySettings', label: 'Configuração da tesouraria' },
              ],
            },
          },
        ],
      },
    },
    // A donation, or a payment's receipt.
    {
      name: 'treasuryDocsNew',
      path: '/tesouraria/novo',
      title: 'Novo Documento de Tesouraria',
      access: STAFF_ROLES,
      page: {
        served: DOCS,
        parts: [
          { element: 'associa-issuer-warning', panel: false, print: false, attrs: ({ path }) => ({ 'settings-path': path('userSettings') }) },
          {
            element: 'associa-new-treasury-doc',
            attrs: ({ path, pattern }) => ({ 'doc-path': pattern('treasuryDocsEdit'), 'new-payment-path': path('paymentsNew'), 'multiple-path': path('treasuryDocsMultiple') }),
          },
        ],
      },
    },
    { name: 'treasuryDocsMultiple', path: '/tesouraria/multiplos', title: 'Vários Documentos de Tesouraria', access: STAFF_ROLES, page: { served: DOCS, parts: [{ element: 'associa-treasury-multiple' }] } },
    // The document as issued, read as a document (no form: nothing of it is edited), with its
    // PDF, status history and annulment. A status control is a part of its own after it.
    {
      name: 'treasuryDocsEdit',
      path: '/tesoouraria/:id',
      title: 'Documento de Tesouraria',
      access: STAFF_ROLES,
      page: {
        served: DOCS,
        parts: [
          {
            element: 'associa-treasury-doc',
            attrs: ({ params, pattern }) => ({ 'doc-id': params.id, 'doc-path': pattern('treasuryDocsEdit'), 'payment-path': pattern('paymentsEdit'), 'member-path': pattern('membersEdit') }),
          },
          // Its status by name, changed or cleared (treasury_docs_statuses/bulk and bulk_delete with its id).
          { element: 'associa-treasury-doc-status', print: false, attrs: ({ params }) => ({ 'doc-id': params.id }) },
        ],
      },
    },
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
          { element: 'associa-issuer-warning', panel: false, print: false, attrs: ({ path }) => ({ 'settings-path': path('userSettings') }) },
          { element: 'associa-settings-form', attrs: { page: 'treasury' } },
          { element: 'associa-treasury-series', when: (page) => page.setting('hasTreasury') === 'true' },
        ],
      },
    },
  ],
  menu: [{ order: 50, key: 'treasury', label: 'Tesouraria', route: 'treasuryDocList' }],
  settings: [{ order: 70, route: 'treasurySettings', label: 'Tesouraria' }],
});
