// The minutes' first draft, written from what the assembly recorded: staff then edit it freely
// until it is made final. Plain text, so the PDF, the form and the member all read the same words.
import { withPreposition } from '../../../../core/organisation-name.js';
import type { Db, Row } from '../../../db/database.js';
import { readSettings } from '../../../settings/read.js';
import { readOrganisationName } from '../../../settings/organisation-name.js';
import { lisbonInstant } from '../../../../core/days.js';
import { assemblyCounts, type AssemblyCounts } from '../voting-rights.js';

/** The header line every draft opens with; the number is written in when the minutes are made final. */
export const MINUTES_NUMBER_PLACEHOLDER = 'Ata n.º __';

const LONG_DATE = new Intl.DateTimeFormat('pt-PT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-03-15' -> '15 de março de 2026'. */
const longDate = (iso: string): string => LONG_DATE.format(new Date(`${iso}T12:00:00Z`));

const KIND_WORDS: Record<string, string> = { ordinaria: 'ordinária', extraordinaria: 'extraordinária' };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function whereHeld(assembly: Row): string {
  const place = String(assembly.place ?? '').trim();
  const link = String(assembly.online_link ?? '').trim();
  if (place && link) return `em ${place} e por meios telemáticos (${link})`;
  if (place) return `em ${place}`;
  return `por meios telemáticos (${link})`;
}

function voteLine(item: Row): string {
  if (item.vote_status !== 'closed') return 'Votação: este ponto não foi votado.';
  const figures = `a favor ${Number(item.votes_for ?? 0)}, contra ${Number(item.votes_against ?? 0)}, abstenções ${Number(item.abstentions ?? 0)}`;
  const secret = item.secret ? ' Votação por escrutínio secreto.' : '';
  const result = String(item.result_text ?? '').trim();
  return `Votação: ${figures}.${secret}${result ? ` ${result}` : ''}`;
}

/**
 * The figures the minutes record: the first call's when its quorum was met by everyone the door
 * registered, else the second call's. The door does not say who came after the first call's time,
 * so staff correct the text when the first call fell short only for want of latecomers.
 */
async function heldCounts(db: Db, assembly: Row): Promise<AssemblyCounts> {
  const first = await assemblyCounts(db, assembly, lisbonInstant(String(assembly.date), String(assembly.time)));
  return first.quorum.met ? first : assemblyCounts(db, assembly, Date.parse(first.secondCallAt));
}

/** The draft minutes of `assembly`: header, table, call, attendance and quorum, then each agenda item with its deliberation and vote. */
export async function draftMinutesText(db: Db, assembly: Row): Promise<string> {
  const { assemblyChairName } = await readSettings(db, ['assemblyChairName']);
  const organisation = await readOrganisationName(db);
  const counts = await heldCounts(db, assembly);
  const items = await db.selectFrom('assembly_items').selectAll().where('assembly', '=', Number(assembly._id)).orderBy('position').orderBy('_id').execute();
  const chair = assemblyChairName.trim();
  const kind = KIND_WORDS[String(assembly.kind)] ?? String(assembly.kind);
  const call = counts.call === 'second' ? 'segunda' : 'primeira';

  const lines: string[] = [MINUTES_NUMBER_PLACEHOLDER, '', String(assembly.title), ''];
  lines.push(
    `Aos ${longDate(String(assembly.date))}, pelas ${String(assembly.time)}, reuniu ${whereHeld(assembly)}, a assembleia geral ${kind} ${withPreposition('de', organisation.name, organisation.article)}, ` +
      `em ${call} convocatória, sob a presidência de ${chair || '__________'}, Presidente da Mesa da Assembleia Geral.`,
  );
  lines.push('');
  lines.push(
    `Presenças: dos ${plural(counts.associates, 'associado', 'associados')}, ${counts.eligible} com direito a voto na data de referência, ` +
      `estiveram presentes ${counts.present} e representados ${counts.represented}, contando ${plural(counts.counted, 'associado', 'associados')} com direito a voto.`,
  );
  lines.push(`Quórum: ${counts.quorum.text}`);
  lines.push('');
  lines.push('Ordem de trabalhos:');
  items.forEach((item, index) => lines.push(`${index + 1}. ${String(item.title)}`));
  for (const [index, item] of items.entries()) {
    lines.push('', `Ponto ${index + 1}. ${String(item.title)}`);
    const deliberation = String(item.deliberation ?? '').trim();
    lines.push(`Deliberação: ${deliberation || '__________'}`);
    lines.push(voteLine(item));
  }
  lines.push('');
  lines.push(
    'Nada mais havendo a tratar, o Presidente da Mesa encerrou a sessão, da qual se lavrou a presente ata que, depois de lida e aprovada, vai ser assinada nos termos dos estatutos.',
  );
  lines.push('', 'O Presidente da Mesa da Assembleia Geral', chair || '__________');
  return lines.join('\n');
}
