// Every word of the assemblies' back-office elements (the assembly's manager, the proof of
// convocation), in pt-PT, and the words for the values they show.
import type { AssemblyKind, AssemblyStatus, ConvocationChannel, CustomBase, DeliveryState, ItemMajority, VoteStatus } from '../../core/modules/assemblies.js';

const count = (n: number): string => n.toLocaleString('pt-PT');
const plural = (n: number, one: string, many: string): string => `${count(n)} ${n === 1 ? one : many}`;

export const ASSEMBLY_WORDS = {
  status: { draft: 'Em preparação', convened: 'Convocada', in_session: 'Em curso', closed: 'Encerrada' } satisfies Record<AssemblyStatus, string>,
  kind: { ordinaria: 'Ordinária', extraordinaria: 'Extraordinária' } satisfies Record<AssemblyKind, string>,
  majority: {
    ordinary: 'Maioria absoluta dos presentes',
    statutes: 'Alteração dos estatutos',
    dissolution: 'Dissolução ou prorrogação',
    election: 'Eleição',
    custom: 'Outra maioria',
  } satisfies Record<ItemMajority, string>,
  customBase: { present: 'dos presentes', all: 'de todos os associados', cast: 'dos votos expressos' } satisfies Record<CustomBase, string>,
  voteStatus: { pending: 'Por votar', open: 'Em votação', closed: 'Votado' } satisfies Record<VoteStatus, string>,
  result: { approved: 'Aprovado', rejected: 'Rejeitado' },
  channel: { email: 'E-mail', post: 'Carta' } satisfies Record<ConvocationChannel, string>,
  delivery: { pending: 'Por enviar', sending: 'A enviar', sent: 'Enviada', failed: 'Falhou', printed: 'Impressa' } satisfies Record<DeliveryState, string>,
};

export const MANAGER_TEXTS = {
  status: 'Estado',
  statusLine: (status: string) => `Estado: ${status}`,
  loading: 'A carregar a assembleia…',
  loadFailed: 'Não foi possível abrir esta assembleia.',
  notFound: 'Esta assembleia não existe ou foi apagada.',
  openSession: 'Sessão (presenças e votações)',
  openMinutes: 'Ata da assembleia',

  // Agenda
  agenda: 'Ordem de trabalhos',
  agendaEmpty: 'A ordem de trabalhos ainda não tem pontos. Acrescente pelo menos um antes de enviar a convocatória.',
  agendaEmptyFrozen: 'Esta assembleia não tem pontos na ordem de trabalhos.',
  agendaFrozen: 'A ordem de trabalhos é a que foi convocada: já não pode ser alterada.',
  agendaLoadFailed: 'Não foi possível ler a ordem de trabalhos.',
  point: (position: number) => `Ponto ${position}`,
  add: 'Acrescentar ponto',
  addTitle: 'Novo ponto da ordem de trabalhos',
  editTitle: (position: number) => `Alterar o ponto ${position}`,
  edit: 'Alterar',
  editNamed: (title: string) => `Alterar o ponto «${title}»`,
  up: 'Subir',
  upNamed: (title: string) => `Subir o ponto «${title}»`,
  down: 'Descer',
  downNamed: (title: string) => `Descer o ponto «${title}»`,
  remove: 'Apagar',
  removeNamed: (title: string) => `Apagar o ponto «${title}»`,
  removeTitle: 'Apagar ponto',
  removeConfirm: (title: string) => `Apagar o ponto «${title}» da ordem de trabalhos?`,
  removed: (title: string) => `O ponto «${title}» foi apagado.`,
  added: (title: string) => `O ponto «${title}» foi acrescentado.`,
  saved: (title: string) => `O ponto «${title}» foi guardado.`,
  moved: (title: string, position: number) => `O ponto «${title}» é agora o ponto ${position}.`,
  secretBadge: 'Votação secreta',
  majorityOf: (label: string) => `Maioria: ${label}`,
  customMajority: (num: number, den: number, base: string) => `pelo menos ${num}/${den} ${base}`,

  // Item form
  fieldTitle: 'Título',
  fieldDescription: 'Descrição',
  fieldDescriptionHint: 'O que vai ser apreciado ou votado (opcional; sai no aviso convocatório).',
  fieldMajority: 'Maioria exigida',
  fieldCustom: 'Maioria personalizada',
  fieldCustomNum: 'Numerador',
  fieldCustomDen: 'Denominador',
  fieldCustomBase: 'Sobre',
  fieldCustomHint: 'Aprovado com pelo menos esta fração: por exemplo 2/3 dos presentes.',
  fieldSecret: 'Votação secreta (só se registam os totais)',
  save: 'Guardar ponto',
  create: 'Acrescentar',
  cancel: 'Cancelar',
  titleMissing: 'Indique o título do ponto.',
  customMissing: 'Indique a fração (numerador de 1 a 99, denominador de 2 a 100, maior do que o numerador) e sobre quem se conta.',

  // Results (after the convocation)
  votes: (forCount: number, against: number, abstentions: number) => `A favor: ${count(forCount)} · Contra: ${count(against)} · Abstenções: ${count(abstentions)}`,
  deliberation: 'Deliberação',

  // Convocation
  convocation: 'Convocatória',
  previewLoading: 'A preparar a convocatória…',
  previewFailed: 'Não foi possível preparar a convocatória.',
  lastDay: (day: string, days: number | null) => (days ? `Último dia para enviar a convocatória: ${day} (${plural(days, 'dia', 'dias')} antes da assembleia).` : `Último dia para enviar a convocatória: ${day}.`),
  late: (day: string) => `O último dia para enviar a convocatória foi ${day}: o envio vai ser recusado. Para convocar, mude a data da assembleia.`,
  recipients: (voters: number, emails: number, letters: number) =>
    `Recebem a convocatória ${plural(voters, 'associado', 'associados')} com direito de voto: ${plural(emails, 'por e-mail', 'por e-mail')} e ${plural(letters, 'por carta', 'por carta')}.`,
  missingAddresses: (n: number) =>
    n === 1
      ? 'Um associado recebe a convocatória por carta mas não tem a morada completa: o envio vai ser recusado até a completar (ou indicar um e-mail).'
      : `${count(n)} associados recebem a convocatória por carta mas não têm a morada completa: o envio vai ser recusado até as completar (ou indicar um e-mail).`,
  missingAddress: (name: string, number: number | null, missing: readonly string[]) =>
    `${name}${number === null ? '' : ` (n.º ${number})`}: falta ${missing.length <= 1 ? (missing[0] ?? '') : `${missing.slice(0, -1).join(', ')} e ${missing[missing.length - 1]}`}`,
  noAgenda: 'A convocatória só pode ser enviada com pelo menos um ponto na ordem de trabalhos.',
  noticeText: 'Aviso convocatório',
  send: 'Enviar convocatória',
  sendTitle: 'Enviar a convocatória',
  sendConfirm: (voters: number, emails: number, letters: number) =>
    `Vai enviar a convocatória a ${plural(voters, 'associado', 'associados')} (${plural(emails, 'e-mail', 'e-mails')} e ${plural(letters, 'carta', 'cartas')} para imprimir). Depois de enviada, a data, o local e a ordem de trabalhos já não podem ser alterados.`,
  sent: 'A convocatória foi enviada. Os e-mails seguem pela caixa de saída; imprima as cartas e guarde a prova de convocação.',
  convenedAt: (when: string) => `Convocatória enviada em ${when}.`,
  sentTo: (voters: number, emails: number, letters: number) => `Enviada a ${plural(voters, 'associado', 'associados')}: ${plural(emails, 'por e-mail', 'por e-mail')} e ${plural(letters, 'por carta', 'por carta')}.`,
  convenedOn: (day: string) => `Último dia legal de envio: ${day}.`,
  letters: 'Cartas para imprimir (PDF)',
  proof: 'Prova de convocação',
  pdfFailed: 'Não foi possível abrir o PDF.',
};

export const PROOF_TEXTS = {
  loading: 'A carregar a prova de convocação…',
  failed: 'Não foi possível ler a prova de convocação.',
  notConvened: 'Esta assembleia ainda não foi convocada: a prova existe depois de enviar a convocatória.',
  back: 'Voltar à assembleia',
  pdf: 'Descarregar a prova em PDF',
  assembly: 'Assembleia',
  assemblyDate: 'Data da assembleia',
  convenedAt: 'Convocatória enviada em',
  convenedBy: 'Enviada por',
  lastNoticeDay: 'Último dia legal de envio',
  caption: 'Convocatórias enviadas, uma por associado',
  columns: { number: 'N.º', name: 'Nome', channel: 'Canal', recipient: 'Destinatário', sentAt: 'Enviada em', delivery: 'Estado da entrega' },
  letterToPrint: 'Por imprimir',
  printed: (when: string, letters: number | null) => (letters === null ? `Cartas impressas em ${when}.` : `Lote de ${plural(letters, 'carta impressa', 'cartas impressas')} em ${when}.`),
  notPrinted: 'As cartas ainda não foram impressas.',
  noLetters: 'Nenhum associado recebe a convocatória por carta.',
  totals: (rows: number, emails: number, letters: number) => `${plural(rows, 'convocatória', 'convocatórias')}: ${plural(emails, 'por e-mail', 'por e-mail')} e ${plural(letters, 'por carta', 'por carta')}.`,
  deliveryTotals: (sent: number, failed: number, pending: number) => `E-mails: ${plural(sent, 'enviado', 'enviados')}, ${plural(failed, 'falhou', 'falharam')}, ${plural(pending, 'por enviar', 'por enviar')}.`,
  empty: 'Não há convocatórias registadas.',
};

const LONG_DAY = new Intl.DateTimeFormat('pt-PT', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const SHORT_DAY = new Intl.DateTimeFormat('pt-PT', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
const MOMENT = new Intl.DateTimeFormat('pt-PT', { timeZone: 'Europe/Lisbon', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A calendar day ('YYYY-MM-DD') read out: 'sexta-feira, 13 de março de 2026'. */
export function dayInWords(iso: string | null | undefined): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}/.test(iso)) return iso ?? '';
  return LONG_DAY.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}

/** A calendar day as written in Portugal: '13/03/2026'. */
export function shortDay(iso: string | null | undefined): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}/.test(iso)) return iso ?? '';
  return SHORT_DAY.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}

/** An instant as read in Lisbon: '13/03/2026, 10:05'. */
export function moment(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : MOMENT.format(d);
}
