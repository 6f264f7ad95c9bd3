import type { Db, Row } from '../../../db/database.js';
import { readOrganisationName } from '../../../settings/organisation-name.js';
import { readSettings } from '../../../settings/read.js';
import { agendaLines, dayInWords, dayNumeric, fillNotice, placeInWords, secondCallSentence } from './notice.js';

const KIND_WORDS: Readonly<Record<string, string>> = { ordinaria: 'ordinária', extraordinaria: 'extraordinária' };
const KIND_TITLES: Readonly<Record<string, string>> = { ordinaria: 'Ordinária', extraordinaria: 'Extraordinária' };

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value).trim());

/** The agenda's titles in their order. */
async function agendaTitles(db: Db, assembly: number): Promise<string[]> {
  const items = await db.selectFrom('assembly_items').select(['title']).where('assembly', '=', assembly).orderBy('position').orderBy('_id').execute();
  return items.map((item) => String(item.title));
}

/**
 * The notice for this assembly from `template` (the settings' unless given): its placeholders
 * filled with the assembly, its agenda and the statutes' second call as they stand now.
 */
export async function composeNotice(db: Db, assembly: Row, template?: string): Promise<string> {
  const settings = await readSettings(db, ['orgType', 'assemblyNoticeTemplate', 'assemblyChairName', 'assemblySecondCallMinutes', 'assemblySecondCallRule', 'assemblySecondCallMinimum']);
  const organisation = await readOrganisationName(db);
  const minutes = assembly.second_call_minutes === null || assembly.second_call_minutes === undefined ? settings.assemblySecondCallMinutes : Number(assembly.second_call_minutes);
  return fillNotice(
    template ?? settings.assemblyNoticeTemplate,
    {
      organizacao: organisation.name,
      tipo: KIND_WORDS[String(assembly.kind)] ?? text(assembly.kind),
      data: dayInWords(String(assembly.date)),
      hora: text(assembly.time),
      local: placeInWords(text(assembly.place), text(assembly.online_link)),
      ordem_do_dia: agendaLines(await agendaTitles(db, Number(assembly._id))),
      segunda_convocatoria: secondCallSentence({
        orgType: settings.orgType === 'cooperative' ? 'cooperative' : 'association',
        minutes,
        rule: settings.assemblySecondCallRule === 'minimum' ? 'minimum' : 'any',
        minimum: settings.assemblySecondCallMinimum,
      }),
      presidente: settings.assemblyChairName.trim(),
    },
    organisation.article,
  );
}

/** The notice e-mail's subject: "Convocatória: Assembleia Geral Ordinária — 12/12/2026". */
export const noticeSubject = (assembly: Row): string =>
  `Convocatória: Assembleia Geral ${KIND_TITLES[String(assembly.kind)] ?? text(assembly.kind)} — ${dayNumeric(String(assembly.date))}`;

/**
 * The notice as it goes out: the text staff wrote, else the settings' template, either with its
 * placeholders filled (a text once sent has none left, so it reads back as it was sent).
 */
export const noticeOf = async (db: Db, assembly: Row): Promise<string> => composeNotice(db, assembly, text(assembly.notice_text) || undefined);
