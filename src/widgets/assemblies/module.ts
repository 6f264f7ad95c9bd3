// General assemblies (when the setting hasAssemblies is on): the list, a new assembly, one
// assembly with its agenda and convocation, its session (attendance, quorum and votes), its
// minutes, the proof of its convocation, and the assemblies' settings.
import { defineClientModule } from '../../core/client-module.js';
import { STAFF_ROLES } from '../../core/index.js';

const ASSEMBLIES = 'assemblies';
/**
 * What staff write on an assembly. The rest of its record (status, convocation, session and
 * minutes) is shown and changed by the manager, the session and the minutes page: as bare inputs
 * on the form it read as editable dates and a second, out-of-place minutes text.
 */
const WRITTEN = 'kind,title,date,time,place,online_link,second_call_minutes,cutoff_date';

export const ASSEMBLIES_MODULE = defineClientModule({
  name: 'assemblies',
  enabledBy: 'hasAssemblies',
  offMessage: 'O módulo de assembleias está desligado. Ative-o em Configuração › Assembleias.',
  routes: () => [
    {
      name: 'assembliesList',
      path: '/assembleias',
      title: 'Assembleias',
      access: STAFF_ROLES,
      page: {
        served: ASSEMBLIES,
        action: { route: 'assembliesNew', label: 'Nova assembleia', when: { resource: ASSEMBLIES, operation: 'create' } },
        parts: [
          {
            list: ASSEMBLIES,
            columns: 'date,time,title,kind,status',
            edit: 'assembliesEdit',
            // The next (or last) assembly first.
            sort: '-date',
            empty: {
              message: 'Ainda não há assembleias. Crie a próxima assembleia geral: a data, o local e a ordem de trabalhos; depois envie a convocatória.',
              actions: [
                { route: 'assembliesNew', label: 'Nova assembleia', when: { resource: ASSEMBLIES, operation: 'create' } },
                { route: 'assemblySettings', label: 'Configuração das assembleias' },
              ],
            },
          },
        ],
      },
    },
    {
      name: 'assembliesNew',
      path: '/assembleias/nova',
      title: 'Nova Assembleia',
      access: STAFF_ROLES,
      page: { served: ASSEMBLIES, parts: [{ form: ASSEMBLIES, edit: 'assembliesEdit', back: 'assembliesList', attrs: { fields: WRITTEN } }] },
    },
    // The assembly's data, then its agenda and convocation (and, once convened, the ways to its session, minutes and proof).
    {
      name: 'assembliesEdit',
      path: '/assembleias/:id',
      title: 'Assembleia',
      access: STAFF_ROLES,
      page: {
        served: ASSEMBLIES,
        parts: [
          // The notice's text may be written by hand while the assembly is in preparation.
          { form: ASSEMBLIES, back: 'assembliesList', attrs: { fields: `${WRITTEN},notice_text` } },
          {
            element: 'associa-assembly-manager',
            attrs: ({ params, pattern }) => ({
              'assembly-id': params.id,
              'session-path': pattern('assemblySession'),
              'minutes-path': pattern('assemblyMinutes'),
              'proof-path': pattern('assemblyProof'),
            }),
          },
        ],
      },
    },
    {
      name: 'assemblySession',
      path: '/assembleias/:id/sessao',
      title: 'Sessão da Assembleia',
      access: STAFF_ROLES,
      page: {
        served: ASSEMBLIES,
        parts: [
          {
            element: 'associa-assembly-session',
            panel: false,
            attrs: ({ params, pattern }) => ({ 'assembly-id': params.id, 'assembly-path': pattern('assembliesEdit'), 'minutes-path': pattern('assemblyMinutes') }),
          },
        ],
      },
    },
    {
      name: 'assemblyMinutes',
      path: '/assembleias/:id/ata',
      title: 'Ata da Assembleia',
      access: STAFF_ROLES,
      page: {
        served: ASSEMBLIES,
        parts: [{ element: 'associa-assembly-minutes', attrs: ({ params, pattern }) => ({ 'assembly-id': params.id, 'back-path': pattern('assembliesEdit') }) }],
      },
    },
    {
      name: 'assemblyProof',
      path: '/assembleias/:id/prova',
      title: 'Prova de Convocação',
      access: STAFF_ROLES,
      page: {
        served: ASSEMBLIES,
        parts: [{ element: 'associa-assembly-proof', attrs: ({ params, pattern }) => ({ 'assembly-id': params.id, 'assembly-path': pattern('assembliesEdit') }) }],
      },
    },
    // Open while the module is off: this is where it is turned on.
    {
      name: 'assemblySettings',
      path: '/configuracaoAssembleias',
      title: 'Configuração de Assembleias',
      access: STAFF_ROLES,
      settings: true,
      openWhenOff: true,
      page: { parts: [{ element: 'associa-settings-form', attrs: { page: 'assemblies' } }] },
    },
  ],
  menu: [{ order: 45, key: 'assemblies', label: 'Assembleias', route: 'assembliesList' }],
  settings: [{ order: 45, route: 'assemblySettings', label: 'Assembleias' }],
});
