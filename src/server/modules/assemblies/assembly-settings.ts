// The assemblies module's settings: the switch, and the statutes' figures a general assembly
// follows (notice, second call, who votes, representation, minutes). Defaults that the law sets
// differently for associations and cooperatives follow the organisation's type.
import type { SettingDeclaration } from '../../settings/declaration.js';
import { DEFAULT_NOTICE_TEMPLATE, NOTICE_MARKERS, noticeTemplateProblem } from './convocation/notice.js';

const PAGE = 'assemblies';

export const ASSEMBLY_SETTINGS = [
  {
    name: 'hasAssemblies', kind: 'boolean', label: 'Ativar as assembleias gerais',
    hint: 'Mostra o menu de assembleias: convocatória, presenças e quórum, votações e atas.',
    default: 'false', page: PAGE, readers: 'public',
  },
  {
    name: 'assemblyNoticeDays', kind: 'integer', label: 'Antecedência mínima da convocatória (dias)',
    hint: 'A lei fixa o mínimo (8 dias nas associações, 15 nas cooperativas); os estatutos podem pedir mais, nunca menos.',
    min: 8, max: 90, default: (orgType) => (orgType === 'cooperative' ? '15' : '8'), page: PAGE, readers: 'authenticated',
  },
  {
    name: 'assemblyChannel', kind: 'enum', label: 'Envio da convocatória',
    options: [
      { value: 'email', label: 'E-mail a quem o tem e carta aos outros' },
      { value: 'post', label: 'Carta a todos' },
    ],
    default: 'email', page: PAGE, readers: 'authenticated',
  },
  { name: 'assemblyChairName', kind: 'text', label: 'Presidente da Mesa da Assembleia Geral', hint: 'Assina a convocatória e a ata.', maxLength: 200, default: '', page: PAGE, readers: 'authenticated' },
  {
    name: 'assemblySecondCallMinutes', kind: 'integer', label: 'Segunda convocatória: minutos depois da primeira',
    min: 0, max: 1440, default: (orgType) => (orgType === 'cooperative' ? '60' : '30'), page: PAGE, readers: 'authenticated',
  },
  {
    name: 'assemblySecondCallRule', kind: 'enum', label: 'Segunda convocatória: quórum',
    options: [
      { value: 'any', label: 'Com qualquer número de associados' },
      { value: 'minimum', label: 'Com um número mínimo de associados' },
    ],
    default: 'any', page: PAGE, readers: 'authenticated',
  },
  { name: 'assemblySecondCallMinimum', kind: 'integer', label: 'Segunda convocatória: número mínimo de presentes', min: 1, max: 100000, default: '1', page: PAGE, readers: 'authenticated' },
  {
    name: 'assemblyVoters', kind: 'enum', label: 'Quem pode votar',
    options: [
      { value: 'all', label: 'Todos os associados' },
      { value: 'full_rights', label: 'Só os associados no pleno gozo dos seus direitos (quotas em dia na data de referência)' },
    ],
    default: 'full_rights', page: PAGE, readers: 'authenticated',
  },
  {
    name: 'assemblyMinMembershipMonths', kind: 'integer', label: 'Antiguidade mínima para votar (meses)',
    hint: 'Contada da data de admissão até à data de referência; 0: sem mínimo.', min: 0, max: 240, default: '0', page: PAGE, readers: 'authenticated',
  },
  {
    name: 'assemblyAbstentions', kind: 'enum', label: 'Abstenções',
    options: [
      { value: 'present', label: 'Contam entre os presentes (a maioria conta-se sobre os presentes com direito a voto)' },
      { value: 'cast', label: 'Não contam (a maioria conta-se sobre os votos a favor e contra)' },
    ],
    default: 'present', page: PAGE, readers: 'authenticated',
  },
  {
    name: 'assemblyProxies', kind: 'boolean', label: 'Permitir a representação por outro associado',
    hint: 'Nas associações o direito de voto é pessoal (Código Civil, art. 180.º), salvo se os estatutos o permitirem.',
    default: 'false', page: PAGE, readers: 'authenticated',
  },
  { name: 'assemblyProxyMax', kind: 'integer', label: 'Representados por associado (máximo)', min: 1, max: 20, default: '1', page: PAGE, readers: 'authenticated' },
  {
    name: 'assemblyPublishMinutes', kind: 'boolean', label: 'Publicar as atas aos associados',
    hint: 'A ata final fica visível na página de cada associado.', default: 'false', page: PAGE, readers: 'authenticated',
  },
  {
    name: 'assemblyNoticeTemplate', kind: 'text', label: 'Texto da convocatória',
    hint: `Marcadores: ${NOTICE_MARKERS.map((p) => `{{${p}}}`).join(', ')}.`,
    maxLength: 4000, default: DEFAULT_NOTICE_TEMPLATE, check: noticeTemplateProblem, page: PAGE, readers: 'authenticated',
  },
] as const satisfies readonly SettingDeclaration[];
