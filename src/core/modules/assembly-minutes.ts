// An assembly's minutes and the members' view of assemblies, as the browser asks for them.
import type { Core } from '../core.js';
import type { QuerySpec } from '../queries.js';
import type { OwnAssembly } from '../assemblies.js';

export type { OwnAssembly };

const ASSEMBLIES = 'assemblies';

/** What the minutes page reads of an assembly (GET assemblies/{id}). */
export interface AssemblyMinutesRecord {
  _id: number;
  title: string;
  kind: string;
  date: string;
  time: string;
  status: 'draft' | 'convened' | 'in_session' | 'closed';
  minutes_text?: string | null;
  minutes_year?: number | null;
  minutes_number?: number | null;
  minutes_final_at?: string | null;
  minutes_sha256?: string | null;
  minutes_published?: boolean | null;
}


export const ASSEMBLY_KIND_LABELS: Readonly<Record<string, string>> = { ordinaria: 'Ordinária', extraordinaria: 'Extraordinária' };

/** The member's assemblies, newest first, read again when an assembly changes. */
export const ownAssembliesQuery: QuerySpec = { path: 'own/assemblies', resources: [ASSEMBLIES] };

/** 'Ata n.º 3/2026'. */
export const minutesNumberText = (record: Pick<AssemblyMinutesRecord, 'minutes_number' | 'minutes_year'>): string | null =>
  record.minutes_number ? `Ata n.º ${record.minutes_number}/${record.minutes_year ?? ''}` : null;

/** Writes the draft minutes from what the assembly recorded (over the text there was). */
export const draftMinutes = (core: Pick<Core, 'queries'>, id: number | string): Promise<AssemblyMinutesRecord> =>
  core.queries.action<AssemblyMinutesRecord>(`${ASSEMBLIES}/${id}/draft_minutes`, {}, { invalidates: [ASSEMBLIES] });

/** Saves the text staff edited (only while the minutes are not final). */
export const saveMinutesText = (core: Pick<Core, 'queries'>, id: number | string, text: string): Promise<AssemblyMinutesRecord> =>
  core.queries.action<AssemblyMinutesRecord>(`${ASSEMBLIES}/${id}`, { minutes_text: text }, { method: 'PATCH', invalidates: [ASSEMBLIES] });

/** Makes the minutes final: numbered, drawn and stored as a PDF with its hash; the assembly closes. */
export const finalizeMinutes = (core: Pick<Core, 'queries'>, id: number | string): Promise<AssemblyMinutesRecord> =>
  core.queries.action<AssemblyMinutesRecord>(`${ASSEMBLIES}/${id}/finalize_minutes`, {}, { invalidates: [ASSEMBLIES] });

/** The final minutes' PDF, for staff. */
export const minutesPdfPath = (core: Pick<Core, 'api'>, id: number | string): string => `${core.api}/${ASSEMBLIES}/${id}/minutes.pdf`;

/** The published minutes' PDF, for a member. */
export const ownMinutesPdfPath = (core: Pick<Core, 'api'>, id: number | string): string => `${core.api}/own/${ASSEMBLIES}/${id}/minutes.pdf`;
