// The notice (aviso convocatório) as text: the settings' template with its placeholders filled
// from the assembly, its agenda and the statutes' second-call figures. Pure: no database.
import type { NameArticle, OrgType } from '../../../../core/contract.js';
import { contractBeforePlaceholder } from '../../../../core/organisation-name.js';

/** The template's placeholders, written {{name}}. */
export const NOTICE_MARKERS = ['organizacao', 'tipo', 'data', 'hora', 'local', 'ordem_do_dia', 'segunda_convocatoria', 'presidente'] as const;
export type NoticeValues = Record<(typeof NOTICE_MARKERS)[number], string>;

/**
 * The default notice: the law's contents (day, time, place, agenda: Código Civil art. 174.º),
 * the second call as the statutes set it, and the chair's signature. The date is written with
 * its weekday ("sábado, 12 de dezembro de 2026"), so the sentence takes it without a preposition.
 */
export const DEFAULT_NOTICE_TEMPLATE =
  'Nos termos dos estatutos e da lei, convoco os associados de {{organizacao}} para a assembleia geral {{tipo}}, ' +
  'a realizar {{data}}, às {{hora}}, em {{local}}, com a seguinte ordem de trabalhos:\n\n' +
  '{{ordem_do_dia}}\n\n{{segunda_convocatoria}}\n\n' +
  'O Presidente da Mesa da Assembleia Geral,\n{{presidente}}';

const MARKER = /\{\{\s*([^{}\s]{1,40})\s*\}\}/g;

/** Why a template cannot be kept (an unknown placeholder would be sent as is), or null: a setting's check. */
export function noticeTemplateProblem(template: string): string | null {
  const unknown = [...template.matchAll(MARKER)].map((m) => m[1]!).filter((name) => !(NOTICE_MARKERS as readonly string[]).includes(name));
  if (unknown.length === 0) return null;
  return `Marcador desconhecido: {{${unknown[0]!}}}. Use só ${NOTICE_MARKERS.map((p) => `{{${p}}}`).join(', ')}.`;
}

/** The template filled; with the organisation's article, "de {{organizacao}}" reads "da Associação…". */
export function fillNotice(template: string, values: NoticeValues, article: NameArticle): string {
  // The contraction rewrites "de {organizacao}" before a placeholder; ours has double braces.
  const contracted = contractBeforePlaceholder(template, '{organizacao}', article);
  const filled = contracted.replace(MARKER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name as keyof NoticeValues] : whole));
  // A placeholder filled with nothing (no second call, no chair yet) leaves no run of blank lines.
  return filled.replace(/\n{3,}/g, '\n\n').trim();
}

const LONG_DAY = new Intl.DateTimeFormat('pt-PT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-12-12' as "sábado, 12 de dezembro de 2026" (a calendar day: no time zone shifts it). */
export const dayInWords = (day: string): string => LONG_DAY.format(new Date(`${day}T12:00:00Z`));

/** '2026-12-12' as '12/12/2026'. */
export const dayNumeric = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** A delay in words: 30 "meia hora", 60 "uma hora", 90 "uma hora e meia", 45 "45 minutos". */
export function delayInWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourWords = hours === 1 ? 'uma hora' : hours === 2 ? 'duas horas' : `${hours} horas`;
  const restWords = rest === 1 ? '1 minuto' : `${rest} minutos`;
  if (hours === 0) return rest === 30 ? 'meia hora' : restWords;
  if (rest === 0) return hourWords;
  return rest === 30 ? `${hourWords} e meia` : `${hourWords} e ${restWords}`;
}

export interface SecondCall {
  orgType: OrgType;
  minutes: number;
  rule: 'any' | 'minimum';
  minimum: number;
}

/** The second call as the notice states it, e.g. "… a assembleia reunirá meia hora depois, com qualquer número de presenças." */
export function secondCallSentence({ orgType, minutes, rule, minimum }: SecondCall): string {
  const people = orgType === 'cooperative' ? ['cooperador', 'cooperadores'] : ['associado', 'associados'];
  const when = minutes <= 0 ? 'de imediato' : `${delayInWords(minutes)} depois`;
  const quorum = rule === 'minimum' ? `desde que estejam presentes pelo menos ${minimum} ${minimum === 1 ? people[0] : people[1]}` : 'com qualquer número de presenças';
  return `Se à hora marcada não estiver presente o número legal de ${people[1]}, a assembleia reunirá ${when}, ${quorum}.`;
}

/** Where the assembly meets: the place, the online meeting's address, or both. */
export function placeInWords(place: string, link: string): string {
  if (place && link) return `${place}, com participação também em linha no endereço ${link}`;
  if (link) return `reunião em linha, no endereço ${link}`;
  return place;
}

/** The agenda as numbered lines, in order. */
export const agendaLines = (titles: readonly string[]): string => titles.map((title, index) => `${index + 1}. ${title.trim()}`).join('\n');
