import { defineElement } from '../../kit/define-element.js';
import { AssemblySession } from './session.js';

/**
 * `<associa-assembly-session>`: for staff, a general assembly as it happens. `assembly-id` names
 * the assembly. While it is convened, "Abrir sessão"; once open, the live quorum panel (present,
 * represented, with voting rights, the call in force, quorum met or how many missing, read again
 * on every attendance change over realtime), attendance by card scan, by name and by
 * representation when the settings allow it, the agenda's votes (hands typed or cards scanned
 * into for/against/abstain) with each result, and the sign-in sheet PDF by name or number.
 * `assembly-path` and `minutes-path` ('/assembleias/:id', '/assembleias/:id/ata') link to the
 * assembly's page and its minutes.
 */
export const AssemblySessionElement = defineElement('associa-assembly-session', AssemblySession, { attributes: { assemblyId: 'string', assemblyPath: 'string', minutesPath: 'string' } });
